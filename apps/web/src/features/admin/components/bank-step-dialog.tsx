import Typography from '@mui/material/Typography';
import { type Deal, orderFlow } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { useRecordBankStep } from '../api/record-bank-step';
import { adminText } from '../utils/constants';
import { type BankAction, bankSteps } from '../utils/finance';
import { fullName } from '../utils/format';
import { BANK_RECORD_FIELDS, bankRecordBody, BankRecordFields, useBankRecordForm } from './bank-record-fields';
import { AmountLine, OrderStepDialog, showStepFailure } from './order-step-dialog';

const done: Record<BankAction, string> = {
  record_payment: adminText.paymentRecorded,
  record_payout: adminText.payoutRecorded,
  record_refund: adminText.refundRecorded,
};

/** What the admin does at the bank before recording the step. */
function Instructions({ order, action }: { order: Deal; action: BankAction }) {
  if (action === 'record_payment') {
    return (
      <Typography sx={{ mb: 2 }}>
        Record the bank transfer that arrived from {fullName(order.buyer)}. It must be the order’s total; the funds are then
        held until the buyer has the domain.
      </Typography>
    );
  }
  if (action === 'record_payout') {
    return (
      <>
        <Typography sx={{ mb: 2 }}>
          Send this amount to the seller, {fullName(order.seller)}, then record the reference of your bank transfer. The order then
          completes and the domain passes to the buyer.
        </Typography>
        <AmountLine label="Seller net to send" cents={order.seller_net_cents} />
      </>
    );
  }
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        This refund goes back by hand, not through the card processor: send this amount to the buyer, {fullName(order.buyer)}, by bank
        transfer, then record its reference.
      </Typography>
      <AmountLine label="Buyer total to send back" cents={order.buyer_total_cents} />
    </>
  );
}

/**
 * Records money moved at the bank: a buyer's payment (with the amount that arrived), the seller's
 * payout, or a refund sent back by hand. The table and totals refresh after the answer.
 */
export function BankStepDialog({ order, action, onClose }: { order: Deal; action: BankAction; onClose: () => void }) {
  const record = useRecordBankStep();
  const payment = action === 'record_payment';
  const form = useBankRecordForm(payment ? order.buyer_total_cents : null);

  const onSubmit = form.handleSubmit((values) =>
    record.mutate(
      { id: order.id, step: bankSteps[action], body: bankRecordBody(values, payment) },
      {
        onSuccess: () => {
          toast.success(done[action], order.domain_name);
          onClose();
        },
        onError: (error) => showStepFailure(form, error, BANK_RECORD_FIELDS),
      },
    ),
  );

  return (
    <OrderStepDialog
      title={orderFlow.actions[action]}
      order={order}
      form={form}
      pending={record.isPending}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <Instructions order={order} action={action} />
      <BankRecordFields form={form} expectedCents={payment ? order.buyer_total_cents : null} />
    </OrderStepDialog>
  );
}
