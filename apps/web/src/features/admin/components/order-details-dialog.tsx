import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { type Deal, formatCents, orderFlow, type PaymentCommand, transferMethodLabels } from '@market/shared';
import { QueryError } from '@/components/ui/query-error';
import { useOrder } from '../api/get-order';
import { type AdminStepAction, adminStepsOf } from '../utils/finance';
import { DisputeReason } from './resolve-dispute-dialog';
import { OrderFacts } from './order-step-dialog';
import { CommandNote, StepButtons } from './step-buttons';
import { Detail } from './table-parts';
import { formatDateTime } from '@/utils/format';

/** The order's history, oldest first, as the parties see it. */
function History({ order }: { order: Deal }) {
  return (
    <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {order.events.map((event, i) => (
        <Box component="li" key={i} sx={{ py: 1, borderTop: i === 0 ? 0 : 1, borderColor: 'divider' }}>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(event.created_at)}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{event.status_label}</Typography>
          {event.note ? <Typography sx={{ overflowWrap: 'anywhere' }}>{event.note}</Typography> : null}
        </Box>
      ))}
    </Box>
  );
}

/** What the admin does next on the order, in the server's words, and the refund on its way if there is one. */
function NextStep({ order, command, onFollow }: { order: Deal; command?: PaymentCommand; onFollow: () => void }) {
  if (!order.next_step && !command) return null;
  return (
    <Box sx={{ mb: 2, p: 1.5, borderLeft: 4, borderColor: 'primary.main', bgcolor: 'grey.100', borderRadius: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        Next step
      </Typography>
      {order.next_step ? <Typography data-testid="order-next-step">{order.next_step}</Typography> : null}
      {command ? <CommandNote command={command} onFollow={onFollow} /> : null}
    </Box>
  );
}

interface OrderDetailsDialogProps {
  order: Deal;
  /** The order's card refund still on its way, if any. */
  command?: PaymentCommand;
  /** Opens the dialog of a step the order offers (this one closes first). */
  onStep: (action: AdminStepAction) => void;
  onClose: () => void;
}

/**
 * One order in full: what to do next and the steps it offers now, its money, its dates, the
 * dispute and its resolution, and its history (read fresh from the order, since the finance list
 * carries no history).
 */
export function OrderDetailsDialog({ order: row, command, onStep, onClose }: OrderDetailsDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const { data, error, isError, refetch } = useOrder(row.id);
  const order = data ?? row;
  const dates: Array<[string, string | null]> = [
    ['Created', order.created_at],
    // A deadline only while the payment can still be recorded.
    ['Pay by', order.allowed_actions.includes('record_payment') ? order.pay_by : null],
    ['Paid', order.paid_at],
    ['Transfer started', order.transfer_started_at],
    ['Confirmed', order.confirmed_at],
    ['Payout sent', order.payout_at],
    ['Refunded', order.refunded_at],
  ];
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Order {order.payment_reference}</DialogTitle>
      <DialogContent>
        <NextStep order={order} command={command} onFollow={onClose} />
        <OrderFacts order={order}>
          <Detail label="Price">{formatCents(order.price_cents)}</Detail>
          <Detail label="Commission">{formatCents(order.commission_cents)}</Detail>
          <Detail label="Buyer total">{formatCents(order.buyer_total_cents)}</Detail>
          <Detail label="Seller net">{formatCents(order.seller_net_cents)}</Detail>
          {order.transfer_method ? (
            <Detail label="Transfer">
              {transferMethodLabels[order.transfer_method]}
              {order.push_account ? `: ${order.push_account}` : ''}
            </Detail>
          ) : null}
          {dates.map(([label, at]) => (at ? <Detail key={label} label={label}>{formatDateTime(at)}</Detail> : null))}
        </OrderFacts>
        {order.dispute_reason ? <DisputeReason reason={order.dispute_reason} /> : null}
        {order.resolution_note ? (
          <Box sx={{ mb: 2 }}>
            <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
              Resolution note
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{order.resolution_note}</Typography>
          </Box>
        ) : null}
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          History
        </Typography>
        {isError ? <QueryError error={error} onRetry={() => void refetch()} what="The history could not be loaded." /> : null}
        {data ? <History order={data} /> : !isError ? <Typography color="text.secondary">Loading the history…</Typography> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <StepButtons actions={adminStepsOf(order.allowed_actions)} labels={orderFlow.actions} subject={order.domain_name} onStep={onStep} />
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
