import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Deal } from '@market/shared';
import { renderRoute, signIn } from '@/testing/test-utils';
import { aDeal, adminUser, aFinance, callLines, mockAdminApi } from '../testing/fixtures';
import BrokerPageRoute from '../routes/broker-page';
import { aWaitingOrder } from '@/features/sponsored/testing/fixtures';

const FINANCE = 'GET /api/admin/finance/';

function renderFinance(at = '/BrokerPage?section=finance') {
  signIn(adminUser, 'admin-token');
  return renderRoute(<BrokerPageRoute />, { at, path: '/BrokerPage' });
}

const financeCalls = (lines: string[]) => lines.filter((line) => line.startsWith(FINANCE));

/** The finance answer before and after a step: `after` once the step's POST has been answered. */
function beforeAndAfter(before: Deal, after: Deal, figures: { held: number; afterHeld: number }) {
  let stepped = false;
  return {
    finance: () => ({
      body: aFinance({ held_cents: stepped ? figures.afterHeld : figures.held, orders: [stepped ? after : before] }),
    }),
    step: (body: unknown) => () => {
      stepped = true;
      return { body };
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Finance section', { timeout: 60_000 }, () => {
  it('shows the balances, the period and the orders, each offering the step its status allows', async () => {
    const { calls } = mockAdminApi({
      [FINANCE]: {
        body: aFinance({
          held_cents: 210000,
          payouts_due_cents: 95000,
          refunds_due_cents: 105000,
          period: { payments_cents: 315000, refunds_cents: 0, payouts_cents: 95000, commission_cents: 10000 },
          orders: [
            aDeal({ id: 1, domain_name: 'unpaid.com', status: 'awaiting_payment' }),
            aDeal({ id: 2, domain_name: 'received.com', status: 'confirmed' }),
            aDeal({ id: 3, domain_name: 'lapsed.com', status: 'refund_due' }),
            aDeal({ id: 4, domain_name: 'argued.com', status: 'disputed', dispute_reason: 'Never arrived.' }),
            aDeal({ id: 5, domain_name: 'done.com', status: 'completed' }),
            aDeal({ id: 6, domain_name: 'moving.com', status: 'transfer_in_progress' }),
          ],
        }),
      },
    });
    renderFinance();
    expect(screen.getByRole('heading', { level: 1, name: 'Finance' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Finance' })).toHaveAttribute('aria-current', 'page');

    await screen.findByTestId('finance-row-1');
    expect(screen.getByTestId('figure-held')).toHaveTextContent('$2,100.00');
    expect(screen.getByTestId('figure-payouts-due')).toHaveTextContent('$950.00');
    expect(screen.getByTestId('figure-refunds-due')).toHaveTextContent('$1,050.00');
    expect(screen.getByTestId('figure-payments')).toHaveTextContent('$3,150.00');
    expect(screen.getByTestId('figure-refunds')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('figure-payouts')).toHaveTextContent('$950.00');
    expect(screen.getByTestId('figure-commission')).toHaveTextContent('$100.00');
    expect(screen.getByRole('heading', { name: 'Money moved: All time' })).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Orders' });
    const row = within(table).getByTestId('finance-row-1');
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'DM-ABCD-EFGH',
      'Bo Buyer',
      'Sid Seller',
      'Awaiting payment',
      '$1,050.00',
      '$950.00',
      'Jan 7, 2026',
      'Record paymentDetails',
    ]);
    expect(within(row).getByRole('rowheader')).toHaveTextContent('unpaid.com');
    const actions = (id: number) =>
      within(screen.getByTestId(`finance-row-${id}`))
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(actions(1)).toEqual(['Record payment', 'Details']);
    expect(actions(2)).toEqual(['Record payout', 'Details']);
    expect(actions(3)).toEqual(['Record refund', 'Details']);
    expect(actions(4)).toEqual(['Resolve dispute', 'Details']);
    expect(actions(5)).toEqual(['Details']);
    expect(actions(6)).toEqual(['Details']);
    expect(financeCalls(callLines(calls()))).toEqual([FINANCE]);
  });

  it('filters by status and creation days, kept in the address and sent to the API', async () => {
    const { calls } = mockAdminApi({ [FINANCE]: { body: aFinance() } });
    const { user } = renderFinance('/BrokerPage?section=finance&status=disputed&from=2026-03-01');
    expect(await screen.findByText('No order matches these filters.')).toBeInTheDocument();
    expect(financeCalls(callLines(calls()))[0]).toBe(`${FINANCE}?status=disputed&from=2026-03-01`);
    expect(screen.getByLabelText('Status')).toHaveValue('disputed');
    expect(screen.getByRole('heading', { name: 'Money moved: Since Mar 1, 2026' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'Paid, funds held');
    await waitFor(() => expect(callLines(calls())).toContain(`${FINANCE}?status=paid&from=2026-03-01`));
    fireEvent.change(screen.getByLabelText('Created to'), { target: { value: '2026-03-31' } });
    await waitFor(() => expect(callLines(calls())).toContain(`${FINANCE}?status=paid&from=2026-03-01&to=2026-03-31`));
    expect(screen.getByTestId('location')).toHaveTextContent('/BrokerPage?section=finance&status=paid&from=2026-03-01&to=2026-03-31');
    expect(screen.getByRole('heading', { name: 'Money moved: Mar 1, 2026 – Mar 31, 2026' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/BrokerPage\?section=finance$/);
    await waitFor(() => expect(financeCalls(callLines(calls())).at(-1)).toBe(FINANCE));
  });

  it('records a payment in dollars and cents as integer cents, then refreshes the table and totals', async () => {
    const order = aDeal();
    const flow = beforeAndAfter(order, aDeal({ status: 'paid', status_label: 'Paid, funds held' }), { held: 0, afterHeld: 105050 });
    const { calls } = mockAdminApi({
      [FINANCE]: flow.finance,
      'POST /api/admin/orders/71/payment/': flow.step(aDeal({ status: 'paid' })),
    });
    const { user } = renderFinance();
    await screen.findByTestId('finance-row-71');
    expect(screen.getByTestId('figure-held')).toHaveTextContent('$0.00');
    await user.click(screen.getByRole('button', { name: 'Record payment for escrowed.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Record payment' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount received/ });
    expect(amount).toHaveValue('1050.00');
    expect(within(dialog).getByText('DM-ABCD-EFGH')).toBeInTheDocument();

    // Nothing is sent without a reference or with an amount that is not dollars and cents.
    await user.clear(amount);
    await user.type(amount, '10.505');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(within(dialog).getByRole('textbox', { name: /Bank reference/ })).toHaveAccessibleDescription('Please enter the bank reference.');
    expect(amount).toHaveAccessibleDescription('Enter the amount received in dollars and cents, like 1050.00.');
    expect(callLines(calls()).filter((l) => l.startsWith('POST'))).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Bank reference/ }), ' BANK-1 ');
    // Not $123.00: misplaced thousands commas are no amount.
    await user.clear(amount);
    await user.type(amount, '1,2,3');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(amount).toHaveAccessibleDescription('Enter the amount received in dollars and cents, like 1050.00.');
    expect(callLines(calls()).filter((l) => l.startsWith('POST'))).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '$1,050.50');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls().find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/admin/orders/71/payment/');
    expect(post?.body).toEqual({ reference: 'BANK-1', amount_cents: 105050 });
    expect(await within(screen.getByTestId('finance-row-71')).findByText('Paid, funds held')).toBeInTheDocument();
    expect(screen.getByTestId('figure-held')).toHaveTextContent('$1,050.50');
    expect(within(screen.getByTestId('finance-row-71')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Details']);
  });

  it("shows the server's field error under the amount, and keeps the dialog open", async () => {
    mockAdminApi({
      [FINANCE]: { body: aFinance({ orders: [aDeal()] }) },
      'POST /api/admin/orders/71/payment/': {
        status: 400,
        body: { amount_cents: ["The payment must be exactly $1,050.00, the order's total."] },
      },
    });
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Record payment for escrowed.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Record payment' });
    await user.type(within(dialog).getByRole('textbox', { name: /Bank reference/ }), 'BANK-2');
    const amount = within(dialog).getByRole('textbox', { name: /Amount received/ });
    await user.clear(amount);
    await user.type(amount, '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription("The payment must be exactly $1,050.00, the order's total."));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Record payment' })).toBeInTheDocument();
  });

  it('records a payout, showing the seller net to send, and the row completes', async () => {
    const flow = beforeAndAfter(aDeal({ status: 'confirmed' }), aDeal({ status: 'completed' }), { held: 105000, afterHeld: 0 });
    const { calls } = mockAdminApi({
      [FINANCE]: flow.finance,
      'POST /api/admin/orders/71/payout/': flow.step(aDeal({ status: 'completed' })),
    });
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Record payout for escrowed.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Record payout' });
    expect(within(dialog).getByText('Seller net to send').parentElement).toHaveTextContent('$950.00');
    expect(within(dialog).queryByRole('textbox', { name: /Amount/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Bank reference/ }), 'OUT-9');
    await user.click(within(dialog).getByRole('button', { name: 'Record payout' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls().find((c) => c.method === 'POST')?.body).toEqual({ reference: 'OUT-9' });
    expect(await within(screen.getByTestId('finance-row-71')).findByText('Completed')).toBeInTheDocument();
    expect(screen.getByTestId('figure-held')).toHaveTextContent('$0.00');
    expect(financeCalls(callLines(calls()))).toHaveLength(2);
  });

  it("records a refund, and a 409 shows the server's message in the dialog and refreshes the row", async () => {
    let refunded = false;
    const { calls } = mockAdminApi({
      [FINANCE]: () => ({ body: aFinance({ orders: [aDeal({ status: refunded ? 'refunded' : 'refund_due' })] }) }),
      'POST /api/admin/orders/71/refund/': () => {
        refunded = true;
        return { status: 409, body: { detail: 'This order is refunded: that step is not possible now.' } };
      },
    });
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Record refund for escrowed.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Record refund' });
    expect(within(dialog).getByText('Buyer total to send back').parentElement).toHaveTextContent('$1,050.00');
    await user.type(within(dialog).getByRole('textbox', { name: /Bank reference/ }), 'BACK-3');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This order is refunded: that step is not possible now.');
    expect(calls().find((c) => c.method === 'POST')?.body).toEqual({ reference: 'BACK-3' });
    // Someone else recorded it meanwhile: the table shows where the order is now.
    expect(await within(screen.getByTestId('finance-row-71')).findByText('Refunded')).toBeInTheDocument();
  });

  it('resolves a dispute with a decision and a note, after reading the reason', async () => {
    const disputed = aDeal({ status: 'disputed', dispute_reason: 'The seller never started the transfer.' });
    const flow = beforeAndAfter(disputed, aDeal({ status: 'confirmed' }), { held: 105000, afterHeld: 105000 });
    const { calls } = mockAdminApi({
      [FINANCE]: flow.finance,
      'POST /api/admin/orders/71/resolve/': flow.step(aDeal({ status: 'confirmed' })),
    });
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Resolve dispute for escrowed.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Resolve dispute' });
    expect(within(dialog).getByText('The seller never started the transfer.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Resolve dispute' }));
    expect(within(dialog).getByText('Choose whether the buyer is refunded or the seller is paid.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Note to both parties/ })).toHaveAccessibleDescription('Please write a note both parties will see.');

    await user.click(within(dialog).getByRole('radio', { name: /Release to the seller, Sid Seller/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Note to both parties/ }), 'The transfer is proven by DNS.');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve dispute' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls().find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/admin/orders/71/resolve/');
    expect(post?.body).toEqual({ decision: 'release', note: 'The transfer is proven by DNS.' });
    expect(await screen.findByRole('button', { name: 'Record payout for escrowed.com' })).toBeInTheDocument();
  });

  it("shows an order's dispute and its history in the details", async () => {
    const disputed = aDeal({ status: 'disputed', dispute_reason: 'Wrong registrar account.' });
    mockAdminApi({
      [FINANCE]: { body: aFinance({ orders: [disputed] }) },
      'GET /api/orders/71/': {
        body: {
          ...disputed,
          events: [
            { status: 'awaiting_payment', status_label: 'Awaiting payment', note: 'Bought at its Buy Now price', created_at: '2026-01-07T10:00:00.000Z' },
            { status: 'paid', status_label: 'Paid, funds held', note: 'Payment BANK-1', created_at: '2026-01-08T10:00:00.000Z' },
            { status: 'disputed', status_label: 'Disputed', note: 'Disputed by the buyer: Wrong registrar account.', created_at: '2026-01-09T10:00:00.000Z' },
          ],
        },
      },
    });
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Details of the order for escrowed.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Order DM-ABCD-EFGH' });
    expect(within(dialog).getByText('Wrong registrar account.')).toBeInTheDocument();
    const history = await within(dialog).findAllByRole('listitem');
    expect(history.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Awaiting paymentBought at its Buy Now price'),
      expect.stringContaining('Paid, funds heldPayment BANK-1'),
      expect.stringContaining('DisputedDisputed by the buyer: Wrong registrar account.'),
    ]);
  });

  it("exports the filtered orders as a CSV file fetched with the admin's token", async () => {
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:orders';
      }),
      revokeObjectURL: vi.fn(),
    }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { calls } = mockAdminApi({
      [FINANCE]: { body: aFinance() },
      'GET /api/admin/finance/orders.csv': { body: 'order,reference,domain\n71,DM-ABCD-EFGH,escrowed.com\n' },
    });
    const { user } = renderFinance('/BrokerPage?section=finance&status=completed');
    await screen.findByText('No order matches these filters.');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const request = calls().find((c) => c.path.startsWith('/api/admin/finance/orders.csv'));
    expect(request?.path).toBe('/api/admin/finance/orders.csv?status=completed');
    expect(request?.headers.Authorization).toBe('Token admin-token');
    expect(clicked[0]?.download).toBe('orders-completed.csv');
    expect(clicked[0]?.href).toBe('blob:orders');
    expect(await created[0]?.text()).toContain('escrowed.com');
  });

  it('records the bank transfer of a sponsored order waiting for it, checked against its total', async () => {
    const waiting = aWaitingOrder({ id: 14, user: { id: 5, first_name: 'Sam', last_name: 'Seller', email: 'sam@example.com' } });
    let paid = false;
    const { calls } = mockAdminApi({
      [FINANCE]: { body: aFinance({ orders: [] }) },
      'GET /api/admin/sponsored-orders/': () => ({ body: paid ? [] : [waiting] }),
      'POST /api/admin/sponsored-orders/14/payment/': (request) => {
        const body = request.body as { amount_cents: number };
        if (body.amount_cents !== 800) return { status: 400, body: { amount_cents: ['The order’s total is $8.00; record the payment once that amount has arrived.'] } };
        paid = true;
        return { body: { ...waiting, status: 'paid', status_label: 'Paid', payment_instructions: null } };
      },
    });
    const { user } = renderFinance();
    const section = await screen.findByRole('region', { name: 'Sponsored headline orders awaiting payment' });
    const row = await within(section).findByTestId('sponsored-row-14');
    expect(row).toHaveTextContent('SH-ABCD-EFGH');
    expect(row).toHaveTextContent('Sam Seller (sam@example.com)');
    expect(row).toHaveTextContent('bin-one.com (Buy Now), trade-one.com (Trade Domains)');
    expect(row).toHaveTextContent('$8.00');
    await user.click(within(row).getByRole('button', { name: 'Record the payment of sponsored order #14' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the payment' });
    await user.type(within(dialog).getByRole('textbox', { name: /Bank reference/ }), 'BANK-SP-1');
    const amount = within(dialog).getByRole('textbox', { name: /Amount received/ });
    await user.clear(amount);
    await user.type(amount, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Record the payment' }));
    expect(await within(dialog).findByText(/The order’s total is \$8\.00/)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '8.00');
    await user.click(within(dialog).getByRole('button', { name: 'Record the payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record the payment' })).not.toBeInTheDocument());
    expect(await within(section).findByText('No sponsored order is waiting for its payment.')).toBeInTheDocument();
    const posts = calls().filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.path, r.body])).toEqual([
      ['/api/admin/sponsored-orders/14/payment/', { reference: 'BANK-SP-1', amount_cents: 700 }],
      ['/api/admin/sponsored-orders/14/payment/', { reference: 'BANK-SP-1', amount_cents: 800 }],
    ]);
  });
});
