import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { orderFlow } from '@market/shared';
import { useParams } from 'react-router';
import { ItemHeading } from '@/components/ui/item-heading';
import { PageContainer } from '@/components/ui/page-container';
import { QueryError } from '@/components/ui/query-error';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/utils/format';
import { useOrder } from '../api/get-order';
import { OrderFigures } from '../components/order-figures';
import { OrderHistory } from '../components/order-history';
import { SupportContact } from '@/features/contact';
import { OrderNextStep } from '../components/order-next-step';
import { OrderProgress } from '../components/order-progress';
import { parseOrderId } from '../utils';

/** /orders/:id: one deal from payment to payout, with the step each party takes next. */
export default function OrderRoute() {
  const id = parseOrderId(useParams().id);
  const order = useOrder(id);
  useDocumentTitle(order.data ? `Order ${order.data.payment_reference}` : 'Order');

  let body;
  if (id === undefined || (isApiError(order.error) && order.error.status === 404)) {
    body = (
      <Alert severity="warning">
        This order does not exist, or it is not yours. <Link href="/buy_order">See your orders</Link>.
      </Alert>
    );
  } else if (order.isError) {
    body = <QueryError error={order.error} onRetry={() => void order.refetch()} />;
  } else if (order.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading the order" />
      </Box>
    );
  } else {
    const o = order.data;
    const side = o.role === 'buyer' ? `Bought from ${o.seller.first_name} ${o.seller.last_name.slice(0, 1)}.` : o.role === 'seller' ? `Sold to ${o.buyer.first_name} ${o.buyer.last_name.slice(0, 1)}.` : `${o.buyer.first_name} ${o.buyer.last_name} buys from ${o.seller.first_name} ${o.seller.last_name}`;
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
        <ItemHeading title={o.domain_name} status={o.status_label} tone={orderFlow.states[o.status].tone} statusTestId="order-status" />
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Order {o.payment_reference} · {side} · placed {formatDateTime(o.created_at)}
        </Typography>
        <OrderProgress order={o} />
        <Box sx={{ display: 'grid', gap: { xs: 3, md: 6 }, gridTemplateColumns: { xs: 'minmax(0,1fr)', md: 'minmax(0,3fr) minmax(0,2fr)' }, mt: 2 }}>
          <section aria-labelledby="next-step">
            <Typography id="next-step" variant="h6" component="h2" gutterBottom>
              {o.role === 'admin' ? 'Where it stands' : 'Next step'}
            </Typography>
            <OrderNextStep order={o} />
            <SupportContact lead="Questions about this order?" sx={{ mt: 3 }} />
          </section>
          <section aria-labelledby="order-money">
            <Typography id="order-money" variant="h6" component="h2" gutterBottom>
              Money
            </Typography>
            <OrderFigures order={o} />
          </section>
        </Box>
        <OrderHistory order={o} />
      </Paper>
    );
  }
  return (
    <PageContainer>
      <Link href="/buy_order" sx={{ display: 'inline-block', mb: 2 }}>
        ← Your orders
      </Link>
      {body}
    </PageContainer>
  );
}
