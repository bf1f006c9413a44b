import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { domainMessages, emptyTableMessage, nameserverStateLabels } from '@market/shared';
import { renderRoute, signIn } from '@/testing/test-utils';
import { aDeal } from '@/testing/deals';
import { mockApi, ownDomain } from '../testing/fixtures';
import PortfolioRoute from './portfolio';

// User-event journeys through MUI are slow on a busy 2-core machine; 5 s is too tight there.
vi.setConfig({ testTimeout: 30_000 });

function manyDomains(n: number) {
  return Array.from({ length: n }, (_, i) => ownDomain({ id: i + 1, domain_name: `name${String(i + 1).padStart(2, '0')}.com` }));
}

describe('Power Portfolio', () => {
  it('loads page 1 with limit 1000 and shows the first 10 rows, then pages', async () => {
    const { calls } = mockApi({ 'GET /api/domains/': { body: { domains: manyDomains(12), count: 12 } } });
    signIn();
    const { user } = renderRoute(<PortfolioRoute />);
    expect(await screen.findByText('name01.com')).toBeInTheDocument();
    expect(calls().filter((c) => c.path.startsWith('/api/domains/?')).map((c) => c.path)).toEqual(['/api/domains/?page=1&limit=1000']);
    expect(screen.queryByText('name11.com')).not.toBeInTheDocument();
    expect(screen.getAllByText('Pending approval')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(screen.getByText('name11.com')).toBeInTheDocument();
  });

  it('says there are no records and links to the import page', async () => {
    mockApi({ 'GET /api/domains/': { body: { domains: [], count: 0 } } });
    signIn();
    renderRoute(<PortfolioRoute />);
    expect(await screen.findByText(emptyTableMessage)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your first domains' })).toHaveAttribute('href', '/add_domains');
  });

  it('lists completed sales below the domains, each with its order', async () => {
    mockApi({
      'GET /api/domains/': { body: { domains: manyDomains(1), count: 1 } },
      'GET /api/orders/': {
        body: [
          aDeal({ id: 31, domain_name: 'gone-to-bea.com', role: 'seller', status: 'completed', completed_at: '2025-05-06T10:00:00.000Z', priceDollars: 3000 }),
          aDeal({ id: 32, domain_name: 'still-paying.com', role: 'seller', status: 'transfer_in_progress' }),
          aDeal({ id: 33, domain_name: 'bought-by-me.com', status: 'completed' }),
        ],
      },
    });
    signIn();
    renderRoute(<PortfolioRoute />);
    const sales = await screen.findByRole('table', { name: 'Your sales' });
    expect(within(sales).getAllByRole('row')).toHaveLength(2);
    expect(within(sales).getByRole('link', { name: 'gone-to-bea.com' })).toHaveAttribute('href', '/orders/31');
    // $3,000 less half of the 10% commission.
    expect(within(sales).getByText('$2,850.00')).toBeInTheDocument();
    expect(within(sales).getByText('May 6, 2025')).toBeInTheDocument();
    expect(within(sales).getByText('Buy Now price')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Your domains' })).not.toHaveTextContent('gone-to-bea.com');
  });

  it('says when there is no completed sale yet, and where orders under way are', async () => {
    mockApi({ 'GET /api/domains/': { body: { domains: manyDomains(1), count: 1 } } });
    signIn();
    renderRoute(<PortfolioRoute />);
    const section = await screen.findByRole('region', { name: 'Your sales' });
    expect(await within(section).findByText(/No completed sales yet/)).toBeInTheDocument();
    expect(within(section).getByText(emptyTableMessage)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'your orders' })).toHaveAttribute('href', '/buy_order');
  });

  it('deletes a domain after the confirm dialog', async () => {
    const { calls } = mockApi({
      'GET /api/domains/': { body: { domains: manyDomains(2), count: 2 } },
      'DELETE /api/domains/2/': { status: 204 },
    });
    signIn();
    const { user } = renderRoute(<PortfolioRoute />);
    await user.click(await screen.findByRole('button', { name: 'Delete name02.com' }));
    const dialog = screen.getByRole('dialog', { name: domainMessages.deleteTitle });
    expect(within(dialog).getByText(domainMessages.deleteConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(domainMessages.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('name02.com')).not.toBeInTheDocument());
    expect(calls().map((c) => `${c.method} ${c.path}`)).toContain('DELETE /api/domains/2/');
  });

  it('opens a domain’s DNS records from its row', async () => {
    mockApi({
      'GET /api/domains/': { body: { domains: manyDomains(2), count: 2 } },
      'GET /api/domains/2/dns/': {
        body: { domain_id: 2, domain_name: 'name02.com', keep_landing: true, records: [], served: true, nameservers: ['ns1.market.test'], allowed_actions: ['edit'] },
      },
    });
    signIn();
    const { user } = renderRoute(<PortfolioRoute />);
    await user.click(await screen.findByRole('button', { name: 'DNS records of name02.com' }));
    const dialog = screen.getByRole('dialog', { name: 'DNS records of name02.com' });
    expect(await within(dialog).findByRole('switch', { name: /Keep the landing page/ })).toBeChecked();
  });

  it('toasts a failed delete', async () => {
    mockApi({
      'GET /api/domains/': { body: { domains: manyDomains(1), count: 1 } },
      'DELETE /api/domains/1/': { status: 403, body: { detail: 'You do not have permission to perform this action.' } },
    });
    signIn();
    const { user } = renderRoute(<PortfolioRoute />);
    await user.click(await screen.findByRole('button', { name: 'Delete name01.com' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(domainMessages.deleteFailed)).toBeInTheDocument();
  });

  it('says which check failed, when it ran and that it runs again', async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    mockApi({
      'GET /api/domains/': {
        body: {
          domains: [ownDomain({ id: 1, domain_name: 'quiet.com', ns_status: 'failed', ns_status_label: nameserverStateLabels.failed, ns_checked_at: fiveMinutesAgo })],
          count: 1,
        },
      },
    });
    signIn();
    renderRoute(<PortfolioRoute />);
    expect(await screen.findAllByText('Nameservers could not be looked up')).not.toHaveLength(0);
    expect(await screen.findAllByText('Last checked 5 minutes ago. Checked again automatically; checks run every hour.')).not.toHaveLength(0);
  });

  it('checks the nameservers of one domain and shows the new state', async () => {
    mockApi({
      'GET /api/domains/': { body: { domains: manyDomains(1), count: 1 } },
      'POST /api/domains/1/verify-nameservers/': {
        body: ownDomain({ id: 1, domain_name: 'name01.com', ns_status: 'verified', ns_status_label: 'Nameservers verified' }),
      },
    });
    signIn();
    const { user } = renderRoute(<PortfolioRoute />);
    await user.click(await screen.findByRole('button', { name: /Check now: nameservers of name01.com/ }));
    expect(await screen.findAllByText('Nameservers verified')).not.toHaveLength(0);
  });
});
