import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatCents, SPONSORED_PERIOD_DAYS, type SponsoredAction, sponsoredFlow, type SponsoredOrder } from '@market/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SupportContact } from '@/features/contact';
import { serverMessage } from '@/lib/error-text';
import { useCancelSponsoredOrder } from '../api/cancel-sponsored-order';
import { useSponsoredCheckout } from '../api/start-sponsored-checkout';

/**
 * How to pay a sponsored order still waiting for its money, as the server allows: the card
 * processor's page when one is set up, a bank transfer quoting the order's reference (an admin
 * records it), and calling the order off. The headlines start when the money arrives.
 */
export function SponsoredPayment({ order }: { order: SponsoredOrder }) {
  const checkout = useSponsoredCheckout(order.id);
  const cancel = useCancelSponsoredOrder(order.id);
  const [confirming, setConfirming] = useState(false);
  const can = (action: SponsoredAction) => order.allowed_actions.includes(action);
  const bank = can('pay_by_bank_transfer') ? order.payment_instructions : null;
  if (!can('pay_by_card') && !bank && !can('cancel')) return null;
  return (
    <Box data-testid={`sponsored-payment-${order.id}`}>
      {order.next_step ? <Typography sx={{ mb: 1.5 }}>{order.next_step}</Typography> : null}
      {can('pay_by_card') ? (
        <Box sx={{ mb: 2 }}>
          <Button variant="contained" onClick={() => checkout.mutate()} disabled={checkout.isPending || checkout.isSuccess}>
            {checkout.isPending || checkout.isSuccess ? 'Opening the payment page…' : `${sponsoredFlow.actions.pay_by_card}: ${formatCents(order.amount_cents)}`}
          </Button>
          {checkout.isSuccess ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              <Link href={checkout.data}>Continue to the payment page</Link>
            </Typography>
          ) : null}
          {checkout.isError ? (
            <Typography role="alert" color="error" sx={{ mt: 1 }}>
              {serverMessage(checkout.error) ?? 'The payment page could not be opened. Nothing was charged; please try again.'}
            </Typography>
          ) : null}
        </Box>
      ) : null}
      {bank ? (
        <>
          <Typography>
            {can('pay_by_card') ? 'Or pay' : 'Pay'} <strong>{formatCents(bank.amount_cents)}</strong> by bank transfer, quoting the reference{' '}
            <Box
              component="code"
              aria-label="Payment reference"
              sx={{ fontFamily: 'ui-monospace, monospace', bgcolor: 'action.hover', px: 1, py: 0.25, borderRadius: 1 }}
            >
              {bank.reference}
            </Box>
            .
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
            {bank.details}
          </Typography>
          <SupportContact lead="Questions about paying?" sx={{ mt: 1 }} />
        </>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Your headlines start as soon as the payment arrives and run for {SPONSORED_PERIOD_DAYS} days from then. Unpaid by the date above, the order lapses.
      </Typography>
      {can('cancel') ? (
        <Button color="error" sx={{ mt: 1 }} onClick={() => setConfirming(true)} disabled={cancel.isPending}>
          {sponsoredFlow.actions.cancel}
        </Button>
      ) : null}
      {cancel.isError ? (
        <Typography role="alert" color="error" sx={{ mt: 1 }}>
          {serverMessage(cancel.error) ?? 'The order could not be cancelled. Please try again.'}
        </Typography>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Cancel order #${order.id}?`}
        confirmLabel={sponsoredFlow.actions.cancel}
        destructive
        pending={cancel.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
      >
        Nothing has been paid for it. Its headlines will not run, and you can order them again.
      </ConfirmDialog>
    </Box>
  );
}
