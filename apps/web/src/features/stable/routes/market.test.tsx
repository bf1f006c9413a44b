import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyTableMessage, type User } from '@market/shared';
import { allowForBusyMachine } from '@/testing/patience';
import { ownDomain } from '@/features/portfolio/testing/fixtures';
import { type MockHandler, mockFetch } from '@/testing/mock-fetch';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import { aDeal } from '@/testing/deals';
import MarketRoute from './market';

allowForBusyMachine();

const me: User = { ...testUser, notify_email: true };

const order = (id: number, buyer: number, name: string) =>
  aDeal({ id, domain_id: 200 + id, domain_name: name, role: buyer === me.id ? 'buyer' : 'seller' });

function openMarket(routes: Record<string, MockHandler> = {}) {
  signIn(me);
  mockFetch({
    'GET /api/auth/user/': { body: me },
    'GET /api/domains/': {
      body: {
        domains: [
          ownDomain({ id: 1, domain_name: 'mine-live.com', status: 'approved', status_label: 'Approved', business_status: 'Buy Now', business_status_label: 'Buy Now', seller_price: 2500, visits: 12 }),
          ownDomain({ id: 2, domain_name: 'mine-pending.com' }),
        ],
        count: 2,
      },
    },
    'GET /api/domains/domain-leads-summary/': {
      body: [
        { domain_id: 1, domain_name: 'mine-live.com', role: 'seller', total_inquiries: 3, last_bid_amount: null, last_bid_date: null, status_label: 'Open' },
        { domain_id: 77, domain_name: 'wanted.com', role: 'buyer', total_inquiries: 1, last_bid_amount: 15000, last_bid_date: '2025-03-01T10:00:00.000Z', status_label: 'Open' },
      ],
    },
    'GET /api/orders/': { body: [order(1, me.id, 'bought.com'), order(2, 55, 'sold-by-me.com')] },
    ...routes,
  });
  return renderRoute(<MarketRoute />);
}

describe('market', () => {
  it("shows the user's offers as a buyer, purchases and listed domains", async () => {
    openMarket();
    const offers = await screen.findByRole('table', { name: 'Your offers' });
    expect(within(offers).getByRole('link', { name: 'wanted.com' })).toHaveAttribute('href', '/domain-leads/negotiation/77');
    expect(within(offers).queryByText('mine-live.com')).not.toBeInTheDocument();
    expect(within(offers).getByText('$15,000')).toBeInTheDocument();

    const purchases = await screen.findByRole('table', { name: 'Your purchases' });
    expect(within(purchases).getByText('bought.com')).toBeInTheDocument();
    expect(within(purchases).queryByText('sold-by-me.com')).not.toBeInTheDocument();
    expect(within(purchases).getByText('$4,200.00')).toBeInTheDocument();
    expect(within(purchases).getByRole('link', { name: 'bought.com' })).toHaveAttribute('href', '/orders/1');

    const listed = screen.getByRole('table', { name: 'Your listed domains' });
    expect(within(listed).getByRole('link', { name: 'mine-live.com' })).toHaveAttribute('href', '/landing/1');
    expect(within(listed).queryByText('mine-pending.com')).not.toBeInTheDocument();
    expect(screen.getByText(/1 more is waiting for approval/)).toBeInTheDocument();
  });

  it('says per purchase whether it was bought at its Buy Now price or at an agreed price', async () => {
    openMarket({
      'GET /api/orders/': {
        body: [order(1, me.id, 'bought-now.com'), aDeal({ id: 3, domain_name: 'negotiated.com', domain_lead_id: 31, priceDollars: 28000 })],
      },
    });
    const purchases = await screen.findByRole('table', { name: 'Your purchases' });
    const row = (name: string) => within(purchases).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
    expect(within(row('bought-now.com')).getByText('Buy Now price')).toBeInTheDocument();
    expect(within(row('negotiated.com')).getByText('Agreed price')).toBeInTheDocument();
    expect(screen.getByText(/at their Buy Now price or at the price agreed in a negotiation/)).toBeInTheDocument();
  });

  it('lists completed sales with their order, and leaves orders still under way out', async () => {
    openMarket({
      'GET /api/orders/': {
        body: [
          aDeal({ id: 5, domain_name: 'sold-done.com', role: 'seller', status: 'completed', completed_at: '2025-04-02T10:00:00.000Z', domain_lead_id: 9, priceDollars: 20000 }),
          aDeal({ id: 6, domain_name: 'sold-paying.com', role: 'seller', status: 'paid' }),
          aDeal({ id: 8, domain_name: 'bought-done.com', status: 'completed', completed_at: '2025-04-03T10:00:00.000Z' }),
        ],
      },
    });
    const sales = await screen.findByRole('table', { name: 'Your sales' });
    const rows = within(sales).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(within(sales).getByRole('link', { name: 'sold-done.com' })).toHaveAttribute('href', '/orders/5');
    // $20,000 less half of the 10% commission, and the day the sale completed.
    expect(within(rows[0]!).getByText('$19,000.00')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Agreed price')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Apr 2, 2025')).toBeInTheDocument();
    expect(within(sales).queryByText('bought-done.com')).not.toBeInTheDocument();

    // A completed purchase says where the domain is now.
    const purchases = screen.getByRole('table', { name: 'Your purchases' });
    const bought = within(purchases).getByRole('rowheader', { name: 'bought-done.com' }).closest('tr') as HTMLElement;
    expect(within(bought).getByRole('link', { name: 'In your portfolio' })).toHaveAttribute('href', '/portfolio');
    expect(within(bought).getByRole('link', { name: 'bought-done.com' })).toHaveAttribute('href', '/orders/8');
  });

  it('keeps an offer on a domain the user has since bought among their offers', async () => {
    openMarket({
      'GET /api/domains/': {
        body: { domains: [ownDomain({ id: 77, domain_name: 'wanted.com' })], count: 1 },
      },
      'GET /api/domains/domain-leads-summary/': {
        body: [{ domain_id: 77, domain_name: 'wanted.com', role: 'buyer', total_inquiries: 1, last_bid_amount: 15000, last_bid_date: null, status_label: 'Sold' }],
      },
    });
    const offers = await screen.findByRole('table', { name: 'Your offers' });
    expect(within(offers).getByRole('link', { name: 'wanted.com' })).toHaveAttribute('href', '/domain-leads/negotiation/77');
    expect(within(offers).getByText('Sold')).toBeInTheDocument();
  });

  it('says what to do next in every empty section', async () => {
    openMarket({
      'GET /api/domains/': { body: { domains: [], count: 0 } },
      'GET /api/domains/domain-leads-summary/': { body: [] },
      'GET /api/orders/': { body: [] },
    });
    expect(await screen.findByText(/You have not made any offers yet/)).toBeInTheDocument();
    expect(await screen.findByText(/You have not bought a domain yet/)).toBeInTheDocument();
    expect(screen.getByText(/You have no domains in the marketplace yet/)).toBeInTheDocument();
    expect(await screen.findByText(/You have not completed a sale yet/)).toBeInTheDocument();
    expect(screen.getAllByText(emptyTableMessage)).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Add your domains' })).toHaveAttribute('href', '/add_domains');
    expect(document.title).toBe('Market | Domain Market');
  });
});
