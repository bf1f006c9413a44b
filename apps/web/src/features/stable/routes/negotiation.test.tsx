import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { negotiationMessages as nm } from '@market/shared';
import { mockFetch, type MockReply } from '@/testing/mock-fetch';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import { entry, lead, view } from '../test-fixtures';
import NegotiationRoute from './negotiation';

function open(reply: MockReply) {
  signIn();
  const mocks = mockFetch({
    'GET /api/auth/user/': { body: testUser },
    'GET /api/domains/negotiation/view/': reply,
  });
  renderRoute(<NegotiationRoute />, { at: '/domain-leads/negotiation/5', path: '/domain-leads/negotiation/:id' });
  return mocks;
}

describe('negotiation page', () => {
  it('asks the server for the domain in the address', async () => {
    const { requests } = open({ body: view() });
    expect(await screen.findByRole('link', { name: 'premium-deal.com' })).toHaveAttribute('href', '/landing/5');
    expect(requests.find((r) => r.path.startsWith('/api/domains/negotiation/view/'))?.path).toBe('/api/domains/negotiation/view/?domain_id=5');
  });

  it('says plainly when the viewer is not a party', async () => {
    open({ status: 403, body: { detail: nm.notParty } });
    expect(await screen.findByText(nm.notParty)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Negotiation' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('tells the seller when nobody has asked about the domain yet, from the view alone', async () => {
    const { requests } = open({ body: view({ role: 'seller', leads: [] }) });
    expect(await screen.findByText('No buyer has asked about premium-deal.com yet.')).toBeInTheDocument();
    expect(screen.getByText(/You are the seller\./)).toBeInTheDocument();
    expect(screen.queryByText(nm.notParty)).not.toBeInTheDocument();
    expect(requests.map((r) => r.path).filter((p) => p.startsWith('/api/domains/'))).toEqual(['/api/domains/negotiation/view/?domain_id=5']);
  });

  it('shows the seller one section per buyer, with history, expiry and the expired marker', async () => {
    const data = view({
      role: 'seller',
      leads: [
        lead({ id: 10, buyer_name: 'Bob B.', allowed_statuses: [2, 4, 6], entries: [entry({ amount: 18000 })] }),
        lead({
          id: 11,
          buyer_name: 'Cy C.',
          allowed_statuses: [2, 6],
          entries: [entry({ id: 9, domain_lead_id: 11, amount: 16000, expired: true, expires_at: '2025-01-08T10:00:00.000Z' })],
        }),
      ],
    });
    open({ body: data });
    const bob = await screen.findByRole('region', { name: 'Buyer: Bob B.' });
    const cy = screen.getByRole('region', { name: 'Buyer: Cy C.' });
    expect(screen.queryByText(/No buyer has asked/)).not.toBeInTheDocument();
    expect(within(bob).getByRole('button', { name: 'Accept $18,000' })).toBeInTheDocument();
    expect(within(bob).getByRole('cell', { name: /Mar 8, 2025/ })).toBeInTheDocument();
    expect(within(cy).queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    expect(within(cy).getByText('Expired')).toBeInTheDocument();
    const standing = (_: string, el: Element | null) => el?.tagName === 'P' && /offer of \$16,000 expired on Jan 8, 2025/.test(el.textContent ?? '');
    expect(within(cy).getByText(standing)).toBeInTheDocument();
  });

  it('shows an accepted deal with the buyer total, the seller net and the order link', async () => {
    const split = { price: 22000, commission: 2200, buyerShare: 1100, sellerShare: 1100, buyerTotal: 23100, sellerNet: 20900 };
    open({ body: view({ leads: [lead({ status: 'accepted', accepted_amount: 22000, split, allowed_statuses: [] })] }) });
    expect(await screen.findByText('Deal accepted at $22,000')).toBeInTheDocument();
    expect(screen.getByTestId('split-buyer')).toHaveTextContent('You pay (price + 5%)$23,100');
    expect(screen.getByTestId('split-seller')).toHaveTextContent('Seller receives (price − 5%)$20,900');
    expect(screen.getByRole('link', { name: 'View the order' })).toHaveAttribute('href', '/buy_order');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows a buyer who now sells the domain their own old negotiation as its buyer, beside the new buyers’', async () => {
    const split = { price: 20000, commission: 2000, buyerShare: 1000, sellerShare: 1000, buyerTotal: 21000, sellerNet: 19000 };
    open({
      body: view({
        role: 'seller',
        leads: [
          lead({ id: 3, role: 'buyer', buyer_name: 'Ada L.', status: 'accepted', accepted_amount: 20000, split, order_id: 44, allowed_statuses: [] }),
          lead({ id: 12, role: 'seller', buyer_name: 'Rio R.', allowed_statuses: [2, 4, 6], entries: [entry({ domain_lead_id: 12, amount: 35000 })] }),
        ],
      }),
    });
    const bought = await screen.findByRole('region', { name: 'Your negotiation' });
    expect(within(bought).getByTestId('split-buyer')).toHaveTextContent('You pay (price + 5%)$21,000');
    expect(within(bought).getByRole('link', { name: 'View the order' })).toHaveAttribute('href', '/orders/44');
    const selling = screen.getByRole('region', { name: 'Buyer: Rio R.' });
    expect(within(selling).getByRole('button', { name: 'Accept $35,000' })).toBeInTheDocument();
  });

  it('tells someone whose negotiation was with an earlier owner that the domain is sold, with no price', async () => {
    open({
      body: view(
        { leads: [lead({ status: 'closed', allowed_statuses: [], entries: [entry({ amount: 16000 })] })] },
        { sale_status: 'sold', seller_price: 0, min_offer: 0, business_status: '' },
      ),
    });
    expect(await screen.findByText(/This negotiation is closed/)).toBeInTheDocument();
    expect(screen.getByText('You are a buyer. Sold.')).toBeInTheDocument();
    expect(screen.queryByText(/Asking price/)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('sends a buyer of a domain under $10,000 to Buy Now, with no offer input', async () => {
    open({
      body: view(
        { leads: [lead({ allowed_statuses: [1] })] },
        { seller_price: 4000, min_offer: 0, business_status: 'Buy Now' },
      ),
    });
    expect(await screen.findByText(/sells at its Buy Now price of \$4,000/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy now' })).toHaveAttribute('href', '/buy_order?domain_id=5');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
