import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatCents, siteBrand } from '@market/shared';
import { useParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { QueryError } from '@/components/ui/query-error';
import { SupportContact } from '@/features/contact';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDateTime } from '@/utils/format';
import { useOrder } from '../api/get-order';
import { parseOrderId } from '../utils';

/** /orders/:id/receipt: a printable record of a paid order (parties, amounts, reference, dates). */
export default function OrderReceiptRoute() {
  const id = parseOrderId(useParams().id);
  const order = useOrder(id);
  useDocumentTitle('Receipt');
  if (order.isPending && id !== undefined) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading the receipt" />
      </Box>
    );
  }
  if (id === undefined || !order.data) {
    return (
      <PageContainer>
        <QueryError error={order.error} onRetry={() => void order.refetch()} />
      </PageContainer>
    );
  }
  const o = order.data;
  if (!o.paid_at) {
    return (
      <PageContainer>
        <Alert severity="info">
          A receipt is issued once the order is paid. <Link href={`/orders/${o.id}`}>Back to the order</Link>.
        </Alert>
      </PageContainer>
    );
  }
  const rows: Array<[string, string]> = [
    ['Domain', o.domain_name],
    ['Order reference', o.payment_reference],
    ['Buyer', `${o.buyer.first_name} ${o.buyer.last_name}`],
    ['Seller', `${o.seller.first_name} ${o.seller.last_name}`],
    ['Price', formatCents(o.price_cents)],
    ['Buyer’s half of the 10% commission', formatCents(o.buyer_fee_cents)],
    ['Paid by the buyer', formatCents(o.buyer_total_cents)],
    ['Seller’s half of the commission', formatCents(o.seller_fee_cents)],
    ['Paid to the seller', o.payout_at ? formatCents(o.seller_net_cents) : 'Not yet'],
    ['Ordered', formatDateTime(o.created_at)],
    ['Paid', formatDateTime(o.paid_at)],
    ['Completed', formatDateTime(o.completed_at, 'Not yet')],
    ['Status', o.status_label],
  ];
  if (o.refunded_at) rows.push(['Refunded', formatDateTime(o.refunded_at)]);
  return (
    <PageContainer>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720, mx: 'auto', '@media print': { border: 0, p: 0 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Receipt
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {siteBrand} · order {o.payment_reference}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0,1fr) auto', columnGap: 3, rowGap: 1, mt: 3 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <SupportContact lead="Questions about this receipt?" sx={{ mt: 3 }} />
        <Box sx={{ display: 'flex', gap: 1, mt: 4, '@media print': { display: 'none' } }}>
          <Button variant="contained" onClick={() => window.print()}>
            Print
          </Button>
          <Button href={`/orders/${o.id}`}>Back to the order</Button>
        </Box>
      </Paper>
    </PageContainer>
  );
}
