import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dealMessages as dm, transferTxtName } from '@market/shared';
import { allowForBusyMachine } from '@/testing/patience';
import { jsonOf, mockFetch, type MockHandler } from '@/testing/mock-fetch';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import { aDeal } from '@/testing/deals';
import OrderRoute from './order';
import OrderReceiptRoute from './order-receipt';

allowForBusyMachine();

function open(routes: Record<string, MockHandler>, at = '/orders/7') {
  signIn();
  const mocks = mockFetch({ 'GET /api/auth/user/': { body: testUser }, 'GET /api/domains/my-stable': { body: {} }, 'GET /api/orders/': { body: [] }, ...routes });
  return { ...mocks, ...renderRoute(<OrderRoute />, { at, path: '/orders/:id' }) };
}

describe('order page', () => {
  it('tells the buyer how to pay: amount to the cent, reference, bank details, deadline', async () => {
    open({ 'GET /api/orders/7/': { body: aDeal({ priceDollars: 1234 }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'bin-order.com' })).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Awaiting payment');
    expect(screen.getByTestId('order-next-step')).toHaveTextContent('Pay $1,295.70 by 1 Mar 2025');
    expect(screen.getByRole('heading', { name: 'Pay by bank transfer' })).toBeInTheDocument();
    expect(screen.getByText(/quoting the reference/)).toHaveTextContent('Transfer $1,295.70 quoting the reference');
    // Only the steps the server allows: paying, and calling the order off.
    expect(screen.queryByRole('button', { name: /Pay by card/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open a dispute' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel the order' })).toBeEnabled();
    expect(screen.getByLabelText('Payment reference')).toHaveTextContent('DM-ABCD-EFGH');
    expect(screen.getByText(/IBAN IE00/)).toBeInTheDocument();
    expect(screen.getByTestId('order-buyer-fee')).toHaveTextContent('$61.70');
    expect(screen.getByTestId('order-seller-net')).toHaveTextContent('$1,172.30');
  });

  it('shows the bank details line by line and our support address to write to', async () => {
    const demo = 'Demo bank details — not a real account. Do not send money.\nIBAN: XX00 DEMO 0000 0000 0000 00';
    const order = aDeal();
    open({
      'GET /api/orders/7/': { body: { ...order, payment_instructions: { ...order.payment_instructions, details: demo } } },
      'GET /api/site/contact/': { body: { support_email: 'help@market.test' } },
    });
    expect(await screen.findByText(/Demo bank details — not a real account/)).toHaveTextContent('IBAN: XX00 DEMO');
    expect(await screen.findByTestId('support-contact')).toHaveTextContent('Questions about this order? Write to us at help@market.test.');
    expect(screen.getByRole('link', { name: 'help@market.test' })).toHaveAttribute('href', 'mailto:help@market.test');
  });

  it('sends the buyer of a card order to the processor’s checkout page, with the bank transfer as the other way', async () => {
    const byCard = aDeal({ facts: { card: true } });
    const { user, requests } = open({
      'GET /api/orders/7/': { body: byCard },
      'POST /api/orders/7/checkout/': { body: { url: 'https://checkout.stand-in.test/pay/cs_1' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay by card: $4,200.00' }));
    expect(await screen.findByRole('link', { name: 'Continue to the payment page' })).toHaveAttribute('href', 'https://checkout.stand-in.test/pay/cs_1');
    expect(screen.getByRole('heading', { name: 'Or pay by bank transfer' })).toBeInTheDocument();
    expect(screen.getByLabelText('Payment reference')).toHaveTextContent('DM-ABCD-EFGH');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/orders/7/checkout/']);
  });

  it('says the card payment is on its way when the buyer comes back, and shows a refused checkout', async () => {
    const { user } = open(
      {
        'GET /api/orders/7/': { body: aDeal({ facts: { card: true } }) },
        'POST /api/orders/7/checkout/': { status: 409, body: { detail: dm.paidByBankTransfer } },
      },
      '/orders/7?paid=1',
    );
    expect(await screen.findByText(dm.cardPaymentReturned)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Pay by card/ }));
    expect(await screen.findByText(dm.paidByBankTransfer)).toBeInTheDocument();
  });

  it('says nothing was charged when the buyer left the card payment page', async () => {
    open({ 'GET /api/orders/7/': { body: aDeal({ facts: { card: true } }) } }, '/orders/7?cancelled=1');
    expect(await screen.findByText(dm.cardPaymentCancelled)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Pay by card/ })).toBeEnabled();
  });

  it('lets either party cancel before payment, after a confirmation', async () => {
    const { user, requests } = open({
      'GET /api/orders/7/': { body: aDeal() },
      'POST /api/orders/7/cancel/': { body: aDeal({ status: 'cancelled' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText(/This order was cancelled/)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/orders/7/cancel/']);
  });

  it('asks the seller to start the transfer, by authorisation code or push, and shows a refused code under its field', async () => {
    const paid = aDeal({ role: 'seller', status: 'paid', paid_at: '2025-03-02T10:00:00.000Z', transfer_by: '2025-03-07T10:00:00.000Z' });
    const { user, requests } = open({
      'GET /api/orders/7/': { body: paid },
      'POST /api/orders/7/transfer/': (request) =>
        (request.body as { auth_code: string }).auth_code === 'short'
          ? { status: 400, body: { auth_code: [dm.authCodeInvalid] } }
          : { body: aDeal({ role: 'seller', status: 'transfer_in_progress', transfer_method: 'auth_code', transfer_started_at: '2025-03-03T10:00:00.000Z', facts: { auth_code: true, dns_unverified: true } }) },
    });
    const form = await screen.findByRole('form', { name: 'Start the transfer' });
    await user.type(within(form).getByLabelText('Authorisation code'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Start the transfer' }));
    expect(await within(form).findByText(dm.authCodeInvalid)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Authorisation code'));
    await user.type(within(form).getByLabelText('Authorisation code'), 'Good-Code-123');
    await user.click(within(form).getByRole('button', { name: 'Start the transfer' }));
    expect(await screen.findByText(/Waiting for the buyer to confirm receipt/)).toBeInTheDocument();
    const bodies = requests.filter((r) => r.method === 'POST').map((r) => jsonOf(r));
    expect(bodies.at(-1)).toEqual({ method: 'auth_code', auth_code: 'Good-Code-123' });
  });

  it('shows the buyer the code on request, the DNS record to publish, and confirms receipt', async () => {
    const moving = aDeal({
      status: 'transfer_in_progress',
      paid_at: '2025-03-02T10:00:00.000Z',
      transfer_method: 'auth_code',
      has_auth_code: true,
      transfer_started_at: '2025-03-03T10:00:00.000Z',
      dns_txt: { name: transferTxtName('bin-order.com'), value: 'tok3n' },
      facts: { auth_code: true, dns_unverified: true },
    });
    const { user, requests } = open({
      'GET /api/orders/7/': { body: moving },
      'GET /api/orders/7/auth-code/': { body: { auth_code: 'Secr3t!' } },
      'POST /api/orders/7/dns-check/': { status: 409, body: { detail: dm.dnsNotFound(transferTxtName('bin-order.com')) } },
      'POST /api/orders/7/confirm/': { body: aDeal({ status: 'confirmed', paid_at: '2025-03-02T10:00:00.000Z' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Show the authorisation code' }));
    expect(await screen.findByLabelText('Authorisation code')).toHaveTextContent('Secr3t!');
    expect(screen.getByLabelText('Record name')).toHaveTextContent('_domain-market.bin-order.com');
    expect(screen.getByLabelText('Record value')).toHaveTextContent('tok3n');
    await user.click(screen.getByRole('button', { name: 'Check DNS now' }));
    expect(await screen.findByText(dm.dnsNotFound('_domain-market.bin-order.com'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have received the domain' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, it is mine' }));
    expect(await screen.findByText(/The domain is received/)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/orders/7/dns-check/', '/api/orders/7/confirm/']);
  });

  it('opens a dispute with a reason', async () => {
    const paid = aDeal({ status: 'paid', paid_at: '2025-03-02T10:00:00.000Z' });
    const { user, requests } = open({
      'GET /api/orders/7/': { body: paid },
      'POST /api/orders/7/dispute/': { body: aDeal({ status: 'disputed', paid_at: '2025-03-02T10:00:00.000Z', dispute_reason: 'No answer from the seller.' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Open a dispute' }));
    await user.type(screen.getByLabelText('What went wrong?'), 'No answer from the seller.');
    await user.click(screen.getByRole('button', { name: 'Open the dispute' }));
    expect(await screen.findByText(/The dispute: “No answer from the seller.”/)).toBeInTheDocument();
    expect(screen.getByTestId('order-next-step')).toHaveTextContent('our team is looking into it');
    expect(screen.queryByRole('button', { name: 'Open a dispute' })).toBeNull();
    expect(jsonOf(requests.find((r) => r.path === '/api/orders/7/dispute/'))).toEqual({ reason: 'No answer from the seller.' });
  });

  it('tells the buyer of a completed order the domain is in their portfolio to list, and the seller it has passed', async () => {
    const done = { status: 'completed' as const, completed_at: '2025-03-06T10:00:00.000Z' };
    open({ 'GET /api/orders/7/': { body: aDeal(done) } });
    const note = await screen.findByTestId('order-next-step');
    expect(note).toHaveTextContent('bin-order.com is yours: it is in your portfolio, not listed. Set its price and listing options there; it is listed once our team approves it');
    expect(screen.getByRole('link', { name: 'Open your portfolio' })).toHaveAttribute('href', '/portfolio');
    expect(screen.getByRole('link', { name: 'View the receipt' })).toHaveAttribute('href', '/orders/7/receipt');
  });

  it('tells the seller of a completed order that the domain has passed to the buyer', async () => {
    open({ 'GET /api/orders/7/': { body: aDeal({ role: 'seller', status: 'completed', completed_at: '2025-03-06T10:00:00.000Z' }) } });
    expect(await screen.findByTestId('order-next-step')).toHaveTextContent('bin-order.com has passed to the buyer. The sale stays under Your sales in your portfolio.');
    expect(screen.queryByText(/is yours/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open your portfolio' })).toBeNull();
  });

  it('says so when the order is not the viewer’s', async () => {
    open({ 'GET /api/orders/7/': { status: 404, body: { detail: dm.notFound } } });
    expect(await screen.findByText(/This order does not exist, or it is not yours/)).toBeInTheDocument();
  });
});

describe('receipt', () => {
  it('prints the parties, amounts, reference and dates of a completed order', async () => {
    signIn();
    mockFetch({
      'GET /api/auth/user/': { body: testUser },
      'GET /api/orders/7/': {
        body: aDeal({ status: 'completed', paid_at: '2025-03-02T10:00:00.000Z', payout_at: '2025-03-06T10:00:00.000Z', completed_at: '2025-03-06T10:00:00.000Z' }),
      },
    });
    renderRoute(<OrderReceiptRoute />, { at: '/orders/7/receipt', path: '/orders/:id/receipt' });
    expect(await screen.findByRole('heading', { name: 'Receipt' })).toBeInTheDocument();
    for (const text of ['DM-ABCD-EFGH', 'Sam Seller', '$4,000.00', '$4,200.00', '$3,800.00', 'Completed']) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument());
  });
});
