import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useForm } from 'react-hook-form';
import { dealMessages, formatCents, type SponsoredOrder } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { submitOnlyValidation, textFieldProps, validatorResolver } from '@/lib/form';
import { formatDate } from '@/utils/format';
import { useRecordSponsoredPayment, useWaitingSponsoredOrders } from '../api/sponsored-orders';
import { adminText } from '../utils/constants';
import { centsFromDollars, dollarsFromCents } from '../utils/finance';
import { fullName } from '../utils/format';
import { showStepFailure } from './order-step-dialog';
import { ListTable } from './table-parts';

const COLUMNS = [
  { label: 'Reference' },
  { label: 'Ordered by' },
  { label: 'Headlines' },
  { label: 'Total', align: 'right' },
  { label: 'Pay by' },
  { label: 'Actions', align: 'right' },
] as const;

const headlineList = (order: SponsoredOrder) => order.headlines.map((h) => `${h.domain_name} (${h.category})`).join(', ');

interface Values {
  reference: string;
  amount_cents: string;
}
const FIELDS = ['reference', 'amount_cents'] as const;

/** The bank transfer for a sponsored order arrived: recorded with its reference, the headlines start. */
function RecordPaymentDialog({ order, onClose }: { order: SponsoredOrder; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const record = useRecordSponsoredPayment();
  const form = useForm<Values>({
    defaultValues: { reference: '', amount_cents: dollarsFromCents(order.amount_cents) },
    resolver: validatorResolver((values: Values) => ({
      ...(values.reference.trim() ? {} : { reference: dealMessages.referenceRequired }),
      ...(centsFromDollars(values.amount_cents) === null ? { amount_cents: adminText.amountInvalid } : {}),
    })),
    ...submitOnlyValidation,
  });
  const onSubmit = form.handleSubmit((values) =>
    record.mutate(
      { id: order.id, body: { reference: values.reference.trim(), amount_cents: centsFromDollars(values.amount_cents) ?? undefined } },
      {
        onSuccess: () => {
          toast.success(adminText.paymentRecorded, `Sponsored order #${order.id}: the headlines are live.`);
          onClose();
        },
        onError: (error) => showStepFailure(form, error, FIELDS),
      },
    ),
  );
  const failure = form.formState.errors.root?.server?.message;
  const amount = textFieldProps(form, 'amount_cents');
  return (
    <Dialog open onClose={record.isPending ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>Record the payment</DialogTitle>
        <DialogContent>
          {failure ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          ) : null}
          <Typography sx={{ mb: 2 }}>
            Record the bank transfer for sponsored order {order.payment_reference} from{' '}
            {order.user ? fullName(order.user) : 'its owner'}. Its headlines start when you save: {headlineList(order)}.
          </Typography>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <TextField
              label="Bank reference"
              required
              autoFocus
              autoComplete="off"
              {...textFieldProps(form, 'reference')}
              helperText={form.formState.errors.reference?.message ?? 'As it appears on the bank statement.'}
            />
            <TextField
              label="Amount received"
              required
              autoComplete="off"
              slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { inputMode: 'decimal' } }}
              {...amount}
              helperText={amount.helperText ?? `Dollars and cents. The order’s total is ${formatCents(order.amount_cents)}.`}
            />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={record.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={record.isPending}>
            {record.isPending ? 'Saving…' : 'Record the payment'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Sponsored headline orders waiting for their bank transfer: the admin matches each to the bank
 * statement by its reference and records it; unpaid orders lapse on their own.
 */
export function SponsoredPaymentsSection() {
  const headingId = useId();
  const orders = useWaitingSponsoredOrders();
  const [open, setOpen] = useState<SponsoredOrder | null>(null);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Sponsored headline orders awaiting payment
      </Typography>
      <ListTable
        stacked
        label="Sponsored orders awaiting payment"
        minWidth={800}
        dense
        columns={COLUMNS}
        query={orders}
        loadingLabel="Loading sponsored orders"
        emptyHint="No sponsored order is waiting for its payment."
        row={(order) => (
          <TableRow hover key={order.id} data-testid={`sponsored-row-${order.id}`}>
            <TableCell data-label="Reference" sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}>
              {order.payment_reference}
            </TableCell>
            <TableCell data-label="Ordered by" sx={{ overflowWrap: 'anywhere' }}>
              {order.user ? `${fullName(order.user)} (${order.user.email})` : ''}
            </TableCell>
            <TableCell data-label="Headlines" sx={{ overflowWrap: 'anywhere' }}>
              {headlineList(order)}
            </TableCell>
            <TableCell data-label="Total" align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatCents(order.amount_cents)}
            </TableCell>
            <TableCell data-label="Pay by" sx={{ whiteSpace: 'nowrap' }}>
              {order.pay_by ? formatDate(order.pay_by) : ''}
            </TableCell>
            <TableCell data-label="Actions" align="right">
              <Button size="small" variant="contained" sx={{ whiteSpace: 'nowrap' }} aria-label={`Record the payment of sponsored order #${order.id}`} onClick={() => setOpen(order)}>
                Record payment
              </Button>
            </TableCell>
          </TableRow>
        )}
      />
      {open ? <RecordPaymentDialog order={open} onClose={() => setOpen(null)} /> : null}
    </Box>
  );
}
