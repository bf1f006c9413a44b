import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { emptyTableMessage } from '@market/shared';
import { QueryError } from '@/components/ui/query-error';
import { completedSales, SalesTable, useOrders } from '@/features/orders';

/**
 * Below the portfolio: the domains the user sold. A completed sale passes the domain to its
 * buyer, so it leaves the table above and is kept here with its order.
 */
export function SalesSection() {
  const orders = useOrders();
  const sales = completedSales(orders.data ?? []);
  return (
    <Box component="section" aria-labelledby="portfolio-sales" sx={{ mt: { xs: 4, md: 5 } }}>
      <Typography id="portfolio-sales" variant="h5" component="h2" sx={{ mb: 0.5 }}>
        Your sales
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        Domains you sold. Once the sale completes the domain passes to its buyer and leaves your portfolio; its order keeps the receipt.
      </Typography>
      {orders.isPending ? (
        <Skeleton variant="rounded" height={120} aria-label="Loading your sales" />
      ) : orders.isError ? (
        <QueryError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : sales.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, textAlign: 'center' }}>
          <Typography sx={{ fontWeight: 600 }}>{emptyTableMessage}</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            No completed sales yet. A sale completes once the buyer has the domain and we have sent your payout; orders under way are in{' '}
            <Link href="/buy_order" underline="always">
              your orders
            </Link>
            .
          </Typography>
        </Paper>
      ) : (
        <SalesTable orders={sales} />
      )}
    </Box>
  );
}
