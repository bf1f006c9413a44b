import { useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatCents, type Overpayment, type OverpaymentAction, overpaymentFlow } from '@market/shared';
import { ConfirmDialog, ConfirmSubject } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { formatDateTime } from '@/utils/format';
import { useRecordOverpaymentRefund } from '../api/record-overpayment-refund';
import { useRefundOverpayment } from '../api/refund-overpayment';
import { adminText } from '../utils/constants';
import { failureMessage, fullName } from '../utils/format';
import { BANK_RECORD_FIELDS, bankRecordBody, BankRecordFields, useBankRecordForm } from './bank-record-fields';
import { ItemLink } from './item-link';
import { AmountLine, showStepFailure, StepDialog } from './order-step-dialog';
import { ActionStack, ReferenceLine, StepButtons } from './step-buttons';
import { ActionsCell, ListTable, type ListQuery } from './table-parts';

const COLUMNS = [
  { label: 'Payer' },
  { label: 'Paid for' },
  { label: 'Amount', align: 'right' },
  { label: 'Payment reference' },
  { label: 'Status' },
  { label: 'Received' },
  { label: 'Actions', align: 'right' },
] as const;

/** The steps this section can take; a step the server offers but the page cannot take gets no button. */
type AdminOverpaymentAction = Extract<OverpaymentAction, 'refund' | 'record_refund'>;
const stepsOf = (o: Overpayment) => o.allowed_actions.filter((a): a is AdminOverpaymentAction => a === 'refund' || a === 'record_refund');

/** The payment in words, for buttons and dialogs. */
const subjectOf = (o: Overpayment) => `payment ${o.payment_reference} of ${formatCents(o.amount_cents)} from ${fullName(o.payer)}`;

/** Waiting for the admin first; the rest newest first, as the server lists them. */
function needingYouFirst(list: readonly Overpayment[]): Overpayment[] {
  return [...list].sort((a, b) => Number(stepsOf(b).length > 0) - Number(stepsOf(a).length > 0));
}

/** The refund through the card processor, after a yes: it becomes a payment command the worker sends. */
function RefundDialog({ overpayment: o, onClose }: { overpayment: Overpayment; onClose: () => void }) {
  const refund = useRefundOverpayment();
  return (
    <ConfirmDialog
      open
      title="Refund this payment?"
      confirmLabel={refund.isPending ? 'Sending…' : overpaymentFlow.actions.refund}
      pending={refund.isPending}
      onClose={onClose}
      onConfirm={() =>
        refund.mutate(o.id, {
          onSuccess: (sent) => {
            toast.success(adminText.overpaymentRefunding, `${formatCents(sent.amount_cents)} to ${fullName(sent.payer)}: ${sent.status_label.toLowerCase()}.`);
            onClose();
          },
        })
      }
    >
      {refund.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(refund.error)}
        </Alert>
      ) : null}
      {formatCents(o.amount_cents)} goes back to {fullName(o.payer)} through the card processor ({o.provider}). It is listed under Payment
      commands until the processor confirms it.
      <ConfirmSubject>
        {o.payment_reference}, paid for {o.item_label}
      </ConfirmSubject>
    </ConfirmDialog>
  );
}

/** A refund sent by hand (a bank transfer), recorded with its reference: when the card processor could not send it. */
function RecordRefundDialog({ overpayment: o, onClose }: { overpayment: Overpayment; onClose: () => void }) {
  const record = useRecordOverpaymentRefund();
  const form = useBankRecordForm(null);
  const onSubmit = form.handleSubmit((values) =>
    record.mutate(
      { id: o.id, body: bankRecordBody(values, false) },
      {
        onSuccess: () => {
          toast.success(adminText.refundRecorded, `${o.payment_reference}: ${formatCents(o.amount_cents)} to ${fullName(o.payer)}`);
          onClose();
        },
        onError: (error) => showStepFailure(form, error, BANK_RECORD_FIELDS),
      },
    ),
  );
  return (
    <StepDialog title={overpaymentFlow.actions.record_refund} form={form} pending={record.isPending} onSubmit={(event) => void onSubmit(event)} onClose={onClose}>
      <Typography sx={{ mb: 2 }}>
        A refund sent by hand: send this amount back to {fullName(o.payer)} by bank transfer, then record its reference. Payment{' '}
        {o.payment_reference}, paid for {o.item_label}.
      </Typography>
      <AmountLine label="To send back" cents={o.amount_cents} />
      <BankRecordFields form={form} expectedCents={null} />
    </StepDialog>
  );
}

function OverpaymentRow({ overpayment: o, onStep }: { overpayment: Overpayment; onStep: (action: AdminOverpaymentAction) => void }) {
  return (
    <TableRow hover data-testid={`overpayment-row-${o.id}`}>
      <TableCell data-label="Payer" component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {fullName(o.payer)}
      </TableCell>
      <TableCell data-label="Paid for" sx={{ overflowWrap: 'anywhere', minWidth: { sm: 160 } }}>
        <ItemLink label={o.item_label} link={o.item_link} />
      </TableCell>
      <TableCell data-label="Amount" align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatCents(o.amount_cents)}
      </TableCell>
      <TableCell data-label="Payment reference" sx={{ overflowWrap: 'anywhere' }}>
        <ReferenceLine reference={o.payment_reference} />
      </TableCell>
      <TableCell data-label="Status">
        <Box>
          {o.status_label}
          {o.refunded_at ? (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {formatDateTime(o.refunded_at)}
            </Typography>
          ) : null}
        </Box>
      </TableCell>
      <TableCell data-label="Received" sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(o.created_at)}
      </TableCell>
      <ActionsCell empty={stepsOf(o).length === 0}>
        <ActionStack>
          <StepButtons actions={stepsOf(o)} labels={overpaymentFlow.actions} subject={subjectOf(o)} onStep={onStep} />
        </ActionStack>
      </ActionsCell>
    </TableRow>
  );
}

/**
 * Card payments we could not apply (a second payment for an item already paid, or one for an item
 * cancelled meanwhile), held on their own until sent back: through the card processor with one
 * click, or recorded by hand when the processor could not.
 */
export function OverpaymentsSection({ query }: { query: ListQuery<Overpayment> }) {
  const headingId = useId();
  const [open, setOpen] = useState<{ overpayment: Overpayment; action: AdminOverpaymentAction } | null>(null);
  const list = useMemo(() => (query.data ? needingYouFirst(query.data) : undefined), [query.data]);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h6" component="h2">
        Payments to refund
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Card payments we could not apply (a second payment, or one for an item cancelled meanwhile), held until they are sent back.
      </Typography>
      <ListTable
        stacked
        label="Payments to refund"
        minWidth={950}
        dense
        columns={COLUMNS}
        query={{ ...query, data: list }}
        loadingLabel="Loading payments to refund"
        emptyHint="No card payment is held to be refunded."
        row={(o) => <OverpaymentRow key={o.id} overpayment={o} onStep={(action) => setOpen({ overpayment: o, action })} />}
      />
      {open?.action === 'refund' ? <RefundDialog overpayment={open.overpayment} onClose={() => setOpen(null)} /> : null}
      {open?.action === 'record_refund' ? <RecordRefundDialog overpayment={open.overpayment} onClose={() => setOpen(null)} /> : null}
    </Box>
  );
}
