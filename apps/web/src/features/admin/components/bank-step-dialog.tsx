import Typography from '@mui/material/Typography';
import type { Deal } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { type BankStep, useRecordBankStep } from '../api/record-bank-step';
import { adminText } from '../utils/constants';
import { fullName } from '../utils/format';
import { BANK_RECORD_FIELDS, bankRecordBody, BankRecordFields, useBankRecordForm } from './bank-record-fields';
import { AmountLine, OrderStepDialog, showStepFailure } from './order-step-dialog';

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
  const form = useBankRecordForm(payment ? order.buyer_total_cents : null);

  const onSubmit = form.handleSubmit((values) =>
    record.mutate(
      { id: order.id, step, body: bankRecordBody(values, payment) },
      {
        onSuccess: () => {
          toast.success(done[step], order.domain_name);
          onClose();
        },
        onError: (error) => showStepFailure(form, error, BANK_RECORD_FIELDS),
      },
    ),
  );

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
      <BankRecordFields form={form} expectedCents={payment ? order.buyer_total_cents : null} />
    </OrderStepDialog>
  );
}
