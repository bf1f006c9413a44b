import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter, signIn, testUser } from '@/testing/test-utils';
import { StableLayout } from './stable-layout';

function open(counts: Record<string, number>, user = testUser) {
  signIn(user);
  const mocks = mockFetch({ 'GET /api/auth/user/': { body: user }, 'GET /api/domains/my-stable': { body: counts } });
  renderWithRouter(
    <Routes>
      <Route element={<StableLayout />}>
        <Route path="*" element={<p>Tab content</p>} />
      </Route>
    </Routes>,
    '/domain-leads',
  );
  return mocks;
}

const tabs = () => screen.getByRole('navigation', { name: 'My Stable' });

describe('My Stable tab badges', () => {
  it('shows the counts on the four tabs that have them', async () => {
    open({ domain_leads: 3, video_pitch_leads: 1, recently_viewed_domains: 120, market_count: 2, unread_notifications: 4 });
    expect(await within(tabs()).findByRole('link', { name: 'Domain Leads, 3 open leads' }, { timeout: 5000 })).toBeInTheDocument();
    expect(within(tabs()).getByRole('link', { name: 'Video Pitch, 1 video pitch lead' })).toBeInTheDocument();
    expect(within(tabs()).getByRole('link', { name: 'Recently Viewed, 120 domains' })).toHaveTextContent('99+');
    expect(within(tabs()).getByRole('link', { name: 'Market, 2 open offers' })).toBeInTheDocument();
    expect(within(tabs()).getByRole('link', { name: 'Portfolio' })).toBeInTheDocument();
    expect(screen.getAllByTestId('tab-count')).toHaveLength(4);
  });

  it('shows no badge for a count of 0', async () => {
    const { requests } = open({ domain_leads: 0, video_pitch_leads: 0, recently_viewed_domains: 2, market_count: 0 });
    expect(await within(tabs()).findByRole('link', { name: 'Recently Viewed, 2 domains' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByTestId('tab-count')).toHaveLength(1);
    expect(within(tabs()).getByRole('link', { name: 'Domain Leads' })).toBeInTheDocument();
    expect(within(tabs()).getByRole('link', { name: 'Market' })).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/domains/my-stable')).toHaveLength(1);
  });

  it('links an Admin to the admin pages above the tabs, and a seller to none', async () => {
    open({}, { ...testUser, role: 2 });
    const admin = await screen.findByRole('navigation', { name: 'Admin pages' });
    expect(within(admin).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/BrokerPage', '/PortfolioApproval', '/UserList']);
  });

  it('shows a seller no admin links', async () => {
    open({});
    await within(tabs()).findByRole('link', { name: 'Portfolio' });
    expect(screen.queryByRole('navigation', { name: 'Admin pages' })).toBeNull();
  });
});
