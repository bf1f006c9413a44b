import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { negotiationMessages as nm } from '@market/shared';
import { jsonOf, mockFetch, type MockHandler } from '@/testing/mock-fetch';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import { aDeal } from '@/testing/deals';
import { aDomain } from '@/features/portfolio/testing/fixtures';
import BuyOrderRoute from './buy-order';

const domain = aDomain({
  id: 42,
  domain_name: 'bin-order.com',
  business_status: 'Buy Now',
  business_status_label: 'Buy Now',
  seller_price: 4000,
  min_offer: 0,
  sale_status: 'available',
  lease_monthly_line: '',
  is_approved: true,
  user: { id: 99, first_name: 'Sam', last_name: 'Seller' },
});

const order = aDeal();

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

  it('places the order and opens its page, where the buyer learns how to pay', async () => {
    const { user, requests } = open('/buy_order?domain_id=42', {
      'GET /api/domains/42': { body: domain },
      'POST /api/domains/buy-now/': { status: 201, body: order },
      'GET /api/orders/': { body: [order] },
      'GET /api/domains/my-stable': { body: {} },
    });
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orders/7'));
    expect(jsonOf(requests.find((r) => r.method === 'POST'))).toEqual({ domain_id: 42 });
  });

  it("refuses the user's own domain before and names the reason", async () => {
    open('/buy_order?domain_id=42', { 'GET /api/domains/42': { body: { ...domain, user: { id: testUser.id, first_name: testUser.first_name, last_name: testUser.last_name } } } });
    expect(await screen.findByText(nm.ownDomain)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it("shows the server's refusal when the domain was just taken", async () => {
    const { user } = open('/buy_order?domain_id=42', {
      'GET /api/domains/42': { body: domain },
      'POST /api/domains/buy-now/': { status: 409, body: { detail: nm.buyNowUnavailable } },
      'GET /api/orders/': { body: [] },
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
  const sold = aDeal({ id: 8, domain_name: 'sold-by-me.com', role: 'seller', priceDollars: 22000, status: 'paid' });

  it('shows each order from the viewer side, where it stands, and a way into it', async () => {
    open('/buy_order', { 'GET /api/orders/': { body: [sold, aDeal({ status: 'completed' })] } });
    const mine = await screen.findByTestId('order-8');
    expect(mine).toHaveTextContent('Selling');
    expect(mine).toHaveTextContent('You receive $20,900.00');
    expect(mine).toHaveTextContent('Paid, funds held');
    expect(within(mine).getByRole('link', { name: 'Open the order for sold-by-me.com' })).toHaveAttribute('href', '/orders/8');
    const bought = screen.getByTestId('order-7');
    expect(bought).toHaveTextContent('You pay $4,200.00');
    expect(bought).toHaveTextContent('Completed');
  });

  it('has an empty state', async () => {
    open('/buy_order', { 'GET /api/orders/': { body: [] } });
    expect(await screen.findByText('No records to display')).toBeInTheDocument();
  });
});
