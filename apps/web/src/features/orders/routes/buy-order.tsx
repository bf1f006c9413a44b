import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { QueryError } from '@/components/ui/query-error';
import { LeaseOfferPanel } from '@/features/leases';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useOrders } from '../api/get-orders';
import { BuyNowCheckout } from '../components/buy-now-checkout';
import { OrdersTable } from '../components/orders-table';

function OrdersList() {
  const orders = useOrders();
  if (orders.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading your orders" />
      </Box>
    );
  }
  if (orders.isError) return <QueryError error={orders.error} onRetry={() => void orders.refetch()} />;
  return <OrdersTable orders={orders.data} />;
}

/**
 * /buy_order (the Buy Now target): with ?domain_id= the order page for that
 * domain; without it, the user's orders as buyer and as seller.
 */
export default function BuyOrderRoute() {
  const [params] = useSearchParams();
  const raw = params.get('domain_id');
  const domainId = raw !== null && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const title = raw !== null ? 'Buy Now' : 'Your orders';
  useDocumentTitle(title);
  return (
    <PageContainer>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {domainId !== null ? (
        <>
          <BuyNowCheckout domainId={domainId} />
          <LeaseOfferPanel domainId={domainId} blocked={false} />
        </>
      ) : raw !== null ? (
        <Alert severity="warning">
          This domain is not available. <Link href="/sponsored/buy-now" underline="always">See domains you can buy now</Link>.
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Domains you bought or sold, at their Buy Now price or through an accepted offer. Open an order to pay, transfer or confirm.
            Names leased to own are under{' '}
            <Link href="/leases" underline="always">
              your leases
            </Link>
            .
          </Typography>
          <OrdersList />
        </>
      )}
    </PageContainer>
  );
}
