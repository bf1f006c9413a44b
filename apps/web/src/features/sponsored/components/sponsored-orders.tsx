import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { dealMessages, formatCents, formatDollarsWithCents } from '@market/shared';
import { useSearchParams } from 'react-router';
import { type SponsoredOrder, useSponsoredOrders } from '../api/get-sponsored-orders';
import { paidWithLabel } from '../utils/format';
import { SponsoredPayment } from './sponsored-payment';
import { QueryError } from '@/components/ui/query-error';
import { formatDate } from '@/utils/format';

function headlineState(headline: SponsoredOrder['headlines'][number], payable: boolean): string {
  if (!headline.starts_at || !headline.ends_at) return payable ? 'Starts when paid' : 'Not run';
  return headline.running ? `Running until ${formatDate(headline.ends_at)}` : `Ended ${formatDate(headline.ends_at)}`;
}

function OrderCard({ order }: { order: SponsoredOrder }) {
  const headingId = useId();
  const [params] = useSearchParams();
  // Still waiting for its money: the server offers a way to pay it.
  const payable = order.allowed_actions.some((a) => a === 'pay_by_card' || a === 'pay_by_bank_transfer');
  const returned = params.get('paid') === String(order.id) && payable;
  const paidWith = paidWithLabel(order);
  return (
    <Paper component="article" aria-labelledby={headingId} variant="outlined" data-testid={`sponsored-order-${order.id}`}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: 1,
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Box>
          <Typography id={headingId} variant="h6" component="h2">
            Order #{order.id}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDate(order.created_at)} · <span data-testid={`sponsored-order-status-${order.id}`}>{order.status_label}</span>
            {paidWith ? ` · ${paidWith}` : ''}
          </Typography>
        </Box>
        <Typography sx={{ fontWeight: 700 }}>Total {formatCents(order.amount_cents)}</Typography>
      </Box>
      {order.allowed_actions.length > 0 ? (
        <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          {returned ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {dealMessages.cardPaymentReturned}
            </Alert>
          ) : null}
          <SponsoredPayment order={order} />
        </Box>
      ) : null}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {order.headlines.map((headline) => (
          <Box
            component="li"
            key={`${headline.domain_id}-${headline.category}`}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1,
              px: 2,
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
              '&:last-of-type': { borderBottom: 0 },
            }}
          >
            <Link href={`/landing/${headline.domain_id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {headline.domain_name}
            </Link>
            <Chip size="small" variant="outlined" label={headline.category} />
            <Typography variant="body2" color="text.secondary">
              {formatDollarsWithCents(headline.advertisement_price)}
            </Typography>
            <Typography
              variant="body2"
              sx={{ ml: 'auto', fontWeight: 600, color: headline.running ? 'success.dark' : 'text.secondary' }}
            >
              {headlineState(headline, payable)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** "Your orders": past sponsored orders with their headlines, running or ended. */
export function SponsoredOrders() {
  const orders = useSponsoredOrders();
  if (orders.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading your orders" />
      </Box>
    );
  }
  if (orders.isError) {
    return (
      <QueryError error={orders.error} onRetry={() => void orders.refetch()} what="Your orders could not be loaded." />
    );
  }
  if (orders.data.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">You have not ordered any sponsored headlines yet.</Typography>
      </Paper>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {orders.data.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </Box>
  );
}
