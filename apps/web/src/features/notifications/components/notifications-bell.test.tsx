import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonOf, mockFetch } from '@/testing/mock-fetch';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import { NotificationsBell } from './notifications-bell';

const now = new Date().toISOString();
const items = [
  { id: 2, domain_lead_id: 10, category: '2', message: 'The buyer offered $18,000 for premium-deal.com.', link: '/domain-leads/negotiation/5', read_at: null, created_at: now },
  { id: 1, domain_lead_id: 10, category: '1', message: 'New request for premium-deal.com.', link: 'https://evil.example/', read_at: now, created_at: '2020-01-01T00:00:00.000Z' },
];

function open(unread: number, list: unknown[] = items) {
  signIn();
  const mocks = mockFetch({
    'GET /api/auth/user/': { body: testUser },
    'GET /api/domains/my-stable': { body: { domain_leads: 1, unread_notifications: unread } },
    'GET /api/domains/notifications/': { body: list },
    'POST /api/domains/notifications/read/': { status: 204 },
  });
  return { ...mocks, ...renderRoute(<NotificationsBell />) };
}

describe('NotificationsBell', () => {
  it('says how many are unread, and nothing extra at 0', async () => {
    open(3);
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
  });

  it('is a plain "Notifications" button when all are read', async () => {
    const { requests } = open(0);
    await waitFor(() => expect(requests.some((r) => r.path === '/api/domains/my-stable')).toBe(true));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('loads the list only when opened, links to the negotiation and keeps links on site', async () => {
    const { user, requests } = open(1);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(requests.some((r) => r.path.startsWith('/api/domains/notifications/'))).toBe(false);
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const offer = await within(panel).findByRole('link', { name: /offered \$18,000/ });
    expect(offer).toHaveAttribute('href', '/domain-leads/negotiation/5');
    expect(offer).toHaveTextContent('Unread:');
    expect(within(panel).getByRole('link', { name: /New request/ })).toHaveAttribute('href', '/domain-leads');
    expect(requests.find((r) => r.path.startsWith('/api/domains/notifications/'))?.path).toBe('/api/domains/notifications/?limit=20');
    // The footer serves every kind of notice, not only domain leads.
    expect(within(panel).queryByRole('link', { name: 'All domain leads' })).toBeNull();
    expect(within(panel).getByRole('link', { name: 'Open My Stable' })).toHaveAttribute('href', '/my_stable');
    expect(within(panel).getByRole('link', { name: 'Requests and engagements' })).toHaveAttribute('href', '/engagements');
  });

  it('marks one read when opened, and all read on request', async () => {
    const { user, requests } = open(1);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(jsonOf(requests.find((r) => r.method === 'POST'))).toEqual({ ids: 'all' });

    await user.click(await within(panel).findByRole('link', { name: /offered \$18,000/ }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2));
    expect(jsonOf(requests.filter((r) => r.method === 'POST')[1])).toEqual({ ids: [2] });
    expect(screen.getByTestId('location')).toHaveTextContent('/domain-leads/negotiation/5');
  });

  it('says when there is nothing yet', async () => {
    const { user } = open(0, []);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });
});
