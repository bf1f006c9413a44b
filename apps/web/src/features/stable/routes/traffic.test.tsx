import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute, signIn } from '@/testing/test-utils';
import { mockApi } from '@/features/portfolio/testing/fixtures';
import TrafficRoute from './traffic';

// User-event journeys through MUI are slow on a busy 2-core machine; 5 s is too tight there.
vi.setConfig({ testTimeout: 30_000 });

const days = ['2026-03-01', '2026-03-02', '2026-03-03'];
const traffic = {
  days,
  series: [
    { domain_id: 1, domain_name: 'alpha.com', total: 7, points: days.map((day, i) => ({ day, visits: [1, 4, 2][i] ?? 0 })) },
    { domain_id: 2, domain_name: 'beta.io', total: 2, points: days.map((day, i) => ({ day, visits: [0, 2, 0][i] ?? 0 })) },
  ],
  referrers: [
    { referrer: 'Direct', visits: 6 },
    { referrer: 'news.example', visits: 3 },
  ],
};

describe('traffic page', () => {
  it('shows totals, top domains and referrers, and narrows to one domain', async () => {
    signIn();
    const { calls } = mockApi({
      'GET /api/domains/traffic/': (request) =>
        request.path.includes('domain_id=2') ? { body: { ...traffic, series: [traffic.series[1]] } } : { body: traffic },
    });
    const { user } = renderRoute(<TrafficRoute />);
    expect(await screen.findByText('Total visits')).toBeInTheDocument();
    expect(calls()[0]?.path).toBe('/api/domains/traffic/?days=30');
    expect(screen.getByText(/All domains: 9 visits/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Top referrers' })).toHaveTextContent('news.example');
    await user.click(screen.getByRole('button', { name: 'beta.io: 2 visits' }));
    await waitFor(() => expect(calls().at(-1)?.path).toBe('/api/domains/traffic/?days=30&domain_id=2'));
    expect(await screen.findByText(/beta\.io: 2 visits/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(calls().some((c) => c.path === '/api/domains/traffic/?days=7')).toBe(true));
  });

  it('explains an empty period and what to do', async () => {
    signIn();
    mockApi({ 'GET /api/domains/traffic/': { body: { days, series: [], referrers: [] } } });
    renderRoute(<TrafficRoute />);
    expect(await screen.findByText('No visits in the last 30 days')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your portfolio' })).toHaveAttribute('href', '/portfolio');
  });
});
