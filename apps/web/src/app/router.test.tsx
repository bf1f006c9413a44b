import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter, signIn, testUser } from '@/testing/test-utils';
import { AppRoutes } from './router';

const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
const location = () => screen.getByTestId('location');

/** What the pages under test ask for on their own: answered empty, so only routing is judged. */
const pageData = {
  'GET /api/auth/providers/': { body: [] },
  'GET /api/domains/sponsored-headlines/': { body: [] },
  'GET /api/domains/my-stable': { body: { domain_leads: 0, video_pitch_leads: 0, recently_viewed_domains: 0, market_count: 0, unread_notifications: 0 } },
  'GET /api/domains/search/': { body: [] },
  'GET /api/domains/12': { status: 404, body: { detail: 'Not found.' } },
  'POST /api/domains/12/view/': { status: 404, body: { detail: 'Not found.' } },
};

function signedIn(user = testUser) {
  signIn(user);
  return mockFetch({ ...pageData, 'GET /api/auth/user/': { body: user } });
}

describe('routing', () => {
  it('sends a signed-out visitor to /login and back to the full original location', async () => {
    mockFetch({
      'GET /api/auth/providers/': { body: [] },
      'POST /api/auth/login/': { body: { token: 'k', user: testUser } },
      'GET /api/auth/user/': { body: testUser },
    });
    const { user } = renderWithRouter(<AppRoutes />, '/portfolio?page=2#row-5');
    await h1('Log in');
    expect(location()).toHaveTextContent(/^\/login$/);
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await h1('Power Portfolio');
    expect(location()).toHaveTextContent('/portfolio?page=2#row-5');
  });

  it.each(['/my_stable', '/stable'])('redirects bare %s to the domain leads tab of a seller with leads', async (path) => {
    signIn();
    mockFetch({ ...pageData, 'GET /api/auth/user/': { body: testUser }, 'GET /api/domains/my-stable': { body: { ...pageData['GET /api/domains/my-stable'].body, domain_leads: 2 } }, 'GET /api/domains/domain-leads-summary/': { body: [] } });
    renderWithRouter(<AppRoutes />, path);
    await h1('Domain Leads');
    expect(location()).toHaveTextContent(/^\/domain-leads$/);
    const tabs = screen.getByRole('navigation', { name: 'My Stable' });
    expect(within(tabs).getByRole('link', { name: /^Domain Leads/ })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Portfolio' })).not.toHaveAttribute('aria-current');
  });

  it('opens a freelancer’s My Stable on the requests to answer, saying what to do when there are none', async () => {
    const freelancer = { ...testUser, user_role: 'freelancer' as const };
    signIn(freelancer);
    mockFetch({ ...pageData, 'GET /api/auth/user/': { body: freelancer }, 'GET /api/engagements/': { body: [] } });
    renderWithRouter(<AppRoutes />, '/my_stable');
    await h1('Requests');
    expect(location()).toHaveTextContent(/^\/freelance-requests$/);
    expect(await screen.findByText(/No request is waiting for an answer/)).toHaveTextContent(/publish your freelancer profile/);
  });

  it('opens a new seller’s My Stable on the portfolio, which says to add domains', async () => {
    signedIn();
    renderWithRouter(<AppRoutes />, '/my_stable');
    await h1('Power Portfolio');
    expect(location()).toHaveTextContent(/^\/portfolio$/);
  });

  it('marks the Video Pitch tab on its /video_pitch alias', async () => {
    signedIn();
    renderWithRouter(<AppRoutes />, '/video_pitch');
    await h1('Video Pitch');
    const tabs = screen.getByRole('navigation', { name: 'My Stable' });
    expect(within(tabs).getByRole('link', { name: 'Video Pitch' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows home on an unknown path, keeping the address', async () => {
    mockFetch(pageData);
    renderWithRouter(<AppRoutes />, '/no/such/page');
    await h1('The marketplace for domain names');
    expect(location()).toHaveTextContent('/no/such/page');
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it.each([
    ['/checkout', 'Checkout'],
    ['/Checkout', 'Checkout'],
    ['/homeSearch', 'Browse domains'],
    ['/homesearch', 'Browse domains'],
    ['/video-pitch', 'Video Pitch'],
    ['/sponsored/buy-now', 'Sponsored: Buy Now'],
    ['/landing/12', 'Domain not found'],
    ['/domain-leads/negotiation/3', 'Negotiation'],
    ['/privacy-policy', 'Privacy Policy'],
  ])('serves %s', async (path, title) => {
    signedIn();
    renderWithRouter(<AppRoutes />, path);
    await h1(title);
  });

  it.each(['/CHECKOUT', '/brokerpage', '/HomeSearch', '/sponsored/free-stuff'])('treats %s as unknown (case-sensitive)', async (path) => {
    signedIn();
    renderWithRouter(<AppRoutes />, path);
    await h1('The marketplace for domain names');
  });

  it('keeps admin pages from non-admins and opens them for admins', async () => {
    signedIn();
    const first = renderWithRouter(<AppRoutes />, '/BrokerPage');
    await h1('Access denied');
    first.unmount();

    signedIn({ ...testUser, role: 1 });
    renderWithRouter(<AppRoutes />, '/UserList');
    await h1('User List');
  });

  it('searches from the global bar on Enter', async () => {
    mockFetch(pageData);
    const { user } = renderWithRouter(<AppRoutes />, '/homesearch?search=old');
    const box = await screen.findByRole('searchbox', { name: 'Search domains' });
    expect(box).toHaveAttribute('placeholder', 'Search here...');
    expect(box).toHaveValue('old');
    await user.clear(box);
    await user.type(box, 'coffee shop{Enter}');
    await waitFor(() => expect(location()).toHaveTextContent('/homeSearch?search=coffee+shop'));
  });

  it('logs out through the API, clears storage and goes to /login', async () => {
    signIn();
    const { fetchMock } = mockFetch({
      'GET /api/auth/user/': { body: testUser },
      'GET /api/auth/providers/': { body: [] },
      'POST /api/auth/logout/': { status: 204 },
      'POST /api/auth/login/': { body: { token: 'next', user: testUser } },
    });
    window.localStorage.setItem('cart', '{"id":1}');
    const { user } = renderWithRouter(<AppRoutes />, '/traffic');
    await h1('Traffic');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await h1('Log in');
    expect(location()).toHaveTextContent(/^\/login$/);

    expect(window.localStorage.length).toBe(0);
    expect(authStore.getSnapshot().isAuthenticated).toBe(false);
    const logout = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/logout/'));
    expect((logout?.[1]?.headers as Record<string, string>).Authorization).toBe('Token stored-token');

    // The page left behind is not remembered for whoever logs in next.
    await user.type(screen.getByLabelText(/^Email/), 'grace@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await h1('Domain Leads');
  });

  it('ends a stored session the server no longer accepts', async () => {
    signIn();
    mockFetch({ 'GET /api/auth/user/': { status: 401, body: { detail: 'Invalid token.' } }, 'GET /api/auth/providers/': { body: [] } });
    renderWithRouter(<AppRoutes />, '/settings');
    await h1('Log in');
    expect(authStore.getSnapshot().isAuthenticated).toBe(false);
  });
});
