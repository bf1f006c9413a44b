import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sponsoredMessages } from '@market/shared';
import { jsonOf } from '@/testing/mock-fetch';
import { renderRoute, signIn } from '@/testing/test-utils';
import { aCart, mockApi, SPONSORED_API } from '../testing/fixtures';
import { CART_STORAGE_KEY } from '../utils/cart-storage';
import CheckoutRoute from './checkout';

const paymentMode = { [`GET ${SPONSORED_API}/payment-mode/`]: { body: { mode: 'test', message: sponsoredMessages.testMode } } };

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

  it('shows the stored cart with two-decimal prices, its domains and the test-mode notice', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Your cart' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Quantity', 'Unit price', 'Sub total']);
    expect(within(table).getByTestId('cart-line-Buy Now')).toHaveTextContent('Buy Now1$5.00$5.00bin-one.com');
    expect(within(table).getByTestId('cart-line-Trade Domains')).toHaveTextContent('Trade Domains1$3.00$3.00trade-one.com');
    expect(within(table).getByTestId('cart-total')).toHaveTextContent('$8.00');
    expect(within(table).getByRole('list', { name: 'Trade Domains domains' })).toHaveTextContent('trade-one.com');
    expect(await screen.findByText(sponsoredMessages.testMode)).toBeVisible();
  });

  it('places the order, toasts, clears the stored cart and empties the view', async () => {
    const { user, calls } = open({
      [`POST ${SPONSORED_API}/order/`]: {
        status: 201,
        body: { id: 12, cart_id: 31, total_amount: 8, status: 'paid', payment_mode: 'test', ends_at: '2026-03-31T12:00:00.000Z' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(await screen.findAllByText(sponsoredMessages.orderPlaced)).not.toHaveLength(0);
    expect(jsonOf(calls().find((c) => c.method === 'POST'))).toEqual({ cart_id: 31 });
    expect(storedCart()).toBeNull();
    expect(screen.getByText(sponsoredMessages.cartEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Your cart' })).not.toBeInTheDocument();
    expect(screen.getByText(/Order #12: \$8\.00, test mode, no charge\. Your headlines run until Mar 31, 2026\./)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'See your orders' })[0]).toHaveAttribute('href', '/order-sponsored-headlines?tab=orders');
  });

  it('drops a cart that was already ordered', async () => {
    const { user } = open({ [`POST ${SPONSORED_API}/order/`]: { status: 409, body: { detail: sponsoredMessages.cartNotOpen } } });
    await user.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(await screen.findByText(/This cart has already been ordered\. The cart was removed\./)).toBeInTheDocument();
    await waitFor(() => expect(storedCart()).toBeNull());
    expect(screen.getByText(sponsoredMessages.cartEmpty)).toBeInTheDocument();
  });

  it('keeps the cart when the payment fails, so it can be tried again', async () => {
    const { user } = open({ [`POST ${SPONSORED_API}/order/`]: { status: 409, body: { detail: sponsoredMessages.paymentFailed } } });
    await user.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(await screen.findByText(sponsoredMessages.paymentFailed)).toBeInTheDocument();
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
