import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatCents, SPONSORED_PERIOD_DAYS, type SponsoredOrder } from '@market/shared';
import { serverMessage } from '@/lib/error-text';
import { formatDateTime } from '@/utils/format';
import { useSponsoredCheckout } from '../api/start-sponsored-checkout';

/**
 * How to pay a sponsored order still waiting for its money: the card processor's page when one is
 * set up, and a bank transfer quoting the order's reference (an admin records it). The headlines
 * start when the money arrives.
 */
export function SponsoredPayment({ order }: { order: SponsoredOrder }) {
  const checkout = useSponsoredCheckout(order.id);
  const bank = order.payment_instructions;
  if (order.status !== 'awaiting_payment') return null;
  return (
    <Box data-testid={`sponsored-payment-${order.id}`}>
      {order.card_payment ? (
        <Box sx={{ mb: 2 }}>
          <Button variant="contained" onClick={() => checkout.mutate()} disabled={checkout.isPending || checkout.isSuccess}>
            {checkout.isPending || checkout.isSuccess ? 'Opening the payment page…' : `Pay ${formatCents(order.amount_cents)} by card`}
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
            {order.card_payment ? 'Or pay' : 'Pay'} <strong>{formatCents(bank.amount_cents)}</strong> by bank transfer
            {order.pay_by ? ` by ${formatDateTime(order.pay_by)}` : ''}, quoting the reference{' '}
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
        </>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Your headlines start as soon as the payment arrives and run for {SPONSORED_PERIOD_DAYS} days from then. Unpaid by the date above, the order lapses.
      </Typography>
    </Box>
  );
}
