import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, signIn } from '@/testing/test-utils';
import { headline, mockApi, SPONSORED_API } from '../testing/fixtures';
import SponsoredRoute from './sponsored';

function open(page: string, body: unknown) {
  const mocks = mockApi({ [`GET ${SPONSORED_API}/`]: { body } });
  return { ...mocks, ...renderRoute(<SponsoredRoute />, { at: `/sponsored/${page}`, path: '/sponsored/:page' }) };
}

describe('/sponsored/{page}', { timeout: 20_000 }, () => {
  it('lists the Buy Now headlines with price, a Checkout button and a landing link, without signing in', async () => {
    const bin = headline('Buy Now', { id: 42, domain_name: 'bin-one.com', seller_price: 3000 });
    const { calls } = open('buy-now', [headline('Trade Domains', { domain_name: 'trade-one.com' }), bin]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sponsored: Buy Now' })).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Buy Now headlines' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('bin-one.com$3,000Checkout');
    expect(within(rows[0]!).getByRole('link', { name: 'bin-one.com' })).toHaveAttribute('href', '/landing/42');
    expect(within(rows[0]!).getByRole('link', { name: 'Checkout bin-one.com' })).toHaveAttribute('href', '/buy_order?domain_id=42');
    expect(screen.queryByText('trade-one.com')).not.toBeInTheDocument();
    expect(calls()[0]?.headers.Authorization).toBeUndefined();
  });

  it("does not offer to buy the viewer's own domain", async () => {
    signIn();
    open('buy-now', [headline('Buy Now', { domain_name: 'mine.com', user: { id: 7, first_name: 'Ada', last_name: 'Lovelace' } })]);
    const list = await screen.findByRole('region', { name: 'Buy Now headlines' });
    expect(await within(list).findByText('Your domain')).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: /Checkout/ })).not.toBeInTheDocument();
  });

  it('shows the trade tier on the domain trade page', async () => {
    open('domain-trade', [headline('Trade Domains', { id: 5, domain_name: 'trade-one.com', trade_option: '5 Figures' })]);
    const list = await screen.findByRole('region', { name: 'Domain trade headlines' });
    expect(await within(list).findByRole('listitem')).toHaveTextContent('trade-one.com5 Figures');
  });

  it('says when a category has no headlines', async () => {
    open('startup-breeders', [headline('Buy Now')]);
    expect(await screen.findByText('No sponsored Startup Breeders headlines right now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sponsor your domains' })).toHaveAttribute('href', '/order-sponsored-headlines');
  });

  it('shows home for an unknown page', async () => {
    mockApi({});
    renderRoute(<SponsoredRoute />, { at: '/sponsored/free-stuff', path: '/sponsored/:page' });
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
