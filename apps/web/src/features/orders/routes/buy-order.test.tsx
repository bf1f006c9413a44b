import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { negotiationMessages as nm } from '@market/shared';
import { jsonOf, mockFetch, type MockHandler } from '@/testing/mock-fetch';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import BuyOrderRoute from './buy-order';

const domain = {
  id: 42,
  domain_name: 'bin-order.com',
  business_status: 'Buy Now',
  business_status_label: 'Buy Now',
  seller_price: 4000,
  min_offer: 0,
  sale_status: 'available',
  is_approved: true,
  user: { id: 99, first_name: 'Sam', last_name: 'Seller' },
};

const order = {
  id: 7,
  domain_id: 42,
  domain_name: 'bin-order.com',
  buyer_id: testUser.id,
  seller_id: 99,
  domain_lead_id: null,
  price: 4000,
  commission: 400,
  buyer_total: 4200,
  seller_net: 3800,
  status: 'placed',
  created_at: '2025-03-01T10:00:00.000Z',
  updated_at: '2025-03-01T10:00:00.000Z',
};

function open(at: string, routes: Record<string, MockHandler>) {
  signIn();
  const mocks = mockFetch({ 'GET /api/auth/user/': { body: testUser }, ...routes });
  return { ...mocks, ...renderRoute(<BuyOrderRoute />, { at, path: '/buy_order' }) };
}

describe('Buy Now order page', () => {
  it('shows the price and the 10% commission split 50/50 before ordering', async () => {
    open('/buy_order?domain_id=42', { 'GET /api/domains/42': { body: domain } });
    expect(await screen.findByRole('heading', { name: 'bin-order.com' })).toBeInTheDocument();
    expect(screen.getByTestId('split-price')).toHaveTextContent('Price$4,000');
    expect(screen.getByTestId('split-commission')).toHaveTextContent('Commission (10%, split 50/50)$400');
    expect(screen.getByTestId('split-buyer')).toHaveTextContent('You pay (price + 5%)$4,200');
    expect(screen.getByTestId('split-seller')).toHaveTextContent('Seller receives (price − 5%)$3,800');
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms-and-conditions');
  });

  it('places the order and confirms it with its status', async () => {
    const { user, requests } = open('/buy_order?domain_id=42', {
      'GET /api/domains/42': { body: domain },
      'POST /api/domains/buy-now/': { status: 201, body: order },
      'GET /api/domains/orders/': { body: [order] },
      'GET /api/domains/my-stable': { body: {} },
    });
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(/Order #7 for bin-order.com\. Status: Order placed: awaiting transfer/)).toBeInTheDocument();
    expect(jsonOf(requests.find((r) => r.method === 'POST'))).toEqual({ domain_id: 42 });
    expect(screen.getByTestId('split-buyer')).toHaveTextContent('$4,200');
  });

  it("refuses the user's own domain before and names the reason", async () => {
    open('/buy_order?domain_id=42', { 'GET /api/domains/42': { body: { ...domain, user: { id: testUser.id } } } });
    expect(await screen.findByText(nm.ownDomain)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it("shows the server's refusal when the domain was just taken", async () => {
    const { user } = open('/buy_order?domain_id=42', {
      'GET /api/domains/42': { body: domain },
      'POST /api/domains/buy-now/': { status: 409, body: { detail: nm.buyNowUnavailable } },
      'GET /api/domains/orders/': { body: [] },
      'GET /api/domains/my-stable': { body: {} },
    });
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(nm.buyNowUnavailable)).toBeInTheDocument();
  });

  it('says a domain without a Buy Now price cannot be ordered', async () => {
    open('/buy_order?domain_id=42', { 'GET /api/domains/42': { body: { ...domain, business_status: 'Price Upon Request', seller_price: 25000 } } });
    expect(await screen.findByText(/This domain has no Buy Now price./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });
});

describe('orders list', () => {
  const sold = { ...order, id: 8, domain_name: 'sold-by-me.com', buyer_id: 55, seller_id: testUser.id, price: 22000, commission: 2200, buyer_total: 23100, seller_net: 20900 };

  it('shows each order from the viewer side, with Complete for the seller only', async () => {
    open('/buy_order', { 'GET /api/domains/orders/': { body: [sold, { ...order, status: 'completed' }] } });
    const mine = await screen.findByTestId('order-8');
    expect(mine).toHaveTextContent('Selling');
    expect(mine).toHaveTextContent('You receive $20,900');
    expect(within(mine).getByRole('button', { name: 'Complete the order for sold-by-me.com' })).toBeInTheDocument();
    const bought = screen.getByTestId('order-7');
    expect(bought).toHaveTextContent('You pay $4,200');
    expect(bought).toHaveTextContent('Completed');
    expect(within(bought).queryByRole('button')).not.toBeInTheDocument();
  });

  it('completes an order after a confirmation', async () => {
    const { user, requests } = open('/buy_order', {
      'GET /api/domains/orders/': { body: [sold] },
      'POST /api/domains/orders/8/': { body: { ...sold, status: 'completed' } },
      'GET /api/domains/my-stable': { body: {} },
    });
    await user.click(await screen.findByRole('button', { name: 'Complete the order for sold-by-me.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this order completed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark completed' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(jsonOf(requests.find((r) => r.method === 'POST'))).toEqual({ action: 'complete' });
  });

  it('has an empty state', async () => {
    open('/buy_order', { 'GET /api/domains/orders/': { body: [] } });
    expect(await screen.findByText('No records to display')).toBeInTheDocument();
  });
});
