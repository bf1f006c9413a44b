import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/test-utils';
import { headline, mockApi, SPONSORED_API } from '../testing/fixtures';
import { SponsoredHeadlinesTable } from './sponsored-headlines-table';

function open(body: unknown) {
  mockApi({ [`GET ${SPONSORED_API}/`]: { body } });
  return renderRoute(<SponsoredHeadlinesTable />);
}

describe('SponsoredHeadlinesTable (embedded by home at /#sponsored)', { timeout: 20_000 }, () => {
  it('has three columns, Domain trade, Buy Now and Startup Breeders, with the headlines side by side', async () => {
    open([
      headline('Buy Now', { id: 1, domain_name: 'bin-one.com', seller_price: 3000 }),
      headline('Trade Domains', { id: 2, domain_name: 'trade-one.com', trade_option: '3 Figures' }),
    ]);
    const table = await screen.findByRole('table', { name: 'Sponsored headlines' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Domain trade', 'Buy Now', 'Startup Breeders']);
    expect(within(table).getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/sponsored/buy-now');
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['trade-one.com3 Figures', 'bin-one.com$3,000Checkout', 'No headlines yet']);
    expect(within(cells[1]!).getByRole('link', { name: 'bin-one.com' })).toHaveAttribute('href', '/landing/1');
  });

  it('shows the newest ten of a column and links to the rest', async () => {
    open(Array.from({ length: 12 }, (_, i) => headline('Startup Breeders', { domain_name: `breed${i + 1}.io` })));
    const table = await screen.findByRole('table', { name: 'Sponsored headlines' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 10 + 1);
    expect(within(table).queryByText('breed11.io')).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'See all 12 Startup Breeders' })).toHaveAttribute('href', '/sponsored/startup-breeders');
  });

  it('shows the newest listings when nothing is sponsored', async () => {
    mockApi({
      [`GET ${SPONSORED_API}/`]: { body: [] },
      'GET /api/domains/search/': { body: [{ id: 41, domain_name: 'fresh-name.com', business_status: 'Buy Now' }] },
    });
    renderRoute(<SponsoredHeadlinesTable />);
    expect(await screen.findByText('No sponsored headlines yet. The newest listings:')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Newest listings' });
    expect(within(list).getByRole('link', { name: 'fresh-name.com' })).toHaveAttribute('href', '/landing/41');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when there are no headlines and no listings at all', async () => {
    mockApi({ [`GET ${SPONSORED_API}/`]: { body: [] }, 'GET /api/domains/search/': { body: [] } });
    renderRoute(<SponsoredHeadlinesTable />);
    expect(await screen.findByText('No sponsored headlines yet.')).toBeInTheDocument();
  });

  it('reports a failed load with a retry', async () => {
    mockApi({ [`GET ${SPONSORED_API}/`]: { status: 500, body: {} } });
    renderRoute(<SponsoredHeadlinesTable />);
    expect(await screen.findByText('Sponsored headlines could not be loaded. Server Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
