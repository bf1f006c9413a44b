import path from 'node:path';
import { expect, type Page, test } from './journey-test';
import { adminToken, auth, expectNoAxeViolations, expectNoHorizontalScroll, listDomain, registerViaApi, signedInPage, uniqueDomain } from './support';

const shots = path.resolve(import.meta.dirname, '..', 'test-results', 'negotiation-shots');

/** Full-page screenshots at desktop and phone widths, for a person to look at. */
async function screenshots(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(shots, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: path.join(shots, `${name}-360.png`), fullPage: true });
  await expectNoHorizontalScroll(page, 360);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Opens a page and waits until its stream of live events is open: a change from then on reaches it. */
async function gotoLive(page: Page, url: string): Promise<void> {
  const live = page.waitForResponse((res) => new URL(res.url()).pathname.startsWith('/api/events') && res.status() === 200);
  await page.goto(url);
  await live;
}

/** A few seconds: far less than the 30 s the pages poll at, so only a pushed change meets it. */
const LIVE = { timeout: 4_000 };

test.describe('negotiation', () => {
  test('a buyer and a seller negotiate to an accepted deal', async ({ browser, request }) => {
    test.setTimeout(300_000);
    const seller = await registerViaApi(request, 'seller', 'Sally');
    const buyer = await registerViaApi(request, 'buyer', 'Bruno');
    const name = uniqueDomain('premium');
    const domainId = await listDomain(request, seller, name, {
      seller_price: 25000,
      min_offer: 15000,
      business_status: 'Price Upon Request',
    });
    const lead = await request.post('/api/domains/domain-leads/', { headers: auth(buyer.token), data: { domain_id: domainId } });
    expect(lead.status()).toBe(201);

    // The buyer opens the negotiation: the rules are there before typing.
    const buyerPage = await signedInPage(browser, buyer);
    const negotiation = `/domain-leads/negotiation/${domainId}`;
    await buyerPage.goto(negotiation);
    await expect(buyerPage.getByRole('heading', { level: 1, name: 'Negotiation' })).toBeVisible();
    await expect(buyerPage.getByRole('link', { name })).toBeVisible();
    await expect(buyerPage.getByText('Offers from $15,000. Offers expire 7 days after they are made.')).toBeVisible();
    await expectNoAxeViolations(buyerPage);

    // Below the minimum: refused on the spot, nothing sent.
    const amount = buyerPage.getByRole('textbox', { name: 'Offer amount' });
    await amount.fill('12000');
    await buyerPage.getByRole('button', { name: 'Make an offer' }).click();
    await expect(buyerPage.getByText('Offers on this domain start at $15,000.')).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await screenshots(buyerPage, 'negotiation-offer-refused');

    await amount.fill('18,000');
    await buyerPage.getByRole('button', { name: 'Make an offer' }).click();
    await expect(buyerPage.getByText('Your offer has been submitted successfully')).toBeVisible();
    const buyerHistory = buyerPage.getByRole('table', { name: 'Negotiation history' });
    const firstOffer = buyerHistory.getByTestId('negotiation-entry').first();
    await expect(firstOffer).toContainText('$18,000');
    // The expiry is shown on the offer: 7 days after it was made.
    const expiry = new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    await expect(firstOffer.locator('td[data-label="Valid until"]')).toContainText(expiry);
    await expect(buyerPage.getByRole('button', { name: /^Accept/ })).toHaveCount(0);

    // The seller sees the badge and the notification, and follows it to the negotiation.
    const sellerPage = await signedInPage(browser, seller);
    const tabs = sellerPage.getByRole('navigation', { name: 'My Stable' });
    await expect(tabs.getByRole('link', { name: 'Domain Leads, 1 open lead' })).toBeVisible();
    await expect(sellerPage.getByRole('table', { name: 'Domain leads' }).getByRole('link', { name })).toBeVisible();
    await expectNoAxeViolations(sellerPage);
    await screenshots(sellerPage, 'domain-leads');

    // Two notices: the domain's approval, and the offer.
    const bell = sellerPage.getByRole('button', { name: 'Notifications, 2 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    const panel = sellerPage.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    await sellerPage.screenshot({ path: path.join(shots, 'notifications-1280.png'), animations: 'disabled' });
    await panel.getByRole('link', { name: /offered \$18,000/ }).click();
    await expect(sellerPage).toHaveURL(new RegExp(`${negotiation}$`));
    await expect(sellerPage.getByRole('button', { name: 'Notifications' })).toBeVisible();

    const buyerSection = sellerPage.getByRole('region', { name: /^Buyer: Bruno/ });
    await expect(buyerSection.getByRole('button', { name: 'Accept $18,000' })).toBeVisible();
    await sellerPage.getByRole('textbox', { name: 'Offer amount' }).fill('22000');
    await sellerPage.getByRole('button', { name: 'Counter offer' }).click();
    await expect(sellerPage.getByText('Your offer has been submitted successfully')).toBeVisible();
    await expect(buyerSection.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
    await expectNoAxeViolations(sellerPage);
    await screenshots(sellerPage, 'negotiation-countered-seller');

    // The buyer accepts the counter offer after seeing what it costs.
    await buyerPage.reload();
    await buyerPage.getByRole('button', { name: 'Accept $22,000' }).click();
    const confirm = buyerPage.getByRole('dialog', { name: 'Accept $22,000?' });
    await expect(confirm.getByTestId('split-buyer')).toContainText('$23,100');
    await buyerPage.screenshot({ path: path.join(shots, 'accept-confirm-1280.png'), animations: 'disabled' });
    await confirm.getByRole('button', { name: 'Accept offer' }).click();
    await expect(buyerPage.getByText('Your request is submitted succefully')).toBeVisible();

    for (const page of [buyerPage, sellerPage]) {
      await page.reload();
      await expect(page.getByText('Deal accepted at $22,000')).toBeVisible();
      await expect(page.getByTestId('split-buyer')).toContainText('$23,100');
      await expect(page.getByTestId('split-seller')).toContainText('$20,900');
      await expect(page.getByRole('textbox', { name: 'Offer amount' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'View the order' })).toHaveAttribute('href', /^\/orders\/\d+$/);
    }
    await expectNoAxeViolations(buyerPage);
    await screenshots(buyerPage, 'negotiation-accepted-buyer');
    await screenshots(sellerPage, 'negotiation-accepted-seller');

    // The accepted deal is an order on both sides, waiting for the buyer's payment.
    await sellerPage.getByRole('link', { name: 'View the order' }).click();
    await expect(sellerPage).toHaveURL(/\/orders\/\d+$/);
    await expect(sellerPage.getByTestId('order-status')).toHaveText('Awaiting payment');
    await expect(sellerPage.getByTestId('order-seller-net')).toContainText('$20,900.00');
    await sellerPage.goto('/buy_order');
    await expect(sellerPage.getByRole('row', { name: new RegExp(name) })).toContainText('You receive $20,900.00');
  });

  test('only the buyer and the seller can see a negotiation', async ({ browser, request }) => {
    const seller = await registerViaApi(request, 'owner');
    const outsider = await registerViaApi(request, 'outsider');
    const domainId = await listDomain(request, seller, uniqueDomain('private'), { seller_price: 30000, business_status: 'Price Upon Request' });
    const page = await signedInPage(browser, outsider);
    await page.goto(`/domain-leads/negotiation/${domainId}`);
    await expect(page.getByText('Only the buyer and the seller can see this negotiation.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
  });

  test('a buyer buys a domain at its Buy Now price and the order waits for the payment', async ({ browser, request }) => {
    test.setTimeout(240_000);
    const seller = await registerViaApi(request, 'binseller');
    const buyer = await registerViaApi(request, 'binbuyer');
    const name = uniqueDomain('bin');
    const domainId = await listDomain(request, seller, name, { seller_price: 4000, business_status: 'Buy Now' });

    const buyerPage = await signedInPage(browser, buyer);
    await buyerPage.goto(`/buy_order?domain_id=${domainId}`);
    await expect(buyerPage.getByRole('heading', { name })).toBeVisible();
    await expect(buyerPage.getByTestId('split-price')).toContainText('$4,000');
    await expect(buyerPage.getByTestId('split-commission')).toContainText('$400');
    await expect(buyerPage.getByTestId('split-buyer')).toContainText('$4,200');
    await expect(buyerPage.getByTestId('split-seller')).toContainText('$3,800');
    await expect(buyerPage.getByRole('main').getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms-and-conditions');
    await expectNoAxeViolations(buyerPage);
    await screenshots(buyerPage, 'buy-order');

    await buyerPage.getByRole('button', { name: 'Place order' }).click();
    await expect(buyerPage).toHaveURL(/\/orders\/\d+$/);
    await expect(buyerPage.getByTestId('order-status')).toHaveText('Awaiting payment');
    await expect(buyerPage.getByTestId('order-next-step')).toContainText('Pay $4,200.00 by');
    await expect(buyerPage.getByLabel('Payment reference')).toHaveText(/^DM-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await expectNoAxeViolations(buyerPage);
    await screenshots(buyerPage, 'buy-order-placed');

    // Ordering it again is refused with the reason.
    await buyerPage.goto(`/buy_order?domain_id=${domainId}`);
    await expect(buyerPage.getByText('This domain cannot be bought now.')).toBeVisible();
    await expect(buyerPage.getByRole('button', { name: 'Place order' })).toBeDisabled();

    const sellerPage = await signedInPage(browser, seller);
    await sellerPage.goto('/buy_order');
    const row = sellerPage.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Selling');
    await expect(row).toContainText('You receive $3,800.00');
    await expect(row).toContainText('Awaiting payment');
    await expectNoAxeViolations(sellerPage);
    await screenshots(sellerPage, 'orders');
    // Before the money arrives, either side may cancel: the domain is listed again.
    await row.getByRole('link', { name: `Open the order for ${name}` }).click();
    await sellerPage.getByRole('button', { name: 'Cancel the order' }).click();
    await sellerPage.getByRole('dialog').getByRole('button', { name: 'Cancel the order' }).click();
    await expect(sellerPage.getByTestId('order-status')).toHaveText('Cancelled');
    await buyerPage.goto('/buy_order');
    await expect(buyerPage.getByRole('row', { name: new RegExp(name) })).toContainText('Cancelled');
  });

  test("each side sees the other's step without reloading: a counter offer, the accept, the recorded payment", async ({ browser, request }) => {
    test.setTimeout(180_000);
    const seller = await registerViaApi(request, 'liveseller', 'Sally');
    const buyer = await registerViaApi(request, 'livebuyer', 'Bruno');
    const admin = await adminToken(request);
    const domainId = await listDomain(request, seller, uniqueDomain('live'), { seller_price: 25000, min_offer: 15000, business_status: 'Price Upon Request' });
    const lead = await request.post('/api/domains/domain-leads/', { headers: auth(buyer.token), data: { domain_id: domainId } });
    expect(lead.status()).toBe(201);
    const { domain_lead_id } = (await lead.json()) as { domain_lead_id: number };
    const offer = await request.post('/api/domains/negotiation/', { headers: auth(buyer.token), data: { domain_lead_id, status: 2, amount: 18000 } });
    expect(offer.status(), await offer.text()).toBe(201);

    const [buyerPage, sellerPage] = await Promise.all([signedInPage(browser, buyer), signedInPage(browser, seller)]);
    const negotiation = `/domain-leads/negotiation/${domainId}`;
    await Promise.all([gotoLive(buyerPage, negotiation), gotoLive(sellerPage, negotiation)]);
    await expect(buyerPage.getByRole('table', { name: 'Negotiation history' }).getByTestId('negotiation-entry').first()).toContainText('$18,000');

    // The seller counters; the buyer's open page offers to accept it, no reload.
    await sellerPage.getByRole('textbox', { name: 'Offer amount' }).fill('22000');
    await sellerPage.getByRole('button', { name: 'Counter offer' }).click();
    await expect(sellerPage.getByText('Your offer has been submitted successfully')).toBeVisible();
    await expect(buyerPage.getByRole('button', { name: 'Accept $22,000' })).toBeVisible(LIVE);

    // The buyer accepts; the seller's open page shows the deal, no reload.
    await buyerPage.getByRole('button', { name: 'Accept $22,000' }).click();
    await buyerPage.getByRole('dialog', { name: 'Accept $22,000?' }).getByRole('button', { name: 'Accept offer' }).click();
    await expect(buyerPage.getByText('Your request is submitted succefully')).toBeVisible();
    await expect(sellerPage.getByText('Deal accepted at $22,000')).toBeVisible(LIVE);
    await expect(sellerPage.getByRole('textbox', { name: 'Offer amount' })).toHaveCount(0);

    // Both open the order; an admin records the bank payment and both pages show it, no reload.
    const orderLink = sellerPage.getByRole('link', { name: 'View the order' });
    const orderPath = (await orderLink.getAttribute('href')) ?? '';
    expect(orderPath).toMatch(/^\/orders\/\d+$/);
    await Promise.all([gotoLive(buyerPage, orderPath), gotoLive(sellerPage, orderPath)]);
    for (const page of [buyerPage, sellerPage]) await expect(page.getByTestId('order-status')).toHaveText('Awaiting payment');
    const orderId = Number(orderPath.split('/').pop());
    const order = (await (await request.get(`/api/orders/${orderId}/`, { headers: auth(buyer.token) })).json()) as { buyer_total_cents: number };
    const paid = await request.post(`/api/admin/orders/${orderId}/payment/`, { headers: auth(admin), data: { reference: `BANK-LIVE-${orderId}`, amount_cents: order.buyer_total_cents } });
    expect(paid.status(), await paid.text()).toBe(200);
    for (const page of [buyerPage, sellerPage]) await expect(page.getByTestId('order-status')).toHaveText('Paid, funds held', LIVE);
  });
});
