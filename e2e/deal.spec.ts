import { type APIRequestContext, expect, test } from './journey-test';
import {
  adminToken,
  auth,
  expectNoAxeViolations,
  listDomain,
  orderMoney,
  passOrderDeadline,
  registerViaApi,
  signedInPage,
  uniqueDomain,
  screenshotsIn,
} from './support';

/**
 * A deal that closes: the buyer pays into escrow, the seller transfers, the buyer confirms and
 * the seller is paid; and one that does not: the seller never transfers and the buyer is refunded.
 * After each step the order's own money is where the step puts it (the escrow's totals are the
 * API suite's to balance: other journeys move them at the same time).
 */

async function orderStatus(request: APIRequestContext, token: string, id: number): Promise<string> {
  const res = await request.get(`/api/orders/${id}/`, { headers: auth(token) });
  return ((await res.json()) as { status: string }).status;
}

const shoot = screenshotsIn('deal-shots');

test('Buy Now through escrow: bank payment recorded, authorisation code sent, receipt confirmed, seller paid', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const admin = await adminToken(request);
  const seller = await registerViaApi(request, 'deal-seller', 'Sal');
  const buyer = await registerViaApi(request, 'deal-buyer', 'Bea');
  const name = uniqueDomain('escrow');
  const domainId = await listDomain(request, seller, name, { seller_price: 1234, business_status: 'Buy Now' });

  const buyerPage = await signedInPage(browser, buyer);
  await buyerPage.goto(`/buy_order?domain_id=${domainId}`);
  await buyerPage.getByRole('button', { name: 'Place order' }).click();
  await expect(buyerPage).toHaveURL(/\/orders\/\d+$/);
  const orderId = Number(/\/orders\/(\d+)$/.exec(buyerPage.url())?.[1]);
  // $1,234 plus half of the 10% commission, to the cent.
  await expect(buyerPage.getByTestId('order-next-step')).toContainText('Pay $1,295.70 by');
  const reference = (await buyerPage.getByLabel('Payment reference').textContent()) ?? '';
  await expectNoAxeViolations(buyerPage);
  await shoot(buyerPage, 'awaiting-payment-buyer');
  expect(await orderMoney(request, admin, orderId)).toEqual({ status: 'awaiting_payment', held_cents: 0, paid_out_cents: 0, refunded_cents: 0 });

  await test.step('the admin records the bank payment; the funds are held', async () => {
    const paid = await request.post(`/api/admin/orders/${orderId}/payment/`, {
      headers: auth(admin),
      data: { reference: `BANK ${reference}`, amount_cents: 129_570 },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    expect(await orderMoney(request, admin, orderId)).toEqual({ status: 'paid', held_cents: 129_570, paid_out_cents: 0, refunded_cents: 0 });
  });

  const sellerPage = await signedInPage(browser, seller);
  await test.step('the seller sends the authorisation code', async () => {
    await sellerPage.goto(`/orders/${orderId}`);
    await expect(sellerPage.getByTestId('order-status')).toHaveText('Paid, funds held');
    const form = sellerPage.getByRole('form', { name: 'Start the transfer' });
    await form.getByLabel('Authorisation code').fill('Epp-Code-2026!');
    await expectNoAxeViolations(sellerPage);
    await shoot(sellerPage, 'transfer-seller');
    await form.getByRole('button', { name: 'Start the transfer' }).click();
    await expect(sellerPage.getByTestId('order-status')).toHaveText('Transfer in progress');
    await expect(sellerPage.getByText('Epp-Code-2026!')).toHaveCount(0);
    expect(await orderMoney(request, admin, orderId)).toEqual({ status: 'transfer_in_progress', held_cents: 129_570, paid_out_cents: 0, refunded_cents: 0 });
  });

  await test.step('the buyer reads the code and confirms receipt', async () => {
    await buyerPage.reload();
    await buyerPage.getByRole('button', { name: 'Show the authorisation code' }).click();
    await expect(buyerPage.getByLabel('Authorisation code')).toHaveText('Epp-Code-2026!');
    await expect(buyerPage.getByLabel('Record name')).toHaveText(`_domain-market.${name}`);
    await expectNoAxeViolations(buyerPage);
    await shoot(buyerPage, 'transfer-buyer');
    await buyerPage.getByRole('button', { name: 'I have received the domain' }).click();
    await buyerPage.getByRole('dialog').getByRole('button', { name: 'Yes, it is mine' }).click();
    await expect(buyerPage.getByTestId('order-status')).toHaveText('Received: payout due');
    // Received: the commission is earned and the seller's net is what is held, payable to them.
    expect(await orderMoney(request, admin, orderId)).toEqual({ status: 'confirmed', held_cents: 117_230, paid_out_cents: 0, refunded_cents: 0 });
  });

  await test.step('the admin records the payout; both see Completed and the receipt', async () => {
    const out = await request.post(`/api/admin/orders/${orderId}/payout/`, { headers: auth(admin), data: { reference: 'PAYOUT-1' } });
    expect(out.status(), await out.text()).toBe(200);
    expect(await orderMoney(request, admin, orderId)).toEqual({ status: 'completed', held_cents: 0, paid_out_cents: 117_230, refunded_cents: 0 });
    for (const page of [buyerPage, sellerPage]) {
      await page.goto(`/orders/${orderId}`);
      await expect(page.getByTestId('order-status')).toHaveText('Completed');
      await page.getByRole('link', { name: 'View the receipt' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
      await expect(page.getByRole('main')).toContainText('$1,295.70');
      await expect(page.getByRole('main')).toContainText('$1,172.30');
    }
    await expectNoAxeViolations(buyerPage);
    await shoot(buyerPage, 'receipt');
  });

  await test.step('the name is now the buyer’s, waiting for approval; the seller keeps the sale', async () => {
    await buyerPage.goto(`/orders/${orderId}`);
    await expect(buyerPage.getByText(`${name} is yours`)).toBeVisible();
    await buyerPage.getByRole('link', { name: 'Open your portfolio' }).click();
    await expect(buyerPage).toHaveURL(/\/portfolio$/);
    const owned = buyerPage.getByRole('table', { name: 'Your domains' }).getByRole('row').filter({ hasText: name });
    await expect(owned).toContainText('Pending approval');
    await buyerPage.goto('/market');
    const purchase = buyerPage.getByRole('table', { name: 'Your purchases' }).getByRole('row').filter({ hasText: name });
    await expect(purchase.getByRole('link', { name })).toHaveAttribute('href', `/orders/${orderId}`);
    await expect(purchase.getByRole('link', { name: 'In your portfolio' })).toHaveAttribute('href', '/portfolio');
    // Not public until approved for its new owner.
    expect((await request.get(`/api/domains/${domainId}/`)).status()).toBe(404);

    await sellerPage.goto('/portfolio');
    const sale = sellerPage.getByRole('table', { name: 'Your sales' }).getByRole('row').filter({ hasText: name });
    await expect(sale.getByRole('link', { name })).toHaveAttribute('href', `/orders/${orderId}`);
    await expect(sale).toContainText('$1,172.30');
    await expect(sellerPage.getByRole('table', { name: 'Your domains' })).not.toContainText(name);
    await expectNoAxeViolations(sellerPage);
    await shoot(sellerPage, 'sales-seller');
    await sellerPage.goto('/market');
    await expect(sellerPage.getByRole('table', { name: 'Your sales' }).getByRole('link', { name })).toHaveAttribute('href', `/orders/${orderId}`);
  });
});

test('a seller who never transfers: the deadline refunds the buyer and lists the domain again', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await adminToken(request);
  const seller = await registerViaApi(request, 'idle-seller');
  const buyer = await registerViaApi(request, 'idle-buyer');
  const name = uniqueDomain('idle');
  const domainId = await listDomain(request, seller, name, { seller_price: 2000, business_status: 'Buy Now' });
  const bought = await request.post('/api/domains/buy-now/', { headers: auth(buyer.token), data: { domain_id: domainId } });
  expect(bought.status()).toBe(201);
  const order = (await bought.json()) as { id: number; buyer_total_cents: number };
  const paid = await request.post(`/api/admin/orders/${order.id}/payment/`, {
    headers: auth(admin),
    data: { reference: 'BANK-IDLE', amount_cents: order.buyer_total_cents },
  });
  expect(paid.status()).toBe(200);
  const total = order.buyer_total_cents;
  expect(await orderMoney(request, admin, order.id)).toEqual({ status: 'paid', held_cents: total, paid_out_cents: 0, refunded_cents: 0 });

  // Five days without a transfer, as far as the order knows. The refund is due, the money still held.
  await passOrderDeadline(order.id, 'transfer_by');
  await expect.poll(() => orderStatus(request, buyer.token, order.id)).toBe('refund_due');
  expect(await orderMoney(request, admin, order.id)).toEqual({ status: 'refund_due', held_cents: total, paid_out_cents: 0, refunded_cents: 0 });
  const found = await request.get(`/api/domains/search/?domain_name=${encodeURIComponent(name.replace(/\.com$/, ''))}`);
  expect(((await found.json()) as Array<{ domain_name: string }>).map((d) => d.domain_name)).toContain(name);

  const buyerPage = await signedInPage(browser, buyer);
  await buyerPage.goto(`/orders/${order.id}`);
  await expect(buyerPage.getByTestId('order-status')).toHaveText('Refund due');
  await expect(buyerPage.getByText(/is being refunded/)).toBeVisible();
  await expect(buyerPage.getByText(/Transfer not started within 5 days/)).toBeVisible();

  const refunded = await request.post(`/api/admin/orders/${order.id}/refund/`, { headers: auth(admin), data: { reference: 'REFUND-IDLE' } });
  expect(refunded.status()).toBe(200);
  expect(await orderMoney(request, admin, order.id)).toEqual({ status: 'refunded', held_cents: 0, paid_out_cents: 0, refunded_cents: total });
  await buyerPage.reload();
  await expect(buyerPage.getByTestId('order-status')).toHaveText('Refunded');
  await shoot(buyerPage, 'refunded-buyer');
});

test('an accepted offer paid by card through Stripe Checkout, the transfer proven by a DNS record', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const admin = await adminToken(request);
  const seller = await registerViaApi(request, 'card-seller', 'Cas');
  const buyer = await registerViaApi(request, 'card-buyer', 'Dee');
  const name = uniqueDomain('card-dns');
  const domainId = await listDomain(request, seller, name, { seller_price: 25000, min_offer: 15000, business_status: 'Price Upon Request' });

  // The offer and its acceptance (the negotiation journey covers them on screen).
  const lead = await request.post('/api/domains/domain-leads/', { headers: auth(buyer.token), data: { domain_id: domainId } });
  expect(lead.status(), await lead.text()).toBe(201);
  const leadId = ((await lead.json()) as { domain_lead_id: number }).domain_lead_id;
  const offer = await request.post('/api/domains/negotiation/', { headers: auth(buyer.token), data: { domain_lead_id: leadId, status: 2, amount: 18000 } });
  expect(offer.status(), await offer.text()).toBe(201);
  const accepted = await request.post('/api/domains/negotiation/', { headers: auth(seller.token), data: { domain_lead_id: leadId, status: 4 } });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const orders = (await (await request.get('/api/orders/', { headers: auth(buyer.token) })).json()) as Array<{ id: number; domain_name: string }>;
  const orderId = orders.find((o) => o.domain_name === name)?.id as number;
  expect(orderId, `the order of ${name}`).toBeDefined();
  // $18,000 plus half of the 10% commission from the buyer; less the other half to the seller.
  const [total, net] = [1_890_000, 1_710_000];
  expect(await orderMoney(request, admin, orderId)).toEqual({ status: 'awaiting_payment', held_cents: 0, paid_out_cents: 0, refunded_cents: 0 });

  const buyerPage = await signedInPage(browser, buyer);
  await test.step('the buyer pays by card on the processor’s page and comes back to funds held', async () => {
    await buyerPage.goto(`/orders/${orderId}`);
    // $18,000 plus half of the 10% commission; the bank transfer is offered as the other way.
    await expect(buyerPage.getByTestId('order-next-step')).toContainText('Pay $18,900.00 by');
    await expect(buyerPage.getByRole('heading', { name: 'Or pay by bank transfer' })).toBeVisible();
    await expectNoAxeViolations(buyerPage);
    await shoot(buyerPage, 'card-awaiting-payment-buyer');
    await buyerPage.getByRole('button', { name: /^Pay by card/ }).click();
    await expect(buyerPage).toHaveURL(new RegExp(`^${process.env.E2E_STAND_IN_URL}/pay/`));
    await expect(buyerPage.getByLabel('Amount')).toHaveText('$18,900.00');
    await buyerPage.getByRole('button', { name: 'Pay $18,900.00' }).click();
    // The processor's signed webhook arrived before it sent the buyer back.
    await expect(buyerPage).toHaveURL(new RegExp(`/orders/${orderId}\\?paid=1$`));
    await expect(buyerPage.getByTestId('order-status')).toHaveText('Paid, funds held');
    expect(await orderMoney(request, admin, orderId)).toEqual({ status: 'paid', held_cents: total, paid_out_cents: 0, refunded_cents: 0 });
  });

  const sellerPage = await signedInPage(browser, seller);
  await test.step('the seller pushes the domain to the buyer’s registrar account', async () => {
    await sellerPage.goto(`/orders/${orderId}`);
    const form = sellerPage.getByRole('form', { name: 'Start the transfer' });
    await form.getByRole('radio', { name: /Push to the buyer’s account/ }).check();
    await form.getByLabel('Buyer’s account you pushed it to').fill('dee-registrar-4411');
    await form.getByRole('button', { name: 'Start the transfer' }).click();
    await expect(sellerPage.getByTestId('order-status')).toHaveText('Transfer in progress');
    expect(await orderMoney(request, admin, orderId)).toEqual({ status: 'transfer_in_progress', held_cents: total, paid_out_cents: 0, refunded_cents: 0 });
  });

  await test.step('the buyer publishes the TXT record and the DNS check passes', async () => {
    await buyerPage.goto(`/orders/${orderId}`);
    await expect(buyerPage.getByText('The seller pushed the domain to your account “dee-registrar-4411”.')).toBeVisible();
    const recordName = (await buyerPage.getByLabel('Record name').textContent()) ?? '';
    const recordValue = (await buyerPage.getByLabel('Record value').textContent()) ?? '';
    expect(recordName).toBe(`_domain-market.${name}`);
    // Not published yet: the check says so and nothing moves.
    await buyerPage.getByRole('button', { name: 'Check DNS now' }).click();
    await expect(buyerPage.getByText(`No TXT record with the token was found at ${recordName} yet.`, { exact: false })).toBeVisible();
    // Published at the buyer's DNS host (here the journeys' DNS server), then checked again.
    const published = await request.put(`${process.env.E2E_STAND_IN_URL}/dns/txt`, { data: { name: recordName, value: recordValue } });
    expect(published.status()).toBe(200);
    await buyerPage.getByRole('button', { name: 'Check DNS now' }).click();
    await expect(buyerPage.getByText(/DNS check passed/).first()).toBeVisible();
    await expect(buyerPage.getByTestId('order-status')).toHaveText('Transfer in progress');
    await expectNoAxeViolations(buyerPage);
    await shoot(buyerPage, 'card-dns-verified-buyer');
    expect(await orderMoney(request, admin, orderId)).toEqual({ status: 'transfer_in_progress', held_cents: total, paid_out_cents: 0, refunded_cents: 0 });
  });

  await test.step('no dispute within the days after the check: the order confirms itself and the seller is paid', async () => {
    await passOrderDeadline(orderId, 'confirm_by');
    await expect.poll(() => orderStatus(request, buyer.token, orderId)).toBe('confirmed');
    expect(await orderMoney(request, admin, orderId)).toEqual({ status: 'confirmed', held_cents: net, paid_out_cents: 0, refunded_cents: 0 });
    const out = await request.post(`/api/admin/orders/${orderId}/payout/`, { headers: auth(admin), data: { reference: 'PAYOUT-CARD-1' } });
    expect(out.status(), await out.text()).toBe(200);
    expect(await orderMoney(request, admin, orderId)).toEqual({ status: 'completed', held_cents: 0, paid_out_cents: net, refunded_cents: 0 });
    await sellerPage.goto(`/orders/${orderId}`);
    await expect(sellerPage.getByTestId('order-status')).toHaveText('Completed');
    await expect(sellerPage.getByText(/Confirmed by DNS/)).toBeVisible();
    await sellerPage.getByRole('link', { name: 'View the receipt' }).click();
    await expect(sellerPage.getByRole('main')).toContainText('$18,900.00');
    await expect(sellerPage.getByRole('main')).toContainText('$17,100.00');
  });
});
