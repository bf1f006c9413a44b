import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { apiErrors, emptyTableMessage, orderStatusLabels } from '@market/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { stackedTableSx } from '@/components/ui/stacked-table';
import { isApiError } from '@/lib/api-client';
import type { Order } from '../api/get-orders';
import { type OrderAction, useUpdateOrder } from '../api/update-order';
import { formatDate, formatDollars } from '@/utils/format';

const columns = ['Domain', 'Side', 'Price', 'Your total', 'Status', 'Date', 'Actions'] as const;

interface Pending {
  order: Order;
  action: OrderAction;
}

const confirmCopy: Record<OrderAction, { title: string; body: string; label: string }> = {
  complete: {
    title: 'Mark this order completed?',
    body: 'Do this once the domain has been transferred to the buyer and you have been paid. The domain is then sold.',
    label: 'Mark completed',
  },
  cancel: {
    title: 'Cancel this order?',
    body: 'The domain becomes available again to other buyers.',
    label: 'Cancel order',
  },
};

/** Orders as buyer and as seller: what each side pays or nets, and the actions open to it. */
export function OrdersTable({ orders, userId }: { orders: Order[]; userId: number | undefined }) {
  const update = useUpdateOrder();
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

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

  const run = () => {
    if (!pending) return;
    setFailure(null);
    update.mutate(
      { id: pending.order.id, action: pending.action },
      {
        onSettled: () => setPending(null),
        onError: (error) =>
          setFailure(isApiError(error) && !error.isServerError ? error.message : `${apiErrors.internal}: nothing was changed.`),
      },
    );
  };

  return (
    <>
      {failure ? (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
          {failure}
        </Alert>
      ) : null}
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
                const selling = order.seller_id === userId;
                const open = order.status === 'placed';
                const name = order.domain_name ?? `Domain #${order.domain_id}`;
                return (
                  <TableRow key={order.id} data-testid={`order-${order.id}`}>
                    <TableCell data-label="Domain" component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {name}
                    </TableCell>
                    <TableCell data-label="Side">{selling ? 'Selling' : 'Buying'}</TableCell>
                    <TableCell data-label="Price" align="right">
                      {formatDollars(order.price)}
                    </TableCell>
                    <TableCell data-label="Your total" align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {selling ? `You receive ${formatDollars(order.seller_net)}` : `You pay ${formatDollars(order.buyer_total)}`}
                    </TableCell>
                    <TableCell data-label="Status">{orderStatusLabels[order.status]}</TableCell>
                    <TableCell data-label="Date">{formatDate(order.created_at)}</TableCell>
                    <TableCell data-label="Actions">
                      {open ? (
                        <Stack direction="row" spacing={1} sx={{ justifyContent: { xs: 'flex-end', sm: 'flex-start' } }}>
                          {selling ? (
                            <Button
                              size="small"
                              variant="contained"
                              disabled={update.isPending}
                              onClick={() => setPending({ order, action: 'complete' })}
                              aria-label={`Complete the order for ${name}`}
                            >
                              Complete
                            </Button>
                          ) : null}
                          <Button
                            size="small"
                            variant="outlined"
                            color="error"
                            disabled={update.isPending}
                            onClick={() => setPending({ order, action: 'cancel' })}
                            aria-label={`Cancel the order for ${name}`}
                          >
                            Cancel
                          </Button>
                        </Stack>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      </Paper>
      {pending ? (
        <ConfirmDialog
          open
          title={confirmCopy[pending.action].title}
          confirmLabel={confirmCopy[pending.action].label}
          destructive={pending.action === 'cancel'}
          pending={update.isPending}
          onClose={() => setPending(null)}
          onConfirm={run}
        >
          <Typography>
            <strong>{pending.order.domain_name ?? `Domain #${pending.order.domain_id}`}</strong>: {confirmCopy[pending.action].body}
          </Typography>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
