import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { type Deal, dealMessages, formatCents } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { submitOnlyValidation, textFieldProps, validatorResolver } from '@/lib/form';
import { type BankRecord, type BankStep, useRecordBankStep } from '../api/record-bank-step';
import { adminText } from '../utils/constants';
import { centsFromDollars, dollarsFromCents } from '../utils/finance';
import { fullName } from '../utils/format';
import { AmountLine, OrderStepDialog, showStepFailure } from './order-step-dialog';

interface Values {
  reference: string;
  /** Dollars as typed; sent as integer cents. */
  amount_cents: string;
}
const FIELDS = ['reference', 'amount_cents'] as const;

const done: Record<BankStep, string> = {
  payment: adminText.paymentRecorded,
  payout: adminText.payoutRecorded,
  refund: adminText.refundRecorded,
};

/** What the admin does at the bank before recording the step. */
function Instructions({ order, step }: { order: Deal; step: BankStep }) {
  if (step === 'payment') {
    return (
      <Typography sx={{ mb: 2 }}>
        Record the bank transfer that arrived from {fullName(order.buyer)}. It must be the order’s total; the funds are then
        held until the buyer has the domain.
      </Typography>
    );
  }
  const to = step === 'payout' ? `the seller, ${fullName(order.seller)}` : `the buyer, ${fullName(order.buyer)}`;
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        Send this amount to {to}, then record the reference of your bank transfer.
        {step === 'payout' ? ' The order then completes and the commission is earned.' : ''}
      </Typography>
      <AmountLine
        label={step === 'payout' ? 'Seller net to send' : 'Buyer total to send back'}
        cents={step === 'payout' ? order.seller_net_cents : order.buyer_total_cents}
      />
    </>
  );
}

/**
 * Records money moved at the bank: a buyer's payment (with the amount that arrived), the seller's
 * payout, or a refund to the buyer. The table and totals refresh after the answer.
 */
export function BankStepDialog({ order, step, onClose }: { order: Deal; step: BankStep; onClose: () => void }) {
  const record = useRecordBankStep();
  const payment = step === 'payment';
  const form = useForm<Values>({
    defaultValues: { reference: '', amount_cents: payment ? dollarsFromCents(order.buyer_total_cents) : '' },
    resolver: validatorResolver((values: Values) => ({
      ...(values.reference.trim() ? {} : { reference: dealMessages.referenceRequired }),
      ...(payment && centsFromDollars(values.amount_cents) === null ? { amount_cents: adminText.amountInvalid } : {}),
    })),
    ...submitOnlyValidation,
  });

  const onSubmit = form.handleSubmit((values) => {
    const body: BankRecord = { reference: values.reference.trim() };
    if (payment) body.amount_cents = centsFromDollars(values.amount_cents) ?? undefined;
    record.mutate(
      { id: order.id, step, body },
      {
        onSuccess: () => {
          toast.success(done[step], order.domain_name);
          onClose();
        },
        onError: (error) => showStepFailure(form, error, FIELDS),
      },
    );
  });

  const amount = textFieldProps(form, 'amount_cents');
  return (
    <OrderStepDialog
      step={step}
      order={order}
      form={form}
      pending={record.isPending}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <Instructions order={order} step={step} />
      <TextField
        label="Bank reference"
        required
        autoFocus
        autoComplete="off"
        {...textFieldProps(form, 'reference')}
        helperText={form.formState.errors.reference?.message ?? 'As it appears on the bank statement.'}
      />
      {payment ? (
        <TextField
          label="Amount received"
          required
          autoComplete="off"
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            htmlInput: { inputMode: 'decimal' },
          }}
          {...amount}
          helperText={amount.helperText ?? `Dollars and cents. The order’s total is ${formatCents(order.buyer_total_cents)}.`}
        />
      ) : null}
    </OrderStepDialog>
  );
}
