import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminMilestone, engagementMessages as em, formatCents } from '@market/shared';
import { allowForBusyMachine } from '@/testing/patience';
import { jsonOf } from '@/testing/mock-fetch';
import { renderRoute, signIn } from '@/testing/test-utils';
import { adminUser, aFinance, mockAdminApi } from '../testing/fixtures';
import BrokerPageRoute from '../routes/broker-page';
import { adminText } from '../utils/constants';

allowForBusyMachine();

function aMilestone(overrides: Partial<AdminMilestone> = {}): AdminMilestone {
  return {
    id: 31, position: 1, title: 'Sketches', due_date: '2030-01-10', status: 'awaiting_funding', status_label: 'Awaiting funding',
    amount_cents: 50_000, commission_cents: 5_000, freelancer_net_cents: 45_000, provider: 'manual', payment_reference: 'FM-ABCD-EFGH',
    paid_at: null, delivered_at: null, delivery_note: null, approve_by: null, approved_at: null, payout_at: null, refunded_at: null,
    dispute_reason: null, resolution_note: null, next_step: '', payment_instructions: null, engagement_id: 12, engagement_title: 'A logo',
    client: { id: 7, first_name: 'Cleo', last_name: 'Client' }, freelancer: { id: 9, first_name: 'Gwen', last_name: 'Lance' }, ...overrides,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Finance: freelance milestones to record', () => {
  it('records a client’s transfer for the milestone’s amount, and shows a refused one', async () => {
    let paid = false;
    const { calls } = mockAdminApi({
      'GET /api/admin/finance/': { body: aFinance() },
      'GET /api/admin/milestones/': () => ({ body: [aMilestone(paid ? { status: 'funded', status_label: 'Funded, held in escrow' } : {}), aMilestone({ id: 32, status: 'paid_out', status_label: 'Paid out', payment_reference: 'FM-DONE-0000' })] }),
      'POST /api/admin/milestones/31/payment/': (request) => {
        if ((request.body as { amount_cents: number }).amount_cents !== 50_000) return { status: 400, body: { amount_cents: [em.amountMismatch(formatCents(50_000))] } };
        paid = true;
        return { body: aMilestone({ status: 'funded' }) };
      },
    });
    signIn(adminUser, 'admin-token');
    const { user } = renderRoute(<BrokerPageRoute />, { at: '/BrokerPage?section=finance', path: '/BrokerPage' });
    const row = await screen.findByTestId('milestone-row-31');
    // Only milestones with a step for the admin are listed.
    expect(screen.queryByTestId('milestone-row-32')).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Record payment of milestone FM-ABCD-EFGH' }));
    const dialog = screen.getByRole('dialog', { name: 'Record payment: Sketches' });
    expect(within(dialog).getByLabelText(/Amount received/)).toHaveValue('500.00');
    await user.type(within(dialog).getByLabelText(/Bank reference/), 'BANK-1');
    // Not $123.00: misplaced thousands commas are no amount, and nothing is sent.
    await user.clear(within(dialog).getByLabelText(/Amount received/));
    await user.type(within(dialog).getByLabelText(/Amount received/), '1,2,3');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText(adminText.amountInvalid)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Amount received/));
    await user.type(within(dialog).getByLabelText(/Amount received/), '499.99');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText(em.amountMismatch('$500.00'))).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Amount received/));
    await user.type(within(dialog).getByLabelText(/Amount received/), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('No milestone is waiting for a payment, payout, refund or decision.')).toBeInTheDocument();
    const posts = calls().filter((c) => c.method === 'POST');
    expect(posts.map((c) => jsonOf(c))).toEqual([
      { reference: 'BANK-1', amount_cents: 49_999 },
      { reference: 'BANK-1', amount_cents: 50_000 },
    ]);
  });
});
