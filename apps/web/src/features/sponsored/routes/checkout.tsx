import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatPrice, sponsoredMessages } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { usePaymentMode } from '../api/get-payment-mode';
import { isStaleCartError, type PlacedOrder, usePlaceOrder } from '../api/place-order';
import { CartTable } from '../components/cart-table';
import { cartStorage, useStoredCart } from '../utils/cart-storage';
import { paymentModeLabel } from '../utils/format';
import { errorText } from '@/lib/error-text';
import { formatDate } from '@/utils/format';

const ORDERS_HREF = '/order-sponsored-headlines?tab=orders';

/** Orders are marked paid without a charge in test mode: say so before anyone clicks Buy now. */
function PaymentNotice() {
  const { data } = usePaymentMode();
  if (!data || data.mode !== 'test') return null;
  return (
    <Alert severity="warning" sx={{ mb: 2, fontWeight: 600 }} data-testid="test-mode-notice">
      {data.message ?? sponsoredMessages.testMode}
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
 * /checkout and /Checkout: the cart stored when the order was placed, the payment mode, and
 * Buy now. Success toasts, clears the stored cart and empties the view (spec section 4).
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
        <Alert severity="success" sx={{ mb: 2 }}>
          <AlertTitle>{sponsoredMessages.orderPlaced}</AlertTitle>
          Order #{placed.id}: {formatPrice(placed.total_amount)}, {paymentModeLabel(placed.payment_mode).toLowerCase()}. Your
          headlines run until {formatDate(placed.ends_at)}. <Link href={ORDERS_HREF} underline="always">See your orders</Link>
        </Alert>
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
