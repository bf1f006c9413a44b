import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asCents } from '@market/shared';
import { allowForBusyMachine } from '@/testing/patience';
import { renderRoute, signIn } from '@/testing/test-utils';
import { adminUser, aFinance, anOverpayment, aReconcileReport, mockAdminApi } from '../testing/fixtures';
import BrokerPageRoute from '../routes/broker-page';

allowForBusyMachine();

const FINANCE = 'GET /api/admin/finance/';
const RECONCILE = 'GET /api/admin/finance/reconcile/';

function renderFinance() {
  signIn(adminUser, 'admin-token');
  return renderRoute(<BrokerPageRoute />, { at: '/BrokerPage?section=finance', path: '/BrokerPage' });
}

const cents = (escrow: number, payable: number, refunds: number) => ({ escrow: asCents(escrow), payable: asCents(payable), refunds_payable: asCents(refunds) });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Finance: do the books reconcile', () => {
  it('says so, with the number of items checked, as soon as the section opens', async () => {
    const { calls } = mockAdminApi({ [FINANCE]: { body: aFinance() }, [RECONCILE]: { body: aReconcileReport({ checked_items: 37 }) } });
    renderFinance();
    const status = screen.getByRole('status', { name: 'Reconciliation of the books' });
    expect(await within(status).findByText('The books reconcile: 37 items checked.')).toBeInTheDocument();
    expect(calls().filter((c) => c.path === '/api/admin/finance/reconcile/')).toHaveLength(1);
  });

  it('lists each item that holds other amounts than its state says, expected against found, linked to the item', async () => {
    mockAdminApi({
      [FINANCE]: { body: aFinance({ overpayments: [anOverpayment({ id: 5, item_link: '/orders/44' })] }) },
      [RECONCILE]: {
        body: aReconcileReport({
          checked_items: 9,
          mismatches: [
            { item_kind: 'order', item_id: 71, status: 'paid', expected: cents(105_000, 0, 0), actual: cents(0, 0, 0) },
            { item_kind: 'milestone', item_id: 31, status: 'approved', expected: cents(0, 45_000, 0), actual: cents(50_000, 0, 0) },
            { item_kind: 'overpayment', item_id: 5, status: 'held', expected: cents(1_000, 0, 0), actual: cents(0, 0, 1_000) },
            { item_kind: 'sponsored', item_id: 14, status: 'paid', expected: cents(0, 0, 0), actual: cents(800, 0, 0) },
          ],
          unbalanced_movements: [{ movement_id: 301, sum_cents: asCents(100) }],
        }),
      },
    });
    renderFinance();
    const status = screen.getByRole('status', { name: 'Reconciliation of the books' });
    expect(await within(status).findByText('The books do not reconcile')).toBeInTheDocument();
    expect(status).toHaveTextContent('4 items hold other amounts than their states say (of 9 checked)');
    const lines = within(status).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual([
      'Order #71 (Paid, funds held): Held in escrow: expected $1,050.00, found $0.00',
      'Milestone #31 (Approved: payout due): Held in escrow: expected $0.00, found $500.00; Payable to the seller or freelancer: expected $450.00, found $0.00',
      'Held payment #5 (Held: to be refunded): Held in escrow: expected $10.00, found $0.00; Refunds payable: expected $0.00, found $10.00',
      'Sponsored order #14 (Paid): Held in escrow: expected $0.00, found $8.00',
      'Movement #301: its postings sum to $1.00',
    ]);
    expect(within(status).getByRole('link', { name: 'Order #71' })).toHaveAttribute('href', '/orders/71');
    // An engagement is its parties' page: the milestone is named, not linked.
    expect(within(status).queryByRole('link', { name: 'Milestone #31' })).not.toBeInTheDocument();
    expect(within(status).getByRole('link', { name: 'Held payment #5' })).toHaveAttribute('href', '/orders/44');
    expect(within(status).queryByRole('link', { name: 'Sponsored order #14' })).not.toBeInTheDocument();
    expect(within(status).queryByText(/The books reconcile/)).not.toBeInTheDocument();
  });

  it('checks again on demand, and says when the check itself failed', async () => {
    let answer: 'failed' | 'clean' = 'failed';
    const { calls } = mockAdminApi({
      [FINANCE]: { body: aFinance() },
      [RECONCILE]: () => (answer === 'failed' ? { status: 500, body: {} } : { body: aReconcileReport({ checked_items: 1 }) }),
    });
    const { user } = renderFinance();
    const status = screen.getByRole('status', { name: 'Reconciliation of the books' });
    expect(await within(status).findByText(/The books could not be checked/)).toHaveTextContent('The server could not be reached or failed. Please try again.');
    answer = 'clean';
    await user.click(within(status).getByRole('button', { name: 'Check again' }));
    expect(await within(status).findByText('The books reconcile: 1 item checked.')).toBeInTheDocument();
    expect(calls().filter((c) => c.path === '/api/admin/finance/reconcile/')).toHaveLength(2);
  });
});
