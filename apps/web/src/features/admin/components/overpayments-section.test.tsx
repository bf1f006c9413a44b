import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowForBusyMachine } from '@/testing/patience';
import { renderRoute, signIn } from '@/testing/test-utils';
import { adminUser, aFinance, anOverpayment, aPaymentCommand, mockAdminApi } from '../testing/fixtures';
import BrokerPageRoute from '../routes/broker-page';

allowForBusyMachine();

const FINANCE = 'GET /api/admin/finance/';

function renderFinance() {
  signIn(adminUser, 'admin-token');
  return renderRoute(<BrokerPageRoute />, { at: '/BrokerPage?section=finance', path: '/BrokerPage' });
}

const posts = (calls: () => { method: string; path: string; body: unknown }[]) => calls().filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Finance: payments to refund', () => {
  it('lists the held card payments with the steps each allows, and none on a row that allows none', async () => {
    mockAdminApi({
      [FINANCE]: {
        body: aFinance({
          overpayments: [
            anOverpayment({ id: 1, status: 'refunded', status_label: 'Refunded', refunded_at: '2026-01-09T10:00:00.000Z', payment_reference: 'pi_old' }),
            anOverpayment({ id: 2, allowed_actions: ['refund'] }),
            anOverpayment({ id: 3, status: 'refund_due', status_label: 'Refund being sent', payment_reference: 'pi_refused', allowed_actions: ['record_refund'] }),
            anOverpayment({ id: 4, status: 'refund_due', status_label: 'Refund being sent', payment_reference: 'pi_sending' }),
          ],
        }),
      },
    });
    renderFinance();
    const section = await screen.findByRole('region', { name: 'Payments to refund' });
    const table = within(section).getByRole('table', { name: 'Payments to refund' });
    await within(table).findByTestId('overpayment-row-2');
    // The ones waiting for the admin come first.
    expect(within(table).getAllByTestId(/^overpayment-row-/).map((r) => r.dataset.testid)).toEqual([
      'overpayment-row-2',
      'overpayment-row-3',
      'overpayment-row-1',
      'overpayment-row-4',
    ]);
    const held = within(table).getByTestId('overpayment-row-2');
    expect(within(held).getByRole('rowheader')).toHaveTextContent('Bo Buyer');
    expect(within(held).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'Order DM-ABCD-EFGH, escrowed.com',
      '$1,050.00',
      'pi_again_71',
      'Held: to be refunded',
      expect.stringContaining('Jan 8, 2026'),
      'Refund it',
    ]);
    expect(within(held).getByRole('link', { name: 'Order DM-ABCD-EFGH, escrowed.com' })).toHaveAttribute('href', '/orders/71');
    const buttons = (id: number) => within(within(table).getByTestId(`overpayment-row-${id}`)).queryAllByRole('button').map((b) => b.textContent);
    expect(buttons(2)).toEqual(['Refund it']);
    expect(buttons(3)).toEqual(['Record the refund']);
    expect(buttons(1)).toEqual([]);
    expect(buttons(4)).toEqual([]);
  });

  it('refunds a held payment through the card processor after a yes; it then shows as being sent, with its command', async () => {
    let refunded = false;
    const { calls } = mockAdminApi({
      [FINANCE]: () => ({
        body: refunded
          ? aFinance({
              overpayments: [anOverpayment({ status: 'refund_due', status_label: 'Refund being sent' })],
              commands: [aPaymentCommand({ id: 5, item_kind: 'overpayment', item_id: 91, item_label: 'Payment pi_again_71' })],
            })
          : aFinance({ overpayments: [anOverpayment({ allowed_actions: ['refund'] })] }),
      }),
      'POST /api/admin/finance/overpayments/91/refund/': () => {
        refunded = true;
        return { body: anOverpayment({ status: 'refund_due', status_label: 'Refund being sent' }) };
      },
    });
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Refund it: payment pi_again_71 of $1,050.00 from Bo Buyer' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this payment?' });
    expect(dialog).toHaveTextContent('$1,050.00 goes back to Bo Buyer through the card processor (stripe).');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: /^Refund it: payment pi_again_71/ }));
    await user.click(within(screen.getByRole('dialog', { name: 'Refund this payment?' })).getByRole('button', { name: 'Refund it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toEqual([['/api/admin/finance/overpayments/91/refund/', undefined]]);
    expect(await screen.findByText('Refund on its way')).toBeInTheDocument();
    const row = screen.getByTestId('overpayment-row-91');
    await waitFor(() => expect(row).toHaveTextContent('Refund being sent'));
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Payment commands' })).getByTestId('command-row-5')).toHaveTextContent('Payment pi_again_71');
    expect(calls().filter((c) => c.method === 'GET' && c.path === '/api/admin/finance/')).toHaveLength(2);
  });

  it('shows a refused refund in the dialog', async () => {
    mockAdminApi({
      [FINANCE]: { body: aFinance({ overpayments: [anOverpayment({ allowed_actions: ['refund'] })] }) },
      'POST /api/admin/finance/overpayments/91/refund/': { status: 409, body: { detail: 'This payment is refunded: that step is not possible now.' } },
    });
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: /^Refund it: payment pi_again_71/ }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this payment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund it' }));
    expect(await within(dialog).findByText('This payment is refunded: that step is not possible now.')).toBeInTheDocument();
  });

  it('records a refund sent by hand with its bank reference, refusing an empty one', async () => {
    let recorded = false;
    const { calls } = mockAdminApi({
      [FINANCE]: () => ({
        body: aFinance({
          overpayments: [
            recorded
              ? anOverpayment({ status: 'refunded', status_label: 'Refunded', refunded_at: '2026-01-10T09:00:00.000Z' })
              : anOverpayment({ status: 'refund_due', status_label: 'Refund being sent', allowed_actions: ['record_refund'] }),
          ],
        }),
      }),
      'POST /api/admin/finance/overpayments/91/record-refund/': () => {
        recorded = true;
        return { body: anOverpayment({ status: 'refunded', status_label: 'Refunded' }) };
      },
    });
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Record the refund: payment pi_again_71 of $1,050.00 from Bo Buyer' }));
    const dialog = screen.getByRole('dialog', { name: 'Record the refund' });
    expect(dialog).toHaveTextContent('A refund sent by hand');
    expect(within(dialog).getByText('To send back').parentElement).toHaveTextContent('$1,050.00');
    const reference = within(dialog).getByRole('textbox', { name: /Bank reference/ });
    await user.click(within(dialog).getByRole('button', { name: 'Record the refund' }));
    expect(reference).toHaveAccessibleDescription('Please enter the bank reference.');
    expect(posts(calls)).toEqual([]);

    await user.type(reference, ' BACK-77 ');
    await user.click(within(dialog).getByRole('button', { name: 'Record the refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toEqual([['/api/admin/finance/overpayments/91/record-refund/', { reference: 'BACK-77' }]]);
    const row = screen.getByTestId('overpayment-row-91');
    await waitFor(() => expect(row).toHaveTextContent('Refunded'));
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when no card payment is held', async () => {
    mockAdminApi({ [FINANCE]: { body: aFinance() } });
    renderFinance();
    const section = await screen.findByRole('region', { name: 'Payments to refund' });
    expect(await within(section).findByText('No card payment is held to be refunded.')).toBeInTheDocument();
  });
});
