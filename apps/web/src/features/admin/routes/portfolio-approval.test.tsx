import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyTableMessage } from '@market/shared';
import { renderRoute, signIn } from '@/testing/test-utils';
import { aPendingDomain, adminUser, callLines, mockAdminApi } from '../testing/fixtures';
import type { PendingDomain } from '../api/get-pending-domains';
import { APPROVAL_PAGE_SIZE } from '../utils/constants';
import PortfolioApprovalRoute from './portfolio-approval';

function renderPage() {
  signIn(adminUser);
  return renderRoute(<PortfolioApprovalRoute />, { at: '/PortfolioApproval', path: '/PortfolioApproval' });
}

/** A server-side queue: GET answers what is still pending after `after`; reviews remove ids. */
function queue(initial: PendingDomain[]) {
  let pending = [...initial];
  return {
    routes: {
      'GET /api/domains/admin/approval/': (r: { path: string }) => {
        const params = new URL(r.path, 'http://x').searchParams;
        const after = Number(params.get('after'));
        const limit = Number(params.get('limit'));
        return { body: pending.filter((d) => d.id > after).slice(0, limit) };
      },
      'POST /api/domains/admin/approval/': (r: { body: unknown }) => {
        const { ids } = r.body as { ids: number[] };
        const before = pending.length;
        pending = pending.filter((d) => !ids.includes(d.id));
        return { body: { updated: before - pending.length } };
      },
    },
    remove(id: number) {
      pending = pending.filter((d) => d.id !== id);
    },
  };
}

const three = [
  aPendingDomain({ id: 1, domain_name: 'one.com', user: { id: 5, first_name: 'Sid', last_name: 'Seller' } }),
  aPendingDomain({ id: 2, domain_name: 'two.com', user: { id: 6, first_name: 'Ann', last_name: 'Owner' } }),
  aPendingDomain({ id: 3, domain_name: 'three.com' }),
];

describe('Portfolio Approval', { timeout: 20_000 }, () => {
  it("lists pending domains with their owner's name", async () => {
    const q = queue(three);
    const { calls } = mockAdminApi(q.routes);
    renderPage();
    const row = await screen.findByTestId('pending-row-2');
    expect(within(row).getByRole('link', { name: 'two.com' })).toHaveAttribute('href', '/landing/2');
    expect(within(row).getByText('Ann Owner')).toBeInTheDocument();
    expect(calls()[0]?.path).toBe(`/api/domains/admin/approval/?limit=${APPROVAL_PAGE_SIZE}&after=0`);
  });

  it('approves one domain and it leaves the queue', async () => {
    const q = queue(three);
    const { calls } = mockAdminApi({
      ...q.routes,
      'POST /api/domains/admin/approval/1/': () => {
        q.remove(1);
        return { body: { ...three[0], status: 'approved' } };
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Approve one.com' }));
    await waitFor(() => expect(screen.queryByTestId('pending-row-1')).not.toBeInTheDocument());
    expect(screen.getByTestId('pending-row-2')).toBeInTheDocument();
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    const post = calls().find((c) => c.method === 'POST');
    expect([post?.path, post?.body]).toEqual(['/api/domains/admin/approval/1/', { action: 'approve' }]);
  });

  it('denies one domain', async () => {
    const q = queue(three);
    const { calls } = mockAdminApi({
      ...q.routes,
      'POST /api/domains/admin/approval/3/': () => {
        q.remove(3);
        return { body: { ...three[2], status: 'denied' } };
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Deny three.com' }));
    await waitFor(() => expect(screen.queryByTestId('pending-row-3')).not.toBeInTheDocument());
    expect(calls().find((c) => c.method === 'POST')?.body).toEqual({ action: 'deny' });
  });

  it('selects every row on the page and approves them in one bulk call, then shows the empty queue', async () => {
    const q = queue(three);
    const { calls } = mockAdminApi(q.routes);
    const { user } = renderPage();
    await screen.findByText('one.com');
    expect(screen.getByRole('button', { name: 'Approve selected' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select all domains on this page' }));
    expect(screen.getByTestId('selection-count')).toHaveTextContent('3 domains selected');
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    expect(await screen.findByText(emptyTableMessage)).toBeInTheDocument();
    expect(screen.getByText('No domains are waiting for approval.')).toBeInTheDocument();
    const bulk = calls().filter((c) => c.method === 'POST');
    expect(bulk.map((c) => [c.path, c.body])).toEqual([['/api/domains/admin/approval/', { ids: [1, 2, 3], action: 'approve' }]]);
    expect(screen.getByTestId('selection-count')).toHaveTextContent('No domains selected');
  });

  it('denies only the selected rows in bulk', async () => {
    const q = queue(three);
    const { calls } = mockAdminApi(q.routes);
    const { user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select one.com' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select three.com' }));
    await user.click(screen.getByRole('button', { name: 'Deny selected' }));
    await waitFor(() => expect(screen.queryByText('one.com')).not.toBeInTheDocument());
    expect(screen.queryByText('three.com')).not.toBeInTheDocument();
    expect(screen.getByText('two.com')).toBeInTheDocument();
    expect(calls().find((c) => c.method === 'POST')?.body).toEqual({ ids: [1, 3], action: 'deny' });
  });

  it('loads the next page with after = the last id shown', async () => {
    const many = Array.from({ length: APPROVAL_PAGE_SIZE + 2 }, (_, i) => aPendingDomain({ id: i + 1, domain_name: `d${i + 1}.com` }));
    const q = queue(many);
    const { calls } = mockAdminApi(q.routes);
    const { user } = renderPage();
    await screen.findByText('d1.com');
    expect(screen.queryByText(`d${APPROVAL_PAGE_SIZE + 1}.com`)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(`d${APPROVAL_PAGE_SIZE + 1}.com`)).toBeInTheDocument();
    expect(callLines(calls())).toContain(`GET /api/domains/admin/approval/?limit=${APPROVAL_PAGE_SIZE}&after=${APPROVAL_PAGE_SIZE}`);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('toasts a failed review and keeps the row', async () => {
    const q = queue(three);
    mockAdminApi({ ...q.routes, 'POST /api/domains/admin/approval/2/': { status: 404, body: { detail: 'Not found.' } } });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Approve two.com' }));
    expect(await screen.findByText('two.com was not approved')).toBeInTheDocument();
    expect(screen.getByText('Not found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve two.com' })).toBeEnabled();
  });
});
