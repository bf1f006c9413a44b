import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engagementMessages as em, formatCents, asCents } from '@market/shared';
import { allowForBusyMachine } from '@/testing/patience';
import { jsonOf } from '@/testing/mock-fetch';
import { renderRoute, signIn } from '@/testing/test-utils';
import { adminUser, aFinance, anAdminMilestone as aMilestone, aPaymentCommand, mockAdminApi } from '../testing/fixtures';
import BrokerPageRoute from '../routes/broker-page';
import { adminText } from '../utils/constants';

allowForBusyMachine();

function renderFinance() {
  signIn(adminUser, 'admin-token');
  return renderRoute(<BrokerPageRoute />, { at: '/BrokerPage?section=finance', path: '/BrokerPage' });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Finance: freelance milestones to record', () => {
  it('lists the milestones that need the admin, each with exactly the steps the server allows and its next step', async () => {
    mockAdminApi({
      'GET /api/admin/finance/': {
        body: aFinance({ commands: [aPaymentCommand({ item_kind: 'milestone', item_id: 35, item_label: 'Milestone FM-CARD-0035', status_label: 'Being sent' })] }),
      },
      'GET /api/admin/milestones/': {
        body: [
          aMilestone({ id: 31, allowed_actions: ['record_payment'], next_step: 'Record the client’s bank transfer of $500.00 when it arrives.' }),
          aMilestone({ id: 32, status: 'paid_out', status_label: 'Paid out', payment_reference: 'FM-DONE-0000' }),
          aMilestone({ id: 33, status: 'approved', status_label: 'Approved: payout due', payment_reference: 'FM-PAY-0033', allowed_actions: ['record_payout'], next_step: 'Send the freelancer $450.00 and record the payout.' }),
          aMilestone({ id: 34, status: 'disputed', status_label: 'Disputed', payment_reference: 'FM-ARG-0034', allowed_actions: ['resolve_release', 'resolve_refund'], next_step: 'Refund the client or release to the freelancer.' }),
          // A card refund on its way: nothing to do but watch it, so it is listed without a step.
          aMilestone({ id: 35, status: 'refund_due', status_label: 'Refund due', payment_reference: 'FM-CARD-0035', next_step: 'The client is owed $500.00: a card payment goes back on its own.' }),
        ],
      },
    });
    renderFinance();
    await screen.findByTestId('milestone-row-31');
    // A milestone with no step and nothing for the admin to wait for is not the admin's.
    expect(screen.queryByTestId('milestone-row-32')).not.toBeInTheDocument();
    const buttons = (id: number) => within(screen.getByTestId(`milestone-row-${id}`)).queryAllByRole('button').map((b) => b.textContent);
    expect(buttons(31)).toEqual(['Record the payment']);
    expect(buttons(33)).toEqual(['Record the payout']);
    expect(buttons(34)).toEqual(['Release to the freelancer', 'Refund the client']);
    expect(buttons(35)).toEqual([]);
    expect(screen.getByTestId('milestone-row-31')).toHaveTextContent('Record the client’s bank transfer of $500.00 when it arrives.');
    expect(screen.getByTestId('milestone-row-35')).toHaveTextContent('Card refund of the payer: being sent.');
  });

  it('records a client’s transfer for the milestone’s amount, and shows a refused one', async () => {
    let paid = false;
    const { calls } = mockAdminApi({
      'GET /api/admin/finance/': { body: aFinance() },
      'GET /api/admin/milestones/': () => ({ body: [paid ? aMilestone({ status: 'funded', status_label: 'Funded, held in escrow' }) : aMilestone({ allowed_actions: ['record_payment'] })] }),
      'POST /api/admin/milestones/31/payment/': (request) => {
        if ((request.body as { amount_cents: number }).amount_cents !== 50_000) return { status: 400, body: { amount_cents: [em.amountMismatch(formatCents(asCents(50_000)))] } };
        paid = true;
        return { body: aMilestone({ status: 'funded' }) };
      },
    });
    const { user } = renderFinance();
    const row = await screen.findByTestId('milestone-row-31');
    await user.click(within(row).getByRole('button', { name: 'Record the payment: milestone FM-ABCD-EFGH' }));
    const dialog = screen.getByRole('dialog', { name: 'Record the payment: Sketches' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount received/ });
    expect(amount).toHaveValue('500.00');
    expect(amount).toHaveAccessibleDescription('Dollars and cents. The milestone’s amount is $500.00.');
    await user.type(within(dialog).getByRole('textbox', { name: /Bank reference/ }), 'BANK-1');
    // Not $123.00: misplaced thousands commas are no amount, and nothing is sent.
    await user.clear(amount);
    await user.type(amount, '1,2,3');
    await user.click(within(dialog).getByRole('button', { name: 'Record the payment' }));
    expect(amount).toHaveAccessibleDescription(adminText.amountInvalid);
    expect(calls().filter((c) => c.method === 'POST')).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '499.99');
    await user.click(within(dialog).getByRole('button', { name: 'Record the payment' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(em.amountMismatch('$500.00')));
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(within(dialog).getByRole('button', { name: 'Record the payment' }));
    expect(await screen.findByText('No milestone is waiting for a payment, payout, refund or decision.')).toBeInTheDocument();
    const posts = calls().filter((c) => c.method === 'POST');
    expect(posts.map((c) => jsonOf(c))).toEqual([
      { reference: 'BANK-1', amount_cents: 49_999 },
      { reference: 'BANK-1', amount_cents: 50_000 },
    ]);
  });

  it('settles a dispute the way chosen on the row, with a note both parties see', async () => {
    let settled = false;
    const { calls } = mockAdminApi({
      'GET /api/admin/finance/': { body: aFinance() },
      'GET /api/admin/milestones/': () => ({
        body: [
          settled
            ? aMilestone({ status: 'refund_due', status_label: 'Refund due', next_step: 'The client is owed $500.00: a card payment goes back on its own.' })
            : aMilestone({ status: 'disputed', status_label: 'Disputed', dispute_reason: 'Nothing was delivered.', allowed_actions: ['resolve_release', 'resolve_refund'] }),
        ],
      }),
      'POST /api/admin/milestones/31/resolve/': () => {
        settled = true;
        return { body: aMilestone({ status: 'refund_due' }) };
      },
    });
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Refund the client: milestone FM-ABCD-EFGH' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund the client: Sketches' });
    expect(within(dialog).getByText('Nothing was delivered.')).toBeInTheDocument();
    expect(within(dialog).getByText('Refund due to the client').parentElement).toHaveTextContent('$500.00');
    await user.click(within(dialog).getByRole('button', { name: 'Refund the client' }));
    expect(within(dialog).getByRole('textbox', { name: /Note to both parties/ })).toHaveAccessibleDescription('Please write a note both parties will see.');
    expect(calls().filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Note to both parties/ }), 'No delivery was made.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund the client' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls().filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/admin/milestones/31/resolve/', { decision: 'refund', note: 'No delivery was made.' }],
    ]);
    const row = screen.getByTestId('milestone-row-31');
    await waitFor(() => expect(row).toHaveTextContent('Refund due'));
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });
});
