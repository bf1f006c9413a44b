import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatCents } from '@market/shared';
import { stackedTableSx } from '@/components/ui/stacked-table';
import { formatDate } from '@/utils/format';
import type { Order } from '../api/get-orders';
import { orderPriceKind } from '../utils';

const columns = ['Domain name', 'Price', 'You received', 'Sold'] as const;

/**
 * The user's completed sales: the domain has passed to its buyer, so only the order is left to
 * show it. Each opens its order (and receipt) page.
 */
export function SalesTable({ orders }: { orders: Order[] }) {
  return (
    <Paper variant="outlined">
      <Box sx={{ overflowX: 'auto' }}>
        <Table aria-label="Your sales" sx={stackedTableSx}>
          <TableHead>
            <TableRow>
              {columns.map((c, i) => (
                <TableCell key={c} align={i === 1 || i === 2 ? 'right' : 'left'}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {orders.map((order) => (
              <TableRow key={order.id} hover>
                <TableCell data-label={columns[0]} component="th" scope="row">
                  <Link href={`/orders/${order.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {order.domain_name}
                  </Link>
                </TableCell>
                <TableCell data-label={columns[1]} align="right">
                  {/* One box: a stacked (phone) cell lays its children out in a row after the label. */}
                  <Box component="span">
                    {formatCents(order.price_cents)}
                    <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}>
                      {orderPriceKind(order)}
                    </Box>
                  </Box>
                </TableCell>
                <TableCell data-label={columns[2]} align="right">
                  {formatCents(order.seller_net_cents)}
                </TableCell>
                <TableCell data-label={columns[3]}>{formatDate(order.completed_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
