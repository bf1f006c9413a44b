import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { emptyTableMessage, formatCents } from '@market/shared';
import { stackedTableSx } from '@/components/ui/stacked-table';
import type { Order } from '../api/get-orders';
import { formatDate } from '@/utils/format';

const columns = ['Domain', 'Side', 'Price', 'Your total', 'Status', 'Date', 'Order'] as const;

/** Orders as buyer and as seller: what each side pays or nets, where each stands, and a way in. */
export function OrdersTable({ orders }: { orders: Order[] }) {
  if (orders.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{emptyTableMessage}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Orders appear here when you buy a domain at its Buy Now price, accept an offer, or sell one.{' '}
          <Link href="/sponsored/buy-now" underline="always">Browse Buy Now domains</Link>.
        </Typography>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined">
      <Box sx={{ overflowX: 'auto' }}>
        <Table aria-label="Your orders" sx={stackedTableSx}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c} align={c === 'Price' || c === 'Your total' ? 'right' : 'left'}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {orders.map((order) => {
              const selling = order.role === 'seller';
              return (
                <TableRow key={order.id} data-testid={`order-${order.id}`}>
                  <TableCell data-label="Domain" component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {order.domain_name}
                  </TableCell>
                  <TableCell data-label="Side">{selling ? 'Selling' : 'Buying'}</TableCell>
                  <TableCell data-label="Price" align="right">
                    {formatCents(order.price_cents)}
                  </TableCell>
                  <TableCell data-label="Your total" align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {selling ? `You receive ${formatCents(order.seller_net_cents)}` : `You pay ${formatCents(order.buyer_total_cents)}`}
                  </TableCell>
                  <TableCell data-label="Status">{order.status_label}</TableCell>
                  <TableCell data-label="Date">{formatDate(order.created_at)}</TableCell>
                  <TableCell data-label="Order">
                    <Button size="small" variant="outlined" href={`/orders/${order.id}`} aria-label={`Open the order for ${order.domain_name}`}>
                      Open
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
