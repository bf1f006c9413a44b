import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { asCents, type Deal, orderFlow } from '@market/shared';
import { allowForBusyMachine } from '@/testing/patience';
import { renderRoute, signIn } from '@/testing/test-utils';
import { aDeal, adminUser, aFinance, aPaymentCommand, aSponsoredOrder, callLines, mockAdminApi } from '../testing/fixtures';
import BrokerPageRoute from '../routes/broker-page';

allowForBusyMachine();

const FINANCE = 'GET /api/admin/finance/';

function renderFinance(at = '/BrokerPage?section=finance') {
  signIn(adminUser, 'admin-token');
  return renderRoute(<BrokerPageRoute />, { at, path: '/BrokerPage' });
}

/** The finance figures' requests, not the reconcile report's or the exports' under the same path. */
const financeCalls = (lines: string[]) => lines.filter((line) => line === FINANCE || line.startsWith(`${FINANCE}?`));

/** The finance answer before and after a step: `after` once the step's POST has been answered. */
function beforeAndAfter(before: Deal, after: Deal, figures: { held: number; afterHeld: number }) {
  let stepped = false;
  return {
    finance: () => ({
      body: aFinance({ held_cents: asCents(stepped ? figures.afterHeld : figures.held), orders: [stepped ? after : before] }),
    }),
    step: (body: unknown) => () => {
      stepped = true;
      return { body };
    },
  };
}

/** The buttons of an order's row, by their text. */
const rowButtons = (id: number) =>
  within(screen.getByTestId(`finance-row-${id}`))
    .getAllByRole('button')
    .map((b) => b.textContent);

/** Stubs the browser's save flow; answers the files handed to it. */
function catchDownloads() {
  const created: Blob[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:finance';
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  const clicked: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  return { created, clicked };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Finance section', () => {
  it('shows the balances from the ledger, the period and the orders, each offering exactly the steps the server allows', async () => {
    const { calls } = mockAdminApi({
      [FINANCE]: {
        body: aFinance({
          held_cents: asCents(210000),
          payouts_due_cents: asCents(95000),
          refunds_due_cents: asCents(105000),
          period: {
            payments_cents: asCents(315000),
            refunds_cents: asCents(0),
            payouts_cents: asCents(95000),
            commission_cents: asCents(10000),
            sponsored_cents: asCents(800),
          },
          orders: [
            aDeal({
              id: 1,
              domain_name: 'unpaid.com',
              status: 'awaiting_payment',
              allowed_actions: ['record_payment'],
              next_step: 'Record the buyer’s bank transfer of $1,050.00 (reference DM-ABCD-EFGH) when it arrives.',
            }),
            aDeal({ id: 2, domain_name: 'received.com', status: 'confirmed', allowed_actions: ['record_payout'] }),
            aDeal({ id: 3, domain_name: 'by-hand.com', status: 'refund_due', allowed_actions: ['record_refund'] }),
            aDeal({ id: 4, domain_name: 'argued.com', status: 'disputed', allowed_actions: ['resolve_release', 'resolve_refund'], dispute_reason: 'Never arrived.' }),
            aDeal({ id: 5, domain_name: 'done.com', status: 'completed' }),
            aDeal({ id: 6, domain_name: 'moving.com', status: 'transfer_in_progress' }),
            // Its status once meant "record the payment"; the server offers nothing, so nothing is offered.
            aDeal({ id: 7, domain_name: 'card-checkout.com', status: 'awaiting_payment' }),
            // Only one way out of this dispute is offered: only that button shows.
            aDeal({ id: 8, domain_name: 'one-way.com', status: 'disputed', allowed_actions: ['resolve_refund'] }),
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
    expect(screen.getByTestId('figure-sponsored')).toHaveTextContent('$8.00');
    expect(screen.getByRole('heading', { name: 'Money moved: All time' })).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Orders' });
    const row = within(table).getByTestId('finance-row-1');
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'Bo Buyer',
      'Sid Seller',
      'Awaiting paymentRecord the buyer’s bank transfer of $1,050.00 (reference DM-ABCD-EFGH) when it arrives.',
      '$1,050.00',
      '$950.00',
      'Jan 7, 2026',
      'Record the paymentDetails',
    ]);
    expect(within(row).getByRole('rowheader')).toHaveTextContent('unpaid.comDM-ABCD-EFGH');
    expect(rowButtons(1)).toEqual([orderFlow.actions.record_payment, 'Details']);
    expect(rowButtons(2)).toEqual(['Record the payout', 'Details']);
    expect(rowButtons(3)).toEqual(['Record the refund', 'Details']);
    expect(rowButtons(4)).toEqual(['Release to the seller', 'Refund the buyer', 'Details']);
    expect(rowButtons(5)).toEqual(['Details']);
    expect(rowButtons(6)).toEqual(['Details']);
    expect(rowButtons(7)).toEqual(['Details']);
    expect(rowButtons(8)).toEqual(['Refund the buyer', 'Details']);
    expect(screen.getByRole('button', { name: 'Release to the seller: argued.com' })).toBeInTheDocument();
    expect(financeCalls(callLines(calls()))).toEqual([FINANCE]);
  });

  it('filters by status and days, kept in the address and sent to the API', async () => {
    const { calls } = mockAdminApi({ [FINANCE]: { body: aFinance() } });
    const { user } = renderFinance('/BrokerPage?section=finance&status=disputed&from=2026-03-01');
    expect(await screen.findByText('No order matches these filters.')).toBeInTheDocument();
    expect(financeCalls(callLines(calls()))[0]).toBe(`${FINANCE}?status=disputed&from=2026-03-01`);
    expect(screen.getByLabelText('Status')).toHaveValue('disputed');
    expect(screen.getByRole('heading', { name: 'Money moved: Since Mar 1, 2026' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'Paid, funds held');
    await waitFor(() => expect(callLines(calls())).toContain(`${FINANCE}?status=paid&from=2026-03-01`));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await waitFor(() => expect(callLines(calls())).toContain(`${FINANCE}?status=paid&from=2026-03-01&to=2026-03-31`));
    expect(screen.getByTestId('location')).toHaveTextContent('/BrokerPage?section=finance&status=paid&from=2026-03-01&to=2026-03-31');
    expect(screen.getByRole('heading', { name: 'Money moved: Mar 1, 2026 – Mar 31, 2026' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/BrokerPage\?section=finance$/);
    await waitFor(() => expect(financeCalls(callLines(calls())).at(-1)).toBe(FINANCE));
  });

  it('records a payment in dollars and cents as integer cents, then refreshes the table and totals', async () => {
    const order = aDeal({ allowed_actions: ['record_payment'] });
    const flow = beforeAndAfter(order, aDeal({ status: 'paid', next_step: 'Funds held. Waiting for the seller to start the transfer.' }), { held: 0, afterHeld: 105050 });
    const { calls } = mockAdminApi({
      [FINANCE]: flow.finance,
      'POST /api/admin/orders/71/payment/': flow.step(aDeal({ status: 'paid' })),
    });
    const { user } = renderFinance();
    await screen.findByTestId('finance-row-71');
    expect(screen.getByTestId('figure-held')).toHaveTextContent('$0.00');
    await user.click(screen.getByRole('button', { name: 'Record the payment: escrowed.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Record the payment' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount received/ });
    expect(amount).toHaveValue('1050.00');
    expect(within(dialog).getByText('DM-ABCD-EFGH')).toBeInTheDocument();

    // Nothing is sent without a reference or with an amount that is not dollars and cents.
    await user.clear(amount);
    await user.type(amount, '10.505');
    await user.click(within(dialog).getByRole('button', { name: 'Record the payment' }));
    expect(within(dialog).getByRole('textbox', { name: /Bank reference/ })).toHaveAccessibleDescription('Please enter the bank reference.');
    expect(amount).toHaveAccessibleDescription('Enter the amount received in dollars and cents, like 1050.00.');
    expect(callLines(calls()).filter((l) => l.startsWith('POST'))).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Bank reference/ }), ' BANK-1 ');
    // Not $123.00: misplaced thousands commas are no amount.
    await user.clear(amount);
    await user.type(amount, '1,2,3');
    await user.click(within(dialog).getByRole('button', { name: 'Record the payment' }));
    expect(amount).toHaveAccessibleDescription('Enter the amount received in dollars and cents, like 1050.00.');
    expect(callLines(calls()).filter((l) => l.startsWith('POST'))).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '$1,050.50');
    await user.click(within(dialog).getByRole('button', { name: 'Record the payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls().find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/admin/orders/71/payment/');
    expect(post?.body).toEqual({ reference: 'BANK-1', amount_cents: 105050 });
    const row = screen.getByTestId('finance-row-71');
    expect(await within(row).findByText('Paid, funds held')).toBeInTheDocument();
    expect(within(row).getByText('Funds held. Waiting for the seller to start the transfer.')).toBeInTheDocument();
    expect(screen.getByTestId('figure-held')).toHaveTextContent('$1,050.50');
    expect(rowButtons(71)).toEqual(['Details']);
  });

  it("shows the server's field error under the amount, and keeps the dialog open", async () => {
    mockAdminApi({
      [FINANCE]: { body: aFinance({ orders: [aDeal({ allowed_actions: ['record_payment'] })] }) },
      'POST /api/admin/orders/71/payment/': {
        status: 400,
        body: { amount_cents: ["The payment must be exactly $1,050.00, the order's total."] },
      },
    });
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Record the payment: escrowed.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Record the payment' });
    await user.type(within(dialog).getByRole('textbox', { name: /Bank reference/ }), 'BANK-2');
    const amount = within(dialog).getByRole('textbox', { name: /Amount received/ });
    await user.clear(amount);
    await user.type(amount, '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Record the payment' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription("The payment must be exactly $1,050.00, the order's total."));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Record the payment' })).toBeInTheDocument();
  });

  it('records a payout, showing the seller net to send, and the row completes', async () => {
    const flow = beforeAndAfter(aDeal({ status: 'confirmed', allowed_actions: ['record_payout'] }), aDeal({ status: 'completed' }), { held: 105000, afterHeld: 0 });
    const { calls } = mockAdminApi({
      [FINANCE]: flow.finance,
      'POST /api/admin/orders/71/payout/': flow.step(aDeal({ status: 'completed' })),
    });
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Record the payout: escrowed.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Record the payout' });
    expect(within(dialog).getByText('Seller net to send').parentElement).toHaveTextContent('$950.00');
    expect(within(dialog).queryByRole('textbox', { name: /Amount/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Bank reference/ }), 'OUT-9');
    await user.click(within(dialog).getByRole('button', { name: 'Record the payout' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls().find((c) => c.method === 'POST')?.body).toEqual({ reference: 'OUT-9' });
    expect(await within(screen.getByTestId('finance-row-71')).findByText('Completed')).toBeInTheDocument();
    expect(screen.getByTestId('figure-held')).toHaveTextContent('$0.00');
    expect(financeCalls(callLines(calls()))).toHaveLength(2);
  });

  it("records a refund sent by hand, and a 409 shows the server's message in the dialog and refreshes the row", async () => {
    let refunded = false;
    const { calls } = mockAdminApi({
      [FINANCE]: () => ({ body: aFinance({ orders: [refunded ? aDeal({ status: 'refunded' }) : aDeal({ status: 'refund_due', allowed_actions: ['record_refund'] })] }) }),
      'POST /api/admin/orders/71/refund/': () => {
        refunded = true;
        return { status: 409, body: { detail: 'This order is refunded: that step is not possible now.' } };
      },
    });
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Record the refund: escrowed.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Record the refund' });
    expect(within(dialog).getByText('Buyer total to send back').parentElement).toHaveTextContent('$1,050.00');
    expect(dialog).toHaveTextContent('not through the card processor');
    await user.type(within(dialog).getByRole('textbox', { name: /Bank reference/ }), 'BACK-3');
    await user.click(within(dialog).getByRole('button', { name: 'Record the refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This order is refunded: that step is not possible now.');
    expect(calls().find((c) => c.method === 'POST')?.body).toEqual({ reference: 'BACK-3' });
    // Someone else recorded it meanwhile: the table shows where the order is now.
    expect(await within(screen.getByTestId('finance-row-71')).findByText('Refunded')).toBeInTheDocument();
  });

  it('releases a disputed order to the seller with a note, after reading the reason', async () => {
    const disputed = aDeal({ status: 'disputed', dispute_reason: 'The seller never started the transfer.', allowed_actions: ['resolve_release', 'resolve_refund'] });
    const flow = beforeAndAfter(disputed, aDeal({ status: 'confirmed', allowed_actions: ['record_payout'] }), { held: 105000, afterHeld: 105000 });
    const { calls } = mockAdminApi({
      [FINANCE]: flow.finance,
      'POST /api/admin/orders/71/resolve/': flow.step(aDeal({ status: 'confirmed' })),
    });
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Release to the seller: escrowed.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Release to the seller' });
    expect(within(dialog).getByText('The seller never started the transfer.')).toBeInTheDocument();
    expect(within(dialog).getByText('Payout due to the seller').parentElement).toHaveTextContent('$950.00');

    await user.click(within(dialog).getByRole('button', { name: 'Release to the seller' }));
    expect(within(dialog).getByRole('textbox', { name: /Note to both parties/ })).toHaveAccessibleDescription('Please write a note both parties will see.');
    expect(calls().filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Note to both parties/ }), 'The transfer is proven by DNS.');
    await user.click(within(dialog).getByRole('button', { name: 'Release to the seller' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls().find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/admin/orders/71/resolve/');
    expect(post?.body).toEqual({ decision: 'release', note: 'The transfer is proven by DNS.' });
    expect(await screen.findByRole('button', { name: 'Record the payout: escrowed.com' })).toBeInTheDocument();
  });

  it('refunds a disputed card order: the order reads "Refund due" with its card refund listed, and offers no step meanwhile', async () => {
    let resolved = false;
    const command = aPaymentCommand();
    const { calls } = mockAdminApi({
      [FINANCE]: () => ({
        body: resolved
          ? aFinance({
              orders: [aDeal({ status: 'refund_due', next_step: 'The buyer is owed $1,050.00: a card payment goes back on its own; send a bank transfer back and record it.' })],
              commands: [command],
            })
          : aFinance({ orders: [aDeal({ status: 'disputed', allowed_actions: ['resolve_release', 'resolve_refund'] })] }),
      }),
      'POST /api/admin/orders/71/resolve/': () => {
        resolved = true;
        return { body: aDeal({ status: 'refund_due' }) };
      },
    });
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Refund the buyer: escrowed.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund the buyer' });
    expect(dialog).toHaveTextContent('A card payment goes back through the card processor on its own');
    expect(within(dialog).getByText('Refund due to the buyer').parentElement).toHaveTextContent('$1,050.00');
    await user.type(within(dialog).getByRole('textbox', { name: /Note to both parties/ }), 'The name was never moved.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund the buyer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls().find((c) => c.method === 'POST')?.body).toEqual({ decision: 'refund', note: 'The name was never moved.' });

    const row = screen.getByTestId('finance-row-71');
    expect(await within(row).findByText('Refund due')).toBeInTheDocument();
    expect(row).toHaveTextContent('Card refund of the payer: waiting to be sent.');
    expect(within(row).getByRole('link', { name: 'See payment commands' })).toHaveAttribute('href', '#payment-commands');
    expect(rowButtons(71)).toEqual(['Details']);
    const commands = screen.getByRole('table', { name: 'Payment commands' });
    expect(within(commands).getByTestId('command-row-81')).toHaveTextContent('Order DM-ABCD-EFGH, escrowed.com');
  });

  it('leads from an order being refunded by card to its payment command, closing the details first', async () => {
    // jsdom lays nothing out and has no scrollIntoView: a stand-in records the call.
    const scrolled = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrolled;
    onTestFinished(() => {
      Element.prototype.scrollIntoView = original;
    });
    mockAdminApi({
      [FINANCE]: { body: aFinance({ orders: [aDeal({ status: 'refund_due' })], commands: [aPaymentCommand()] }) },
      'GET /api/orders/71/': { body: aDeal({ status: 'refund_due' }) },
    });
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Details of the order for escrowed.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Order DM-ABCD-EFGH' });
    expect(dialog).toHaveTextContent('Card refund of the payer: waiting to be sent.');
    await user.click(within(dialog).getByRole('link', { name: 'See payment commands' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const commands = screen.getByRole('region', { name: 'Payment commands' });
    await waitFor(() => expect(commands).toHaveFocus());
    expect(scrolled).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/BrokerPage\?section=finance$/);
  });

  it("shows an order's next step, its steps, its dispute and its history in the details", async () => {
    const disputed = aDeal({
      status: 'disputed',
      dispute_reason: 'Wrong registrar account.',
      allowed_actions: ['resolve_refund'],
      next_step: 'Refund the buyer or release the funds to the seller, with a note both see.',
    });
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
    expect(within(dialog).getByTestId('order-next-step')).toHaveTextContent('Refund the buyer or release the funds to the seller, with a note both see.');
    expect(within(dialog).getByText('Wrong registrar account.')).toBeInTheDocument();
    const history = await within(dialog).findAllByRole('listitem');
    expect(history.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Awaiting paymentBought at its Buy Now price'),
      expect.stringContaining('Paid, funds heldPayment BANK-1'),
      expect.stringContaining('DisputedDisputed by the buyer: Wrong registrar account.'),
    ]);
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Refund the buyer', 'Close']);
    await user.click(within(dialog).getByRole('button', { name: 'Refund the buyer: escrowed.com' }));
    expect(await screen.findByRole('dialog', { name: 'Refund the buyer' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Order DM-ABCD-EFGH' })).not.toBeInTheDocument();
  });

  it("exports the filtered orders as a CSV file fetched with the admin's token", async () => {
    const { created, clicked } = catchDownloads();
    const { calls } = mockAdminApi({
      [FINANCE]: { body: aFinance() },
      'GET /api/admin/finance/orders.csv': { body: 'order,reference,domain\n71,DM-ABCD-EFGH,escrowed.com\n' },
    });
    const { user } = renderFinance('/BrokerPage?section=finance&status=completed');
    await screen.findByText('No order matches these filters.');
    await user.click(screen.getByRole('button', { name: 'Export orders (CSV)' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const request = calls().find((c) => c.path.startsWith('/api/admin/finance/orders.csv'));
    expect(request?.path).toBe('/api/admin/finance/orders.csv?status=completed');
    expect(request?.headers.Authorization).toBe('Token admin-token');
    expect(clicked[0]?.download).toBe('orders-completed.csv');
    expect(clicked[0]?.href).toBe('blob:finance');
    expect(await created[0]?.text()).toContain('escrowed.com');
  });

  it("exports the ledger's movements of the chosen days (not the orders' status) with the admin's token", async () => {
    const { created, clicked } = catchDownloads();
    const { calls } = mockAdminApi({
      [FINANCE]: { body: aFinance() },
      'GET /api/admin/finance/movements.csv': { body: 'movement,date,item\n1,2026-03-02,order\n' },
    });
    const { user } = renderFinance('/BrokerPage?section=finance&status=completed&from=2026-03-01&to=2026-03-31');
    await screen.findByText('No order matches these filters.');
    await user.click(screen.getByRole('button', { name: 'Export the ledger (CSV)' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const request = calls().find((c) => c.path.startsWith('/api/admin/finance/movements.csv'));
    expect(request?.path).toBe('/api/admin/finance/movements.csv?from=2026-03-01&to=2026-03-31');
    expect(request?.headers.Authorization).toBe('Token admin-token');
    expect(clicked[0]?.download).toBe('ledger-from-2026-03-01-to-2026-03-31.csv');
    expect(await created[0]?.text()).toContain('movement,date,item');
  });

  it('says when an export fails', async () => {
    mockAdminApi({
      [FINANCE]: { body: aFinance() },
      'GET /api/admin/finance/movements.csv': { status: 403, body: { detail: 'You do not have permission to perform this action.' } },
    });
    const { user } = renderFinance();
    await screen.findByText('No order matches these filters.');
    await user.click(screen.getByRole('button', { name: 'Export the ledger (CSV)' }));
    expect(await screen.findByText('The export failed')).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to perform this action.')).toBeInTheDocument();
  });

  it('shows one error with a retry when the finance figures cannot be loaded, in each part they feed', async () => {
    let fail = true;
    mockAdminApi({ [FINANCE]: () => (fail ? { status: 500, body: {} } : { body: aFinance({ orders: [aDeal()] }) }) });
    const { user } = renderFinance();
    const orders = await screen.findByRole('region', { name: 'Orders' });
    expect(await within(orders).findByText('The server could not be reached or failed. Please try again.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Payment commands' })).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Payments to refund' })).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    fail = false;
    await user.click(within(orders).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('finance-row-71')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('records the bank transfer of a sponsored order waiting for it, checked against its total', async () => {
    const waiting = aSponsoredOrder({ allowed_actions: ['record_payment'], next_step: 'Record the bank transfer of $8.00 (reference SH-ABCD-EFGH) when it arrives.' });
    let paid = false;
    const { calls } = mockAdminApi({
      [FINANCE]: { body: aFinance() },
      'GET /api/admin/sponsored-orders/': () => ({ body: paid ? [] : [waiting, aSponsoredOrder({ id: 15, payment_reference: 'SH-CARD-0000' })] }),
      'POST /api/admin/sponsored-orders/14/payment/': (request) => {
        const body = request.body as { amount_cents: number };
        if (body.amount_cents !== 800) return { status: 400, body: { amount_cents: ['The order’s total is $8.00; record the payment once that amount has arrived.'] } };
        paid = true;
        return { body: { ...waiting, status: 'paid', status_label: 'Paid', allowed_actions: [] } };
      },
    });
    const { user } = renderFinance();
    const section = await screen.findByRole('region', { name: 'Sponsored headline orders awaiting payment' });
    const row = await within(section).findByTestId('sponsored-row-14');
    expect(callLines(calls())).toContain('GET /api/admin/sponsored-orders/?status=awaiting_payment');
    expect(row).toHaveTextContent('SH-ABCD-EFGH');
    expect(row).toHaveTextContent('Sam Seller (sam@example.com)');
    expect(row).toHaveTextContent('bin-one.com (Buy Now), trade-one.com (Trade Domains)');
    expect(row).toHaveTextContent('$8.00');
    expect(row).toHaveTextContent('Record the bank transfer of $8.00 (reference SH-ABCD-EFGH) when it arrives.');
    // An order the server offers no step on has no button.
    expect(within(within(section).getByTestId('sponsored-row-15')).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Record the payment: sponsored order SH-ABCD-EFGH' }));
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
