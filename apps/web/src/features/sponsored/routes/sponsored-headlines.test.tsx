import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/test-utils';
import { headline, mockApi, SPONSORED_API } from '../testing/fixtures';
import SponsoredHeadlinesRoute from './sponsored-headlines';

describe('/sponsored-headlines', { timeout: 20_000 }, () => {
  it('shows all three categories, each titled with a link to its own page', async () => {
    mockApi({
      [`GET ${SPONSORED_API}/`]: {
        body: [
          headline('Buy Now', { domain_name: 'bin-one.com' }),
          headline('Startup Breeders', { domain_name: 'breed-one.io' }),
          headline('Trade Domains', { domain_name: 'trade-one.com' }),
        ],
      },
    });
    renderRoute(<SponsoredHeadlinesRoute />, { at: '/sponsored-headlines', path: '/sponsored-headlines' });
    const regions = await screen.findAllByRole('region');
    expect(regions.map((r) => within(r).getByRole('heading', { level: 2 }).textContent)).toEqual(['Domain trade', 'Buy Now', 'Startup Breeders']);
    expect(within(regions[0]!).getByRole('link', { name: 'Domain trade' })).toHaveAttribute('href', '/sponsored/domain-trade');
    expect(await within(regions[0]!).findByText('trade-one.com')).toBeInTheDocument();
    expect(within(regions[1]!).getByText('bin-one.com')).toBeInTheDocument();
    expect(within(regions[2]!).getByText('breed-one.io')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sponsor your domains from $3.00' })).toHaveAttribute('href', '/order-sponsored-headlines');
  });

  it('reports a failed load with a retry', async () => {
    mockApi({ [`GET ${SPONSORED_API}/`]: { status: 500, body: { detail: 'boom' } } });
    renderRoute(<SponsoredHeadlinesRoute />, { at: '/sponsored-headlines', path: '/sponsored-headlines' });
    expect(await screen.findAllByText('Server Error')).toHaveLength(3);
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(3);
  });
});
