import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowForBusyMachine } from '@/testing/patience';
import { renderRoute, signIn } from '@/testing/test-utils';
import { adminUser, aFailedCommand, aFinance, aPaymentCommand, callLines, mockAdminApi } from '../testing/fixtures';
import BrokerPageRoute from '../routes/broker-page';

allowForBusyMachine();

const FINANCE = 'GET /api/admin/finance/';

function renderFinance() {
  signIn(adminUser, 'admin-token');
  return renderRoute(<BrokerPageRoute />, { at: '/BrokerPage?section=finance', path: '/BrokerPage' });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Finance: payment commands', () => {
  it('lists the failed refunds first, marked, and offers Retry only on those the server lets an admin retry', async () => {
    mockAdminApi({
      [FINANCE]: {
        body: aFinance({
          commands: [
            aPaymentCommand({ id: 1, item_label: 'Order DM-AAAA-0001, first.com', item_link: '/orders/1', last_error: 'The card processor timed out.', attempts: 2 }),
            aPaymentCommand({ id: 2, item_label: 'Milestone FM-BBBB-0002', item_link: '/engagements/12', status: 'sending', status_label: 'Being sent', next_attempt_at: null }),
            aFailedCommand({ id: 3, item_label: 'Order DM-CCCC-0003, third.com', item_link: '/orders/3' }),
            aPaymentCommand({ id: 4, item_label: 'Payment pi_gone', item_link: '' }),
          ],
        }),
      },
    });
    renderFinance();
    const section = await screen.findByRole('region', { name: 'Payment commands' });
    const table = within(section).getByRole('table', { name: 'Payment commands' });
    await within(table).findByTestId('command-row-3');
    const rows = within(table).getAllByTestId(/^command-row-/);
    expect(rows.map((r) => r.dataset.testid)).toEqual(['command-row-3', 'command-row-1', 'command-row-2', 'command-row-4']);

    const failed = within(table).getByTestId('command-row-3');
    expect(within(failed).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '$1,050.00',
      'Failed: needs you',
      '5',
      'Charge ch_1 has already been refunded.',
      'When you retry',
      'Retry',
    ]);
    expect(within(failed).getByRole('link', { name: 'Order DM-CCCC-0003, third.com' })).toHaveAttribute('href', '/orders/3');
    expect(section).toHaveTextContent('One failed and waits for you');

    const pending = within(table).getByTestId('command-row-1');
    expect(pending).toHaveTextContent('Waiting to be sent');
    expect(pending).toHaveTextContent('The card processor timed out.');
    expect(pending).toHaveTextContent('Jan 8, 2026');
    // Retry is the server's to allow: only the failed one has it.
    expect(within(table).getAllByRole('button', { name: /^Retry/ })).toHaveLength(1);
    expect(within(pending).queryByRole('button')).not.toBeInTheDocument();
    expect(within(within(table).getByTestId('command-row-2')).queryByRole('button')).not.toBeInTheDocument();
    // An item without a page is named, not linked.
    const unlinked = within(table).getByTestId('command-row-4');
    expect(unlinked).toHaveTextContent('Payment pi_gone');
    expect(within(unlinked).queryByRole('link')).not.toBeInTheDocument();
  });

  it('retries a failed refund after a yes, then lists the commands again', async () => {
    let retried = false;
    const { calls } = mockAdminApi({
      [FINANCE]: () => ({
        body: aFinance({ commands: [retried ? aPaymentCommand({ id: 3, attempts: 5 }) : aFailedCommand({ id: 3 })] }),
      }),
      'POST /api/admin/finance/commands/3/retry/': () => {
        retried = true;
        return { body: aPaymentCommand({ id: 3, attempts: 5 }) };
      },
    });
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Retry the refund: Order DM-ABCD-EFGH, escrowed.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Send the refund again?' });
    expect(dialog).toHaveTextContent('The card processor is asked again now to refund $1,050.00; the last attempt failed: Charge ch_1 has already been refunded.');
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls().filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Retry the refund: Order DM-ABCD-EFGH, escrowed.com' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Send the refund again?' })).getByRole('button', { name: 'Send it again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls().filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/finance/commands/3/retry/']);
    expect(await screen.findByText('Refund sent again')).toBeInTheDocument();
    const row = screen.getByTestId('command-row-3');
    await waitFor(() => expect(row).toHaveTextContent('Waiting to be sent'));
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(callLines(calls()).filter((l) => l === FINANCE)).toHaveLength(2);
  });

  it("keeps the dialog open with the server's answer when the retry is refused", async () => {
    mockAdminApi({
      [FINANCE]: { body: aFinance({ commands: [aFailedCommand({ id: 3 })] }) },
      'POST /api/admin/finance/commands/3/retry/': { status: 409, body: { detail: 'This refund is sent: only a failed one can be sent again.' } },
    });
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: /^Retry the refund/ }));
    const dialog = screen.getByRole('dialog', { name: 'Send the refund again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send it again' }));
    expect(await within(dialog).findByText('This refund is sent: only a failed one can be sent again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Send the refund again?' })).toBeInTheDocument();
  });

  it('says when no refund is on its way', async () => {
    mockAdminApi({ [FINANCE]: { body: aFinance() } });
    renderFinance();
    const section = await screen.findByRole('region', { name: 'Payment commands' });
    expect(await within(section).findByText('No refund is waiting to be sent, being sent or failed.')).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });
});
