import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyTableMessage } from '@market/shared';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import DomainLeadsRoute from './domain-leads';

const row = (i: number) => ({
  domain_id: 100 + i,
  domain_name: `name-${String(i).padStart(2, '0')}.com`,
  role: 'seller',
  total_inquiries: i,
  last_bid_amount: i % 2 ? 15000 + i : null,
  last_bid_date: i % 2 ? '2025-03-01T10:00:00.000Z' : null,
  status_label: 'Open',
});

function open(rows: unknown[]) {
  signIn();
  mockFetch({ 'GET /api/auth/user/': { body: testUser }, 'GET /api/domains/domain-leads-summary/': { body: rows } });
  return renderRoute(<DomainLeadsRoute />);
}

describe('domain leads summary', () => {
  it('says there is nothing yet and what to do next', async () => {
    open([]);
    expect(await screen.findByText(emptyTableMessage)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search domains' })).toHaveAttribute('href', '/homeSearch');
  });

  it('lists the columns and links each row to its negotiation', async () => {
    open([row(1)]);
    const table = await screen.findByRole('table', { name: 'Domain leads' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Domain name', 'Total inquiries', 'Last bid amount ($)', 'Last bid date', 'Status']);
    expect(within(table).getByRole('link', { name: 'name-01.com' })).toHaveAttribute('href', '/domain-leads/negotiation/101');
    expect(within(table).getByText('$15,001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /next page/i })).not.toBeInTheDocument();
  });

  it('has a row per side for a name the user bought after negotiating and now sells', async () => {
    open([
      { ...row(3), domain_id: 7, domain_name: 'bought.com', role: 'seller', status_label: 'Open' },
      { ...row(4), domain_id: 7, domain_name: 'bought.com', role: 'buyer', status_label: 'Sold' },
    ]);
    const table = await screen.findByRole('table', { name: 'Domain leads' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').at(-1)?.textContent)).toEqual(['Open', 'Sold']);
    expect(within(rows[0]!).getByText('Selling')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Buying')).toBeInTheDocument();
    expect(within(table).getAllByRole('link', { name: 'bought.com' }).map((l) => l.getAttribute('href'))).toEqual([
      '/domain-leads/negotiation/7',
      '/domain-leads/negotiation/7',
    ]);
  });

  it('shows the first 10 rows, then pages through the rest', async () => {
    const { user } = open(Array.from({ length: 12 }, (_, i) => row(i + 1)));
    const table = await screen.findByRole('table', { name: 'Domain leads' });
    expect(within(table).getAllByRole('link')).toHaveLength(10);
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    const links = within(table).getAllByRole('link').map((l) => l.textContent);
    expect(links).toEqual(['name-11.com', 'name-12.com']);
  });
});
