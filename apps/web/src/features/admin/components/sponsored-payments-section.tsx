import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatCents, type SponsoredOrder, sponsoredFlow } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { formatDate } from '@/utils/format';
import { useRecordSponsoredPayment, useWaitingSponsoredOrders } from '../api/sponsored-orders';
import { adminText } from '../utils/constants';
import { fullName } from '../utils/format';
import { BANK_RECORD_FIELDS, bankRecordBody, BankRecordFields, useBankRecordForm } from './bank-record-fields';
import { showStepFailure, StepDialog } from './order-step-dialog';
import { ActionStack, ReferenceLine, StatusWithNextStep, StepButtons } from './step-buttons';
import { ActionsCell, ListTable } from './table-parts';

const COLUMNS = [
  { label: 'Reference' },
  { label: 'Ordered by' },
  { label: 'Headlines' },
  { label: 'Total', align: 'right' },
  { label: 'Pay by' },
  { label: 'Status and next step' },
  { label: 'Actions', align: 'right' },
] as const;

/** The one step this section takes; any other the server offers gets no button here. */
const stepsOf = (order: SponsoredOrder) => order.allowed_actions.filter((a) => a === 'record_payment');

const headlineList = (order: SponsoredOrder) => order.headlines.map((h) => `${h.domain_name} (${h.category})`).join(', ');

/** The bank transfer for a sponsored order arrived: recorded with its reference, the headlines start. */
function RecordPaymentDialog({ order, onClose }: { order: SponsoredOrder; onClose: () => void }) {
  const record = useRecordSponsoredPayment();
  const form = useBankRecordForm(order.amount_cents);
  const onSubmit = form.handleSubmit((values) =>
    record.mutate(
      { id: order.id, body: bankRecordBody(values, true) },
      {
        onSuccess: () => {
          toast.success(adminText.paymentRecorded, `Sponsored order #${order.id}: the headlines are live.`);
          onClose();
        },
        onError: (error) => showStepFailure(form, error, BANK_RECORD_FIELDS),
      },
    ),
  );
  return (
    <StepDialog title={sponsoredFlow.actions.record_payment} form={form} pending={record.isPending} onSubmit={(event) => void onSubmit(event)} onClose={onClose}>
      <Typography sx={{ mb: 2 }}>
        Record the bank transfer for sponsored order {order.payment_reference} from {order.user ? fullName(order.user) : 'its owner'}. Its
        headlines start when you save: {headlineList(order)}.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <BankRecordFields form={form} expectedCents={order.amount_cents} />
      </Box>
    </StepDialog>
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
        minWidth={950}
        dense
        columns={COLUMNS}
        query={orders}
        loadingLabel="Loading sponsored orders"
        emptyHint="No sponsored order is waiting for its payment."
        row={(order) => (
          <TableRow hover key={order.id} data-testid={`sponsored-row-${order.id}`}>
            <TableCell data-label="Reference" sx={{ whiteSpace: 'nowrap' }}>
              <ReferenceLine reference={order.payment_reference} />
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
            <TableCell data-label="Status" sx={{ minWidth: { sm: 200 } }}>
              <StatusWithNextStep label={order.status_label} nextStep={order.next_step} />
            </TableCell>
            <ActionsCell empty={stepsOf(order).length === 0}>
              <ActionStack>
                <StepButtons actions={stepsOf(order)} labels={sponsoredFlow.actions} subject={`sponsored order ${order.payment_reference}`} onStep={() => setOpen(order)} />
              </ActionStack>
            </ActionsCell>
          </TableRow>
        )}
      />
      {open ? <RecordPaymentDialog order={open} onClose={() => setOpen(null)} /> : null}
    </Box>
  );
}
