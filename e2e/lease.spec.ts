import { type APIRequestContext, expect, type Page, test } from './journey-test';
import {
  ADMIN,
  adminToken,
  auth,
  expectBooksReconcile,
  itemMoney,
  listDomain,
  registerViaApi,
  servedAddresses,
  signedInPage,
  uniqueDomain,
  updateJourneyDb,
  screenshotsIn,
} from './support';

/**
 * Lease to own: the seller offers a name over 12 months, the lessee pays the first instalment by
 * card and points the name at their server through our DNS, pays two more (one late, after the
 * warning), pays off the rest early and receives the name. And a lease whose instalment is never
 * paid: it ends, and the seller's records are served again. The books reconcile after each step.
 */
const DAY = 24 * 60 * 60 * 1000;

interface LeaseAnswer {
  id: number;
  status: string;
  instalments: { id: number; number: number; payoff: boolean; status: string; buyer_total_cents: number; warned_at: string | null }[];
}

async function leaseOf(request: APIRequestContext, token: string, id: number): Promise<LeaseAnswer> {
  const res = await request.get(`/api/leases/${id}/`, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as LeaseAnswer;
}

const shoot = screenshotsIn('lease-shots');

/** Our nameservers answer for the name: as if its registrar pointed it at ours and the check saw it. */
const pointAtUs = (domainId: number) => updateJourneyDb('domains', { ns_status: 'verified' }, { id: domainId });

/**
 * The lessee sets the name's A record through the DNS dialog on the lease page: the first record,
 * added when the seller left none (the lessee starts from the seller's records).
 */
async function setARecord(page: Page, address: string, { add }: { add: boolean }): Promise<void> {
  await page.getByRole('button', { name: 'Set the DNS records' }).click();
  const dialog = page.getByRole('dialog');
  // Our own records for @ replace the landing page.
  await dialog.getByLabel('Keep the landing page (@ and www point at it)').uncheck();
  if (add) await dialog.getByRole('button', { name: 'Add record' }).click();
  await dialog.getByRole('group', { name: 'Record 1' }).getByLabel('Address').fill(address);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** Pays one instalment on the card processor's page (the stand-in's), back on the lease page after. */
async function payByCard(page: Page, row: string, amount: string): Promise<void> {
  await page.getByTestId(row).getByRole('button', { name: `Pay ${amount} by card` }).click();
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page).toHaveURL(/\/leases\/\d+\?paid=1$/);
}

test('Lease to own: 12 months, DNS set by the lessee, a late instalment, early payoff, the transfer', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const admin = await adminToken(request);
  const seller = await registerViaApi(request, 'lease-seller', 'Lena');
  const buyer = await registerViaApi(request, 'lease-buyer', 'Lou');
  const name = uniqueDomain('lease');
  const domainId = await listDomain(request, seller, name, { seller_price: 1200, business_status: 'Buy Now' });
  await pointAtUs(domainId);

  const sellerPage = await signedInPage(browser, seller);
  await test.step('the seller offers the name on lease over 12 months', async () => {
    await sellerPage.goto('/portfolio');
    await sellerPage.getByRole('button', { name: `Lease to own ${name}` }).click();
    const dialog = sellerPage.getByRole('dialog');
    await dialog.getByLabel('Offer lease to own').check();
    await dialog.getByLabel('Months').fill('12');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await sellerPage.goto(`/landing/${domainId}`);
    await expect(sellerPage.getByTestId('lease-monthly')).toContainText('or $100.00 a month');
  });

  const buyerPage = await signedInPage(browser, buyer);
  let leaseId = 0;
  await test.step('the buyer starts the lease and pays the first instalment by card', async () => {
    await buyerPage.goto(`/buy_order?domain_id=${domainId}`);
    await expect(buyerPage.getByRole('heading', { name: 'Lease to own: or $100.00 a month' })).toBeVisible();
    await buyerPage.getByRole('button', { name: 'Start the lease' }).click();
    await expect(buyerPage).toHaveURL(/\/leases\/\d+$/);
    leaseId = Number(/\/leases\/(\d+)$/.exec(buyerPage.url())?.[1]);
    await expect(buyerPage.getByTestId('lease-status')).toHaveText('Awaiting the first instalment');
    await expect(buyerPage.getByRole('main')).toContainText('30 days late ends the lease');
    await shoot(buyerPage, 'awaiting-first');
    await payByCard(buyerPage, 'instalment-1', '$105.00');
    await expect(buyerPage.getByTestId('lease-status')).toHaveText('Leasing');
    const lease = await leaseOf(request, buyer.token, leaseId);
    // Paid and released at once: the seller's $95.00 is payable, the commission earned.
    expect(await itemMoney(request, admin, 'instalment', lease.instalments[0]!.id)).toEqual({ held_cents: 9_500, paid_out_cents: 0, refunded_cents: 0 });
  });

  await test.step('the lessee points the name at their server; our DNS serves it; the seller may not change it', async () => {
    await setARecord(buyerPage, '192.0.2.10', { add: true });
    await expect.poll(() => servedAddresses(name)).toEqual(['192.0.2.10']);
    expect((await request.get(`/api/domains/${domainId}/dns/`, { headers: auth(seller.token) })).status()).toBe(403);
    await shoot(buyerPage, 'leasing');
  });

  await test.step('the second instalment goes 8 days late: a warning, then paid by card', async () => {
    const lease = await leaseOf(request, buyer.token, leaseId);
    await updateJourneyDb('lease_instalments', { due_at: new Date(Date.now() - 8 * DAY).toISOString() }, { id: lease.instalments[1]!.id });
    // The deadline sweep warns on its next pass: wait for that state, then look at the page.
    await expect
      .poll(async () => (await leaseOf(request, buyer.token, leaseId)).instalments[1]!.warned_at, { timeout: 60_000 })
      .toBeTruthy();
    await buyerPage.reload();
    await expect(buyerPage.getByTestId('instalment-2')).toContainText('Due: late');
    // An admin sees it among the instalments past their date in Finance.
    const adminPage = await signedInPage(browser, ADMIN);
    await adminPage.goto('/BrokerPage?section=finance');
    await expect(adminPage.getByRole('table', { name: 'Overdue instalments' }).getByRole('row').filter({ hasText: name })).toContainText('$105.00');
    await adminPage.context().close();
    await payByCard(buyerPage, 'instalment-2', '$105.00');
    await expect(buyerPage.getByTestId('instalment-2')).toContainText('Paid: payout due');
    const notices = await request.get('/api/domains/notifications/?limit=100', { headers: auth(buyer.token) });
    expect(await notices.text()).toContain('7 days late');
    await expectBooksReconcile(request, admin);
  });

  await test.step('the third instalment, reminded a week before, arrives by bank transfer', async () => {
    const lease = await leaseOf(request, buyer.token, leaseId);
    const third = lease.instalments[2]!;
    await updateJourneyDb('lease_instalments', { due_at: new Date(Date.now() + 6 * DAY).toISOString() }, { id: third.id });
    await expect.poll(async () => (await (await request.get('/api/domains/notifications/?limit=100', { headers: auth(buyer.token) })).text()).includes('Reminder: instalment 3')).toBe(true);
    const paid = await request.post(`/api/admin/instalments/${third.id}/payment/`, { headers: auth(admin), data: { reference: 'BANK-3', amount_cents: third.buyer_total_cents } });
    expect(paid.status(), await paid.text()).toBe(200);
    expect(await itemMoney(request, admin, 'instalment', third.id)).toEqual({ held_cents: 9_500, paid_out_cents: 0, refunded_cents: 0 });
  });

  await test.step('the lessee pays off the remaining $900.00 early', async () => {
    await buyerPage.reload();
    await buyerPage.getByRole('button', { name: 'Pay off the remaining $900.00' }).click();
    await expect(buyerPage.getByTestId('instalment-payoff')).toBeVisible();
    await payByCard(buyerPage, 'instalment-payoff', '$945.00');
    await expect(buyerPage.getByTestId('lease-status')).toHaveText('Paid in full: transfer due');
    await expectBooksReconcile(request, admin);
  });

  await test.step('the seller pushes the name, the lessee confirms: it is in their portfolio', async () => {
    await sellerPage.goto(`/leases/${leaseId}`);
    await expect(sellerPage.getByTestId('lease-status')).toHaveText('Paid in full: transfer due');
    await sellerPage.getByLabel('Lessee’s registrar account').fill('lou-at-registrar');
    await sellerPage.getByRole('button', { name: 'Start the transfer' }).click();
    await expect(sellerPage.getByTestId('lease-status')).toHaveText('Transfer in progress');
    await buyerPage.reload();
    await buyerPage.getByRole('button', { name: 'I have received the domain' }).click();
    await expect(buyerPage.getByTestId('lease-status')).toHaveText('Completed');
    await shoot(buyerPage, 'completed');
    await buyerPage.goto('/portfolio');
    await expect(buyerPage.getByRole('table', { name: 'Your domains' }).getByRole('row').filter({ hasText: name })).toContainText('Pending approval');
    await expectBooksReconcile(request, admin);
  });
});

test('Lease to own: an instalment 30 days late ends the lease and the seller’s records are served again', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await adminToken(request);
  const seller = await registerViaApi(request, 'lapse-seller', 'Lars');
  const buyer = await registerViaApi(request, 'lapse-buyer', 'Liv');
  const name = uniqueDomain('lapse');
  const domainId = await listDomain(request, seller, name, { seller_price: 600, business_status: 'Buy Now' });
  await pointAtUs(domainId);
  const own = await request.put(`/api/domains/${domainId}/dns/`, {
    headers: auth(seller.token),
    data: { keep_landing: false, records: [{ name: '@', type: 'A', content: '198.51.100.20', ttl: 300 }] },
  });
  expect(own.status(), await own.text()).toBe(200);
  await expect.poll(() => servedAddresses(name)).toEqual(['198.51.100.20']);
  expect((await request.put(`/api/domains/${domainId}/lease-terms/`, { headers: auth(seller.token), data: { enabled: true, months: 6 } })).status()).toBe(200);
  const started = await request.post('/api/leases/', { headers: auth(buyer.token), data: { domain_id: domainId } });
  expect(started.status(), await started.text()).toBe(201);
  const lease = (await started.json()) as LeaseAnswer;
  const first = lease.instalments[0]!;
  expect((await request.post(`/api/admin/instalments/${first.id}/payment/`, { headers: auth(admin), data: { reference: 'BANK-1', amount_cents: first.buyer_total_cents } })).status()).toBe(200);

  const buyerPage = await signedInPage(browser, buyer);
  await buyerPage.goto(`/leases/${lease.id}`);
  await expect(buyerPage.getByTestId('lease-status')).toHaveText('Leasing');
  await setARecord(buyerPage, '192.0.2.20', { add: false });
  await expect.poll(() => servedAddresses(name)).toEqual(['192.0.2.20']);

  await test.step('the second instalment is never paid: 31 days on, the lease ends', async () => {
    await updateJourneyDb('lease_instalments', { due_at: new Date(Date.now() - 31 * DAY).toISOString() }, { id: lease.instalments[1]!.id });
    await expect.poll(async () => (await leaseOf(request, buyer.token, lease.id)).status).toBe('ended');
    await buyerPage.reload();
    await expect(buyerPage.getByTestId('lease-status')).toHaveText('Ended: instalment missed');
    await expect(buyerPage.getByRole('button', { name: 'Set the DNS records' })).toHaveCount(0);
    await shoot(buyerPage, 'ended');
  });

  await test.step('the seller’s records are served again, the name is listed again, the paid instalment stays with the seller', async () => {
    await expect.poll(() => servedAddresses(name)).toEqual(['198.51.100.20']);
    expect((await request.get(`/api/domains/${domainId}/dns/`, { headers: auth(buyer.token) })).status()).toBe(403);
    const offer = await request.get(`/api/domains/${domainId}/`);
    expect(((await offer.json()) as { lease_monthly_line: string }).lease_monthly_line).toBe('or $100.00 a month');
    expect(await itemMoney(request, admin, 'instalment', first.id)).toEqual({ held_cents: 9_500, paid_out_cents: 0, refunded_cents: 0 });
  });
});

test('Lease to own from a negotiation: an offer paid in instalments, accepted, becomes the lease', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const seller = await registerViaApi(request, 'offer-lease-seller', 'Olga');
  const buyer = await registerViaApi(request, 'offer-lease-buyer', 'Otto');
  const name = uniqueDomain('offerlease');
  const domainId = await listDomain(request, seller, name, { seller_price: 24000, business_status: 'Buy Now' });
  expect((await request.put(`/api/domains/${domainId}/lease-terms/`, { headers: auth(seller.token), data: { enabled: true, months: 12, down_payment_cents: 200_000 } })).status()).toBe(200);
  const lead = await request.post('/api/domains/domain-leads/', { headers: auth(buyer.token), data: { domain_id: domainId } });
  expect(lead.status(), await lead.text()).toBe(201);

  const buyerPage = await signedInPage(browser, buyer);
  await test.step('the buyer offers $20,000 in instalments, seeing the plan before sending', async () => {
    await buyerPage.goto(`/domain-leads/negotiation/${domainId}`);
    await buyerPage.getByRole('textbox', { name: 'Offer amount' }).fill('20000');
    await buyerPage.getByRole('checkbox', { name: 'Paid in instalments: lease to own over 12 months, $2,000.00 down' }).check();
    await expect(buyerPage.getByTestId('lease-offer-preview')).toContainText('in 12 monthly instalments of $1,500.00, $2,000.00 down with the first ($20,000.00 in all)');
    await shoot(buyerPage, 'offer-in-instalments');
    await buyerPage.getByRole('button', { name: 'Make an offer' }).click();
    await expect(buyerPage.getByTestId('negotiation-entry').first()).toContainText('Lease to own, in 12 monthly instalments of $1,500.00');
  });

  const sellerPage = await signedInPage(browser, seller);
  let leaseId = 0;
  await test.step('the seller accepts it: a lease opens on those terms, not an order', async () => {
    await sellerPage.goto(`/domain-leads/negotiation/${domainId}`);
    await sellerPage.getByRole('button', { name: 'Accept $20,000' }).click();
    const dialog = sellerPage.getByRole('dialog');
    await expect(dialog).toContainText('starts a lease to own');
    await dialog.getByRole('button', { name: 'Accept offer' }).click();
    await expect(sellerPage.getByText('Lease to own accepted at $20,000, paid in instalments')).toBeVisible();
    await sellerPage.getByRole('link', { name: 'View the lease' }).click();
    await expect(sellerPage).toHaveURL(/\/leases\/\d+$/);
    leaseId = Number(/\/leases\/(\d+)$/.exec(sellerPage.url())?.[1]);
    await expect(sellerPage.getByTestId('lease-status')).toHaveText('Awaiting the first instalment');
  });

  await test.step('the buyer pays the first instalment, $2,000 down with it, and the books balance', async () => {
    const lease = await leaseOf(request, buyer.token, leaseId);
    expect(lease.instalments).toHaveLength(12);
    await buyerPage.goto(`/leases/${leaseId}`);
    await payByCard(buyerPage, 'instalment-1', '$3,675.00');
    await expect(buyerPage.getByTestId('lease-status')).toHaveText('Leasing');
    await shoot(buyerPage, 'offer-lease-active');
    await expectBooksReconcile(request, admin);
  });
});
