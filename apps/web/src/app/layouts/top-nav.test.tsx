import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { siteNavigation } from '@market/shared';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import { TopNav } from './top-nav';

// Two of the community settings, so the menu has community links to list.
vi.mock('@/config/env', () => ({ env: { apiBase: '', community: { chat: 'https://chat.example/market', phone: '+1 555 0100' } } }));

// While the drawer is open the rest of the page is aria-hidden, the menu button included.
const menuButton = () => screen.getByRole('button', { name: 'Open menu', hidden: true });

describe('TopNav menu', () => {
  it("lists the header's links and the signed-out actions, closes on Escape and on a link", async () => {
    mockFetch({});
    const { user } = renderRoute(<TopNav />, { at: '/how-it-works' });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton());
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    const links = within(within(menu).getByRole('navigation', { name: 'Main menu' })).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual(siteNavigation.map((l) => [l.label, l.href]));
    expect(within(menu).getByRole('link', { name: 'How it works' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(menu).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    const community = within(menu).getByRole('list', { name: 'Community' });
    expect(within(community).getByRole('link', { name: 'Chat community' })).toHaveAttribute('target', '_blank');
    expect(within(community).getByRole('link', { name: 'Call us at +1 555 0100' })).toHaveAttribute('href', 'tel:+15550100');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton());
    await user.click(within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Search domains' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/homeSearch');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });

  it('offers notifications, My Stable and Log out when signed in', async () => {
    signIn();
    mockFetch({
      'GET /api/auth/user/': { body: testUser },
      'GET /api/domains/my-stable': { body: { domain_leads: 0, unread_notifications: 2 } },
      'GET /api/domains/notifications/': { body: [] },
    });
    const { user } = renderRoute(<TopNav />);
    await user.click(menuButton());
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'My Stable' })).toHaveAttribute('href', '/my_stable');
    expect(within(menu).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();

    // The menu hands over to the bell's panel.
    await user.click(await within(menu).findByRole('button', { name: 'Notifications, 2 unread' }));
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });

  it('shows Admins the admin pages in the bar and the menu, and nobody else', async () => {
    signIn({ ...testUser, role: 1 });
    mockFetch({ 'GET /api/auth/user/': { body: { ...testUser, role: 1 } }, 'GET /api/domains/my-stable': { body: {} } });
    const { user } = renderRoute(<TopNav />);
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/BrokerPage');
    await user.click(menuButton());
    const admin = within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('navigation', { name: 'Admin menu' });
    expect(within(admin).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Broker Dashboard', '/BrokerPage'],
      ['Portfolio Approval', '/PortfolioApproval'],
      ['New Users', '/UserList'],
    ]);
  });

  it('shows a seller no admin link', async () => {
    signIn();
    mockFetch({ 'GET /api/auth/user/': { body: testUser }, 'GET /api/domains/my-stable': { body: {} } });
    const { user } = renderRoute(<TopNav />);
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    await user.click(menuButton());
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).queryByRole('navigation', { name: 'Admin menu' })).toBeNull();
  });
});
