import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { negotiationMessages } from '@market/shared';
import { renderRoute, renderWithRouter, signIn } from '@/testing/test-utils';
import { cameFromPath, fromState } from '@/features/auth';
import { aDomain } from '@/features/portfolio/testing/fixtures';
import { searchStore } from '../hooks/search-state';
import { mockSearchFetch, type SearchCall } from '../testing/search-fetch';
import HomeSearchRoute from './home-search';
import { aLeadRequest, aNegotiationStep } from '@/testing/leads';

// User-event journeys through MUI are slow on a busy 2-core machine; 5 s is too tight there.
vi.setConfig({ testTimeout: 30_000 });

// Only Buy Now rows carry a price: the search answer leaves the others' out.
const priceless = { seller_price: null, buyer_price: null };
const trade = aDomain({ id: 1, domain_name: 'swap.com', business_status: '', trade_switch: 'Yes', trade_option: '3 Figures', ...priceless });
const buy = aDomain({ id: 2, domain_name: 'buy.com', seller_price: 4200 });
const breeder = aDomain({ id: 3, domain_name: 'startup.io', business_status: '', startup_breeders_switch: 'Yes', startup_breeders: 'Pitch to Us', ...priceless });
// In none of the cards: no trade, not Buy Now, not for startup breeders.
const premium = aDomain({ id: 4, domain_name: 'atlasfinance.com', business_status: 'Price Upon Request', ...priceless, thoroughbred: true, min_offer: 80_000 });

/** Each card asks for its listing type; the public list asks for what the visitor chose. */
function answer(params: URLSearchParams) {
  const filters = JSON.parse(params.get('filters') ?? '{}') as { business_status?: string[]; trade_options?: string[] };
  if (filters.trade_options) return { domains: [trade] };
  if (filters.business_status?.includes('Buy Now')) return { domains: [buy] };
  if (filters.business_status?.includes('Startup Breeders')) return { domains: [breeder] };
  return { domains: [premium], total: 1 };
}

/** The public list's searches: the only ones without a card's listing type. */
const listSearches = (searches: SearchCall[]) =>
  searches.filter((s) => {
    const listing = s.filters?.business_status as string[] | undefined;
    return !s.filters?.trade_options && !listing?.includes('Buy Now') && !listing?.includes('Startup Breeders');
  });

/** The login page stand-in: shows where the user would be sent back to. */
function LoginProbe() {
  return <p>Log in, then back to {cameFromPath(fromState(useLocation().state))}</p>;
}

function card(name: RegExp) {
  return screen.getByRole('region', { name });
}

beforeEach(() => searchStore.reload());

describe('home search', () => {
  it('shows three cards, each searching its own listing type with the ?search= text', async () => {
    const { searches } = mockSearchFetch(answer);
    renderRoute(<HomeSearchRoute />, { at: '/homeSearch?search=shop' });
    expect(await screen.findByText('swap.com')).toBeInTheDocument();
    await screen.findByText('buy.com');
    await screen.findByText('startup.io');
    expect(searches.every((s) => s.params.get('domain_name') === 'shop')).toBe(true);
    const filters = searches.map((s) => s.filters);
    expect(filters).toContainEqual({ trade_options: ['3 Figures', '4 Figures', '5 Figures'] });
    expect(filters).toContainEqual({ business_status: ['Buy Now'] });
    expect(filters).toContainEqual({ business_status: ['Startup Breeders'] });

    expect(within(card(/Domain trade/)).getByRole('link', { name: 'Domain trade' })).toHaveAttribute('href', '/sponsored/domain-trade');
    expect(within(card(/Buy Now/)).getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/sponsored/buy-now');
    expect(within(card(/Startup Breeders/)).getByRole('link', { name: 'Startup Breeders' })).toHaveAttribute(
      'href',
      '/sponsored/startup-breeders',
    );
    expect(screen.getByRole('link', { name: 'swap.com' })).toHaveAttribute('href', '/landing/1');
    expect(within(card(/Buy Now/)).getByText('$4,200')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy Now: buy.com' })).toHaveAttribute('href', '/buy_order?domain_id=2');
    expect(searchStore.getSnapshot().text).toBe('shop');
  });

  it('sends a signed-out visitor to log in before a trade request', async () => {
    const { others } = mockSearchFetch(answer);
    const { user } = renderRoute(<HomeSearchRoute />, { at: '/homeSearch?search=shop', path: '/homeSearch' });
    await user.click(await screen.findByRole('button', { name: 'Request trade: swap.com' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(others).toEqual([]);
  });

  it('submits a breeder request when signed in', async () => {
    signIn();
    const { others } = mockSearchFetch(answer, {
      'POST /api/domains/domain-leads/': { status: 201, body: { domain_lead_id: 5 } },
      'POST /api/domains/notifications/': { status: 201, body: aLeadRequest(5, 'Startup Breeders') },
      'POST /api/domains/negotiation/': { status: 201, body: aNegotiationStep({ domain_lead_id: 5 }) },
    });
    const { user } = renderRoute(<HomeSearchRoute />, { at: '/homeSearch' });
    await user.click(await screen.findByRole('button', { name: 'Pitch to Us: startup.io' }));
    expect(await screen.findByText(negotiationMessages.leadSubmitted)).toBeInTheDocument();
    expect(others.map((o) => o.path)).toEqual([
      '/api/domains/domain-leads/',
      '/api/domains/notifications/',
      '/api/domains/negotiation/',
    ]);
    expect(others[1]?.body).toEqual({ domain_lead_id: 5, category: 'Startup Breeders' });
  });

  it("titles the failure toast 'Success', as the product always has, with the server's detail", async () => {
    signIn();
    mockSearchFetch(answer, {
      'POST /api/domains/domain-leads/': { status: 409, body: { detail: negotiationMessages.notAvailable } },
    });
    const { user } = renderRoute(<HomeSearchRoute />, { at: '/homeSearch' });
    await user.click(await screen.findByRole('button', { name: 'Request trade: swap.com' }));
    expect(await screen.findByText(`${negotiationMessages.leadFailed} ${negotiationMessages.notAvailable}`)).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
  });

  it('lists every matching domain for a signed-out visitor, whatever its listing type, paged', async () => {
    const { searches } = mockSearchFetch(answer);
    renderRoute(<HomeSearchRoute />, { at: '/homeSearch?search=atlas' });
    const list = screen.getByRole('region', { name: 'All listed domains' });
    expect(await within(list).findByRole('link', { name: 'atlasfinance.com' })).toHaveAttribute('href', '/landing/4');
    expect(within(list).getByTestId('showing-entries')).toHaveTextContent('Showing 1 to 1 of 1 entries');
    const [first] = listSearches(searches);
    expect(first?.params.get('domain_name')).toBe('atlas');
    expect(first?.filters).toBeUndefined();
    expect(first?.authorization).toBeUndefined();
    // Not in any card: only the list finds it.
    for (const name of [/Domain trade/, /Buy Now/, /Startup Breeders/]) {
      expect(within(card(name)).queryByText('atlasfinance.com')).not.toBeInTheDocument();
    }
  });

  it("narrows the list with the Search Leads filter panel and saves the choice in the shared search", async () => {
    const { searches } = mockSearchFetch(answer);
    renderRoute(<HomeSearchRoute />, { at: '/homeSearch?search=atlas' });
    const list = screen.getByRole('region', { name: 'All listed domains' });
    await within(list).findByRole('link', { name: 'atlasfinance.com' });
    const panel = within(list).getByRole('complementary', { name: 'Search filters' });
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Price Upon Request' }));
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Number' }));
    await waitFor(() =>
      expect(listSearches(searches).at(-1)?.filters).toEqual({ business_status: ['Price Upon Request'], Exclude: ['Number'] }),
    );
    expect(listSearches(searches).at(-1)?.params.get('domain_name')).toBe('atlas');
    expect(searchStore.getSnapshot().filters).toEqual({ business_status: ['Price Upon Request'], Exclude: ['Number'] });
  });

  it('sends a signed-out visitor from a list action to /login, remembering this page', async () => {
    const { others } = mockSearchFetch(answer);
    const { user } = renderWithRouter(
      <Routes>
        <Route path="/homeSearch" element={<HomeSearchRoute />} />
        <Route path="/login" element={<LoginProbe />} />
      </Routes>,
      '/homeSearch?search=atlas',
    );
    const list = screen.getByRole('region', { name: 'All listed domains' });
    await user.click(await within(list).findByRole('button', { name: 'Make an offer: atlasfinance.com' }));
    expect(await screen.findByText('Log in, then back to /homeSearch?search=atlas')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(others).toEqual([]);
  });

  it("shows no request button on the user's own domain", async () => {
    signIn();
    mockSearchFetch(() => ({ domains: [{ ...trade, user: { id: 7, first_name: 'Ada', last_name: 'Lovelace' } }] }));
    renderRoute(<HomeSearchRoute />, { at: '/homeSearch' });
    await waitFor(() => expect(screen.getAllByText('Your domain').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /Request trade/ })).not.toBeInTheDocument();
  });
});
