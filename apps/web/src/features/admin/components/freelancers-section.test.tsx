import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { freelancerMessages } from '@market/shared';
import { jsonOf } from '@/testing/mock-fetch';
import { renderRoute, signIn } from '@/testing/test-utils';
import { aFreelancer } from '@/features/freelancers/testing/fixtures';
import BrokerPageRoute from '../routes/broker-page';
import { adminUser, mockAdminApi } from '../testing/fixtures';

const fay = { ...aFreelancer({ badges: [] }), email: 'fay@example.com', published: true };
const hidden = { ...aFreelancer({ id: 9, name: 'Hal H.', headline: '', badges: [] }), email: 'hal@example.com', published: false };
const badge = { id: 31, badge: 'dns' as const, name: 'DNS and nameservers', passed_on: '2026-01-15', note: 'Scored 92%' };

describe('admin: freelancers', { timeout: 30_000 }, () => {
  it('lists every profile and awards a badge for a passed test', async () => {
    let current = fay;
    const { requests } = mockAdminApi({
      'GET /api/admin/freelancers/': () => ({ body: { count: 2, results: [current, hidden] } }),
      'POST /api/admin/freelancers/7/badges/': () => {
        current = { ...fay, badges: [badge] };
        return { status: 201, body: current };
      },
    });
    signIn(adminUser);
    const { user } = renderRoute(<BrokerPageRoute />, { at: '/BrokerPage?section=freelancers', path: '/BrokerPage' });
    const table = await screen.findByRole('table', { name: 'Freelancers' });
    expect(await within(table).findByRole('link', { name: 'Fay F.' })).toHaveAttribute('href', '/freelancers/7');
    expect(within(table).getByText('hal@example.com')).toBeInTheDocument();
    expect(within(table).getByText('Hidden')).toBeInTheDocument();

    const row = within(table).getByRole('link', { name: 'Fay F.' }).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Award badge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Award a badge to Fay F.' });
    await user.click(within(dialog).getByRole('button', { name: 'Award badge' }));
    expect(within(dialog).getByText('Choose the test that was passed.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Passed test' }));
    await user.click(await screen.findByRole('option', { name: 'DNS and nameservers' }));
    const date = within(dialog).getByLabelText('Test date');
    await user.clear(date);
    await user.type(date, '2026-01-15');
    await user.click(within(dialog).getByRole('textbox', { name: 'Note' }));
    await user.paste('Scored 92%');
    await user.click(within(dialog).getByRole('button', { name: 'Award badge' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(jsonOf(requests.find((r) => r.method === 'POST'))).toEqual({ badge: 'dns', passed_on: '2026-01-15', note: 'Scored 92%' });
    expect(await screen.findByRole('button', { name: /DNS and nameservers, passed 2026-01-15/ })).toBeInTheDocument();
  });

  it('withdraws a badge after asking, and shows the refusal when it was already withdrawn', async () => {
    const { requests } = mockAdminApi({
      'GET /api/admin/freelancers/': { body: { count: 1, results: [{ ...fay, badges: [badge] }] } },
      'DELETE /api/admin/freelancers/7/badges/31/': { status: 409, body: { detail: freelancerMessages.badgeWithdrawn, code: 'CONFLICT' } },
    });
    signIn(adminUser);
    const { user } = renderRoute(<BrokerPageRoute />, { at: '/BrokerPage?section=freelancers', path: '/BrokerPage' });
    const chip = await screen.findByRole('button', { name: /DNS and nameservers, passed 2026-01-15/ });
    await user.click(within(chip).getByTestId('CancelIcon'));
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw this badge?' });
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw badge' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/admin/freelancers/7/badges/31/')).toBe(true));
    expect(await screen.findByText(freelancerMessages.badgeWithdrawn)).toBeInTheDocument();
  });

  it('searches from the first page, and pages through the results', async () => {
    const { requests } = mockAdminApi({ 'GET /api/admin/freelancers/': { body: { count: 120, results: [fay, hidden] } } });
    signIn(adminUser);
    const { user } = renderRoute(<BrokerPageRoute />, { at: '/BrokerPage?section=freelancers', path: '/BrokerPage' });
    await user.click(await screen.findByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/admin/freelancers/?page=2')).toBe(true));
    await user.type(screen.getByRole('searchbox', { name: 'Search freelancers' }), 'fay');
    await waitFor(() => expect(requests.some((r) => r.path === '/api/admin/freelancers/?q=fay&page=1')).toBe(true));
  });
});
