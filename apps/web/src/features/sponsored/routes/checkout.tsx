import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatCents, sponsoredMessages } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { usePaymentMode } from '../api/get-payment-mode';
import { isStaleCartError, type PlacedOrder, usePlaceOrder } from '../api/place-order';
import { CartTable } from '../components/cart-table';
import { SponsoredPayment } from '../components/sponsored-payment';
import { cartStorage, useStoredCart } from '../utils/cart-storage';
import { errorText } from '@/lib/error-text';

const ORDERS_HREF = '/order-sponsored-headlines?tab=orders';

/** How the order will be paid, said before anyone clicks Buy now. */
function PaymentNotice() {
  const { data } = usePaymentMode();
  if (!data) return null;
  const how = data.mode === 'stripe' ? 'by card or by bank transfer' : 'by bank transfer';
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="payment-notice">
      After you order, you pay {how}. {data.message ?? sponsoredMessages.awaitingPayment}
    </Alert>
  );
}

function EmptyCart() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
      <Typography sx={{ mb: 2 }}>{sponsoredMessages.cartEmpty}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Button href="/order-sponsored-headlines" variant="contained">
          Order sponsored headlines
        </Button>
        <Link href={ORDERS_HREF} underline="always">See your orders</Link>
      </Box>
    </Paper>
  );
}

/**
 * /checkout and /Checkout: the cart stored when the order was placed, how it is paid, and Buy
 * now. Success toasts, clears the stored cart, empties the view and shows how to pay the order.
 */
export default function CheckoutRoute() {
  useDocumentTitle('Checkout');
  const cart = useStoredCart();
  const order = usePlaceOrder();
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);

  const buy = () => {
    if (!cart) return;
    setFailure(null);
    order.mutate(cart.id, {
      onSuccess: (result) => {
        setPlaced(result);
        toast.success(sponsoredMessages.orderPlaced);
      },
      onError: (error) => setFailure({ message: errorText(error), stale: isStaleCartError(error) }),
    });
  };

  return (
    <PageContainer sx={{ maxWidth: 960 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Checkout
      </Typography>
      {placed ? (
        <>
          <Alert severity="success" sx={{ mb: 2 }}>
            <AlertTitle>{sponsoredMessages.orderPlaced}</AlertTitle>
            Order #{placed.id}: {formatCents(placed.amount_cents)}, awaiting payment.{' '}
            <Link href={ORDERS_HREF} underline="always">See your orders</Link>
          </Alert>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Pay for order #{placed.id}
            </Typography>
            <SponsoredPayment order={placed} />
          </Paper>
        </>
      ) : null}
      {failure ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure.message}
          {failure.stale ? (
            <>
              {' '}
              The cart was removed. <Link href={ORDERS_HREF} underline="always">See your orders</Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      {cart ? (
        <>
          <PaymentNotice />
          <CartTable cart={cart} />
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column-reverse', sm: 'row' },
              alignItems: { xs: 'stretch', sm: 'center' },
              justifyContent: 'space-between',
              gap: 2,
              mt: 3,
            }}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button href="/order-sponsored-headlines">Change your selection</Button>
              <Button color="inherit" onClick={() => cartStorage.clear()} disabled={order.isPending}>
                Empty cart
              </Button>
            </Box>
            <Button variant="contained" size="large" onClick={buy} loading={order.isPending}>
              Buy now
            </Button>
          </Box>
        </>
      ) : (
        <EmptyCart />
      )}
    </PageContainer>
  );
}
