import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sponsoredMessages } from '@market/shared';
import { jsonOf } from '@/testing/mock-fetch';
import { renderRoute, signIn } from '@/testing/test-utils';
import { aCart, aWaitingOrder, mockApi, SPONSORED_API } from '../testing/fixtures';
import { CART_STORAGE_KEY } from '../utils/cart-storage';
import CheckoutRoute from './checkout';

const paymentMode = { [`GET ${SPONSORED_API}/payment-mode/`]: { body: { mode: 'manual', message: sponsoredMessages.awaitingPayment } } };

function open(routes: Parameters<typeof mockApi>[0] = {}, stored: unknown = aCart()) {
  if (stored !== null) window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(stored));
  signIn();
  const mocks = mockApi({ ...paymentMode, ...routes });
  return { ...mocks, ...renderRoute(<CheckoutRoute />, { at: '/checkout', path: '/checkout' }) };
}

const storedCart = () => window.localStorage.getItem(CART_STORAGE_KEY);

describe('Checkout', { timeout: 20_000 }, () => {
  it('says the cart is empty when nothing is stored', async () => {
    open({}, null);
    expect(await screen.findByText(sponsoredMessages.cartEmpty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order sponsored headlines' })).toHaveAttribute('href', '/order-sponsored-headlines');
    expect(screen.queryByRole('button', { name: 'Buy now' })).not.toBeInTheDocument();
  });

  it('treats an unreadable stored cart as empty', async () => {
    open({}, { id: 'x' });
    expect(await screen.findByText(sponsoredMessages.cartEmpty)).toBeInTheDocument();
  });

  it('shows the stored cart with two-decimal prices, its domains and how it will be paid', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Your cart' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Quantity', 'Unit price', 'Sub total']);
    expect(within(table).getByTestId('cart-line-Buy Now')).toHaveTextContent('Buy Now1$5.00$5.00bin-one.com');
    expect(within(table).getByTestId('cart-line-Trade Domains')).toHaveTextContent('Trade Domains1$3.00$3.00trade-one.com');
    expect(within(table).getByTestId('cart-total')).toHaveTextContent('$8.00');
    expect(within(table).getByRole('list', { name: 'Trade Domains domains' })).toHaveTextContent('trade-one.com');
    expect(await screen.findByTestId('payment-notice')).toHaveTextContent(`After you order, you pay by bank transfer. ${sponsoredMessages.awaitingPayment}`);
  });

  it('places the order, toasts, clears the stored cart, empties the view and shows how to pay', async () => {
    const { user, calls } = open({ [`POST ${SPONSORED_API}/order/`]: { status: 201, body: aWaitingOrder() } });
    await user.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(await screen.findAllByText(sponsoredMessages.orderPlaced)).not.toHaveLength(0);
    expect(jsonOf(calls().find((c) => c.method === 'POST'))).toEqual({ cart_id: 31 });
    expect(storedCart()).toBeNull();
    expect(screen.getByText(sponsoredMessages.cartEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Your cart' })).not.toBeInTheDocument();
    expect(screen.getByText(/Order #12: \$8\.00, awaiting payment\./)).toBeInTheDocument();
    const pay = screen.getByTestId('sponsored-payment-12');
    expect(within(pay).getByLabelText('Payment reference')).toHaveTextContent('SH-ABCD-EFGH');
    expect(pay).toHaveTextContent('Pay $8.00 by 4 Mar 2026, 12:00 UTC');
    expect(pay).toHaveTextContent('Pay $8.00 by bank transfer, quoting the reference');
    expect(pay).toHaveTextContent('IBAN TEST 00 1234');
    expect(within(pay).queryByRole('button', { name: /by card/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'See your orders' })[0]).toHaveAttribute('href', '/order-sponsored-headlines?tab=orders');
  });

  it('drops a cart that was already ordered', async () => {
    const { user } = open({ [`POST ${SPONSORED_API}/order/`]: { status: 409, body: { detail: sponsoredMessages.cartNotOpen, code: 'CART_NOT_OPEN' } } });
    await user.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(await screen.findByText(/This cart has already been ordered\. The cart was removed\./)).toBeInTheDocument();
    await waitFor(() => expect(storedCart()).toBeNull());
    expect(screen.getByText(sponsoredMessages.cartEmpty)).toBeInTheDocument();
  });

  it('offers the card processor’s page beside the bank transfer when cards are taken', async () => {
    const { user, calls } = open({
      [`GET ${SPONSORED_API}/payment-mode/`]: { body: { mode: 'stripe', message: sponsoredMessages.awaitingPayment } },
      [`POST ${SPONSORED_API}/order/`]: { status: 201, body: aWaitingOrder({ payment_mode: 'stripe' }) },
      [`POST ${SPONSORED_API}/orders/12/checkout/`]: { body: { url: 'https://checkout.stand-in.test/pay/cs_9' } },
    });
    expect(await screen.findByTestId('payment-notice')).toHaveTextContent('by card or by bank transfer');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    const pay = await screen.findByTestId('sponsored-payment-12');
    expect(pay).toHaveTextContent('Or pay $8.00 by bank transfer');
    await user.click(within(pay).getByRole('button', { name: 'Pay by card: $8.00' }));
    expect(await within(pay).findByRole('link', { name: 'Continue to the payment page' })).toHaveAttribute('href', 'https://checkout.stand-in.test/pay/cs_9');
    expect(calls().filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`${SPONSORED_API}/order/`, `${SPONSORED_API}/orders/12/checkout/`]);
  });

  it('keeps the cart when a line can no longer be ordered, so it can be changed and tried again', async () => {
    const { user } = open({ [`POST ${SPONSORED_API}/order/`]: { status: 409, body: { detail: sponsoredMessages.alreadyOrdered('bin-one.com', 'Buy Now') } } });
    await user.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(await screen.findByText(sponsoredMessages.alreadyOrdered('bin-one.com', 'Buy Now'))).toBeInTheDocument();
    expect(storedCart()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeEnabled();
  });

  it('empties the cart on request', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Empty cart' }));
    expect(screen.getByText(sponsoredMessages.cartEmpty)).toBeInTheDocument();
    expect(storedCart()).toBeNull();
  });
});
