import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyTableMessage } from '@market/shared';
import { renderRoute, signIn } from '@/testing/test-utils';
import { aDomain } from '@/features/portfolio/testing/fixtures';
import {
  aBrokerLead,
  aBrokerUser,
  adminUser,
  anAuditEntry,
  aVideo,
  callLines,
  mockAdminApi,
} from '../testing/fixtures';
import BrokerPageRoute from './broker-page';

function renderPage(at = '/BrokerPage') {
  signIn(adminUser);
  return renderRoute(<BrokerPageRoute />, { at, path: '/BrokerPage' });
}

describe('Broker dashboard', { timeout: 20_000 }, () => {
  it('shows the users table with its columns and real counts, paged on the server', async () => {
    const { calls } = mockAdminApi({
      'GET /api/domains/admin/broker-dashboard/': (r) =>
        r.path.includes('page=2')
          ? { body: { total: 12, users: [aBrokerUser({ id: 31, username: 'later', display_name: 'Later User' })] } }
          : { body: { total: 12, users: [aBrokerUser()] } },
    });
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Users' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent?.replace(/\u00AD/g, ''));
    expect(headers).toEqual([
      'Details',
      'Username',
      'Display name',
      'E-mail',
      'Role',
      'Subscription',
      'Video pitch',
      'Sponsored headlines',
      'Exclusive startup breeders',
      'Thoroughbred domains',
      'Sold domains',
    ]);
    const row = await within(table).findByTestId('broker-row-20');
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '',
      'sid',
      'Sid Seller',
      'sid@example.com',
      'DOMAINER',
      'Pony',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
    expect(calls()[0]?.path).toBe('/api/domains/admin/broker-dashboard/?page=1&limit=10');
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Later User')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/BrokerPage?page=2');
    expect(callLines(calls())).toContain('GET /api/domains/admin/broker-dashboard/?page=2&limit=10');
  });

  it('expands a row to show the admin role and links', async () => {
    mockAdminApi({ 'GET /api/domains/admin/broker-dashboard/': { body: { total: 1, users: [aBrokerUser({ admin_role: 'Admin' })] } } });
    const { user } = renderPage();
    const toggle = await screen.findByRole('button', { name: 'Show details for sid' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide details for sid' })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('Admin role')).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit role and subscription' })).toHaveAttribute(
      'href',
      '/UserList?search=sid%40example.com',
    );
  });

  it('has the left menu, and switches sections with ?section=', async () => {
    mockAdminApi({
      'GET /api/domains/admin/broker-dashboard/': { body: { total: 0, users: [] } },
      'GET /api/domains/admin/domain-lists/thoroughbred/': {
        body: [
          aDomain({ id: 77, domain_name: 'stallion.com', business_status_label: 'Price Upon Request', seller_price: 90000, startup_breeders: null, visits: 4, user: { id: 5, first_name: 'Sid', last_name: 'Seller' } }),
        ],
      },
      'GET /api/domains/admin/domain-lists/startup-breeders/': { body: [] },
    });
    const { user } = renderPage();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Portfolio Approval' })).toHaveAttribute('href', '/PortfolioApproval');
    expect(within(nav).getByRole('link', { name: 'New Users' })).toHaveAttribute('href', '/UserList');
    expect(within(nav).getByRole('link', { name: 'Broker Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText(emptyTableMessage)).toBeInTheDocument();

    await user.click(within(nav).getByRole('link', { name: 'Thoroughbred Domain' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/BrokerPage?section=thoroughbred');
    expect(screen.getByRole('heading', { level: 1, name: 'Thoroughbred Domain' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'stallion.com' })).toHaveAttribute('href', '/landing/77');
    expect(within(nav).getByRole('link', { name: 'Thoroughbred Domain' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav).getByRole('link', { name: 'Exclusive Startup Breeders' }));
    expect(await screen.findByText('No approved domain is open to startup breeders yet.')).toBeInTheDocument();
  });

  it('takes a broker lead', async () => {
    let taken = false;
    const { calls } = mockAdminApi({
      'GET /api/domains/admin/broker-leads/': () => ({
        body: [taken ? aBrokerLead({ broker_id: adminUser.id, broker_name: 'Root Admin', broker_taken_at: '2026-01-05T00:00:00.000Z' }) : aBrokerLead()],
      }),
      'POST /api/domains/admin/broker-leads/41/take/': () => {
        taken = true;
        return { body: { id: 41, broker_id: adminUser.id, broker_taken_at: '2026-01-05T00:00:00.000Z' } };
      },
    });
    const { user } = renderPage('/BrokerPage?section=broker-leads');
    const row = await screen.findByTestId('lead-row-41');
    expect(within(row).getByText('Bo Buyer')).toBeInTheDocument();
    expect(within(row).getByText('$90,000')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Take the lead on bigdeal.com' }));
    expect(await within(screen.getByTestId('lead-row-41')).findByText('Taken by you')).toBeInTheDocument();
    expect(callLines(calls())).toContain('POST /api/domains/admin/broker-leads/41/take/');
  });

  it("shows the server's message when another broker took the lead first (409)", async () => {
    let conflict = false;
    mockAdminApi({
      'GET /api/domains/admin/broker-leads/': () => ({
        body: [conflict ? aBrokerLead({ broker_id: 99, broker_name: 'Other Broker', broker_taken_at: '2026-01-05T00:00:00.000Z' }) : aBrokerLead()],
      }),
      'POST /api/domains/admin/broker-leads/41/take/': () => {
        conflict = true;
        return { status: 409, body: { detail: 'Another broker has already taken this lead.' } };
      },
    });
    const { user } = renderPage('/BrokerPage?section=broker-leads');
    await user.click(await screen.findByRole('button', { name: 'Take the lead on bigdeal.com' }));
    expect(await screen.findByText('Another broker has already taken this lead.')).toBeInTheDocument();
    expect(screen.getByText('Could not take this lead')).toBeInTheDocument();
    expect(await screen.findByText('Taken by Other Broker')).toBeInTheDocument();
  });

  it('filters video pitches with the chips, plays one and approves it in moderation, leaving the owner to answer', async () => {
    let moderation: 'new' | 'approved' = 'new';
    const current = () => aVideo(moderation === 'new' ? {} : { moderation, allowed_actions: ['deny'] });
    const { calls } = mockAdminApi({
      'GET /api/domains/admin/videos/': (r) => ({
        body: r.path.includes('filter=accepted') ? [] : [current()],
      }),
      'GET /api/domains/get_video/51': { body: 'http://localhost/storage/pitch.mp4?sig=1' },
      'POST /api/domains/admin/videos/51/moderation/': () => {
        moderation = 'approved';
        return { body: current() };
      },
    });
    const { user } = renderPage('/BrokerPage?section=videos');
    const row = await screen.findByTestId('video-row-51');
    expect(within(row).getByText('Undecided')).toBeInTheDocument();
    expect(within(row).getByText('New')).toBeInTheDocument();
    expect(within(row).getByText('founder@example.com')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Play the video pitch for pitched.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Video pitch for pitched.com' });
    expect(await within(dialog).findByTestId('video-player')).toHaveAttribute('src', 'http://localhost/storage/pitch.mp4?sig=1');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(row).getByRole('button', { name: 'Approve the video pitch for pitched.com' }));
    expect(await screen.findByText('Video pitch approved for showing')).toBeInTheDocument();
    const review = calls().find((c) => c.method === 'POST');
    expect([review?.path, review?.body]).toEqual(['/api/domains/admin/videos/51/moderation/', { action: 'approve' }]);
    // The decision taken is not offered again; the owner's answer is still theirs to give.
    await waitFor(() => expect(within(row).queryByRole('button', { name: 'Approve the video pitch for pitched.com' })).not.toBeInTheDocument());
    expect(within(row).getByText('Approved')).toBeInTheDocument();
    expect(within(row).getByText('Undecided')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Deny the video pitch for pitched.com' })).toBeInTheDocument();

    const chip = screen.getByRole('button', { name: 'Accepted' });
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    await user.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(emptyTableMessage)).toBeInTheDocument();
    expect(callLines(calls())).toContain('GET /api/domains/admin/videos/?filter=accepted');
  });

  it('lists admin actions in the audit log', async () => {
    mockAdminApi({
      'GET /api/domains/admin/audit/': {
        body: [
          anAuditEntry(),
          anAuditEntry({ id: 62, action: 'domain-approve', target_type: 'domain', target_id: 31, details: JSON.stringify({ count: 1, ids: [31] }) }),
          anAuditEntry({ id: 63, outcome: 'refused', details: JSON.stringify({ from: 2, to: 0, reason: 'A SuperAdmin’s role cannot be changed here.' }) }),
        ],
      },
    });
    renderPage('/BrokerPage?section=audit');
    const first = await screen.findByTestId('audit-row-61');
    expect(within(first).getByText('Role change')).toBeInTheDocument();
    expect(within(first).getByText('root@example.com')).toBeInTheDocument();
    expect(within(first).getByText('User #20')).toBeInTheDocument();
    expect(within(first).getByText('User → Admin')).toBeInTheDocument();
    expect(within(first).getByText('Done')).toBeInTheDocument();
    const approval = screen.getByTestId('audit-row-62');
    expect(within(approval).getByText('Domain approved')).toBeInTheDocument();
    expect(within(approval).getByText('Domain #31')).toBeInTheDocument();
    const refused = screen.getByTestId('audit-row-63');
    expect(within(refused).getByText('Refused')).toBeInTheDocument();
    expect(within(refused).getByText('SuperAdmin → User; A SuperAdmin’s role cannot be changed here.')).toBeInTheDocument();
  });

  it('lists names claimed by a second seller', async () => {
    mockAdminApi({
      'GET /api/domains/admin/claims/': {
        body: [{ id: 9, domain_id: 31, domain_name: 'taken.com', ns_status: 'unchecked', claimant_email: 'second@example.com', holder_email: 'first@example.com', created_at: '2026-01-01T00:00:00.000Z' }],
      },
    });
    renderPage('/BrokerPage?section=claims');
    expect(await screen.findByRole('link', { name: 'taken.com' })).toHaveAttribute('href', '/landing/31');
    expect(screen.getByText('second@example.com')).toBeInTheDocument();
    expect(screen.getByText('first@example.com')).toBeInTheDocument();
  });
});
