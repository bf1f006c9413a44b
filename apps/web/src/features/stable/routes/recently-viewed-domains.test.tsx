import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emptyTableMessage } from '@market/shared';
import { renderRoute, signIn } from '@/testing/test-utils';
import { aDomain, mockApi } from '@/features/portfolio/testing/fixtures';
import RecentlyViewedDomainsRoute from './recently-viewed-domains';

// User-event journeys through MUI are slow on a busy 2-core machine; 5 s is too tight there.
vi.setConfig({ testTimeout: 30_000 });

describe('recently viewed domains', () => {
  it('lists viewed domains with links to their landing pages', async () => {
    signIn();
    mockApi({
      'GET /api/domains/recently-viewed/': { body: [{ ...aDomain({ id: 5, domain_name: 'seen.com' }), viewed_at: '2026-03-02T10:00:00.000Z' }] },
    });
    renderRoute(<RecentlyViewedDomainsRoute />);
    expect(await screen.findByRole('link', { name: 'seen.com' })).toHaveAttribute('href', '/landing/5');
    expect(screen.getByText('$2,500')).toBeInTheDocument();
  });

  it('says what to do next when empty', async () => {
    signIn();
    mockApi({ 'GET /api/domains/recently-viewed/': { body: [] } });
    renderRoute(<RecentlyViewedDomainsRoute />);
    expect(await screen.findByText(emptyTableMessage)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search domains' })).toHaveAttribute('href', '/search');
  });
});
