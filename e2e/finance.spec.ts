import fs from 'node:fs';
import path from 'node:path';
import { formatCents } from '@market/shared';
import { expect, type Locator, test } from './journey-test';
import { ADMIN, adminToken, auth, expectNoAxeViolations, expectNoHorizontalScroll, listDomain, logIn, MY_STABLE_START, orderMoney, registerViaApi, uniqueDomain } from './support';

const shots = path.resolve(import.meta.dirname, '..', 'test-results', 'finance-shots');

/**
 * The order's row as the finance table shows it: status (then the admin's next step), buyer total
 * and seller net. Only the journey's own order: the balances above the table move with every
 * journey running alongside.
 */
async function expectRow(row: Locator, status: string, deal: DealBody): Promise<void> {
  await expect(row.locator('[data-label="Status"]')).toHaveText(new RegExp(`^${status}`));
  await expect(row.locator('[data-label="Buyer total"]')).toHaveText(formatCents(deal.buyer_total_cents));
  await expect(row.locator('[data-label="Seller net"]')).toHaveText(formatCents(deal.seller_net_cents));
}

interface DealBody {
  id: number;
  buyer_total_cents: number;
  seller_net_cents: number;
  status: string;
}

test.describe('admin finance', () => {
  test('an admin records the bank payment and the payout of a Buy Now order, then exports it', async ({ browser, request }) => {
    test.setTimeout(240_000);
    const seller = await registerViaApi(request, 'finance-seller', 'Fina');
    const buyer = await registerViaApi(request, 'finance-buyer', 'Bea');
    const name = uniqueDomain('escrow');
    const domainId = await listDomain(request, seller, name, { seller_price: 2000, business_status: 'Buy Now' });
    const bought = await request.post('/api/domains/buy-now/', { headers: auth(buyer.token), data: { domain_id: domainId } });
    expect(bought.status(), await bought.text()).toBe(201);
    const deal = (await bought.json()) as DealBody;
    expect(deal.status).toBe('awaiting_payment');
    const admin = await adminToken(request);

    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto('/login');
    await logIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(MY_STABLE_START);

    await page.goto('/BrokerPage?section=finance');
    await expect(page.getByRole('heading', { level: 1, name: 'Finance' })).toBeVisible();
    const row = page.getByTestId(`finance-row-${deal.id}`);
    await expectRow(row, 'Awaiting payment', deal);
    expect(await orderMoney(request, admin, deal.id)).toEqual({ status: 'awaiting_payment', held_cents: 0, paid_out_cents: 0, refunded_cents: 0 });

    // The bank transfer arrived: recorded through the dialog, prefilled with the order's total
    // ($2,000 and the buyer's half of the commission), which the order then holds.
    await row.getByRole('button', { name: `Record the payment: ${name}` }).click();
    const payment = page.getByRole('dialog', { name: 'Record the payment' });
    await expect(payment.getByRole('textbox', { name: /Amount received/ })).toHaveValue('2100.00');
    await payment.getByRole('textbox', { name: /Bank reference/ }).fill('BANK-IN-1');
    await payment.getByRole('button', { name: 'Record the payment' }).click();
    await expect(payment).toBeHidden();
    await expectRow(row, 'Paid, funds held', deal);
    expect(await orderMoney(request, admin, deal.id)).toEqual({ status: 'paid', held_cents: 210_000, paid_out_cents: 0, refunded_cents: 0 });

    // The seller pushes the domain, the buyer confirms receipt: the payout is due.
    const transfer = await request.post(`/api/orders/${deal.id}/transfer/`, { headers: auth(seller.token), data: { method: 'push', push_account: 'x' } });
    expect(transfer.status(), await transfer.text()).toBe(200);
    const confirm = await request.post(`/api/orders/${deal.id}/confirm/`, { headers: auth(buyer.token) });
    expect(confirm.status(), await confirm.text()).toBe(200);
    await page.reload();
    await expectRow(row, 'Received: payout due', deal);
    expect(await orderMoney(request, admin, deal.id)).toEqual({ status: 'confirmed', held_cents: 190_000, paid_out_cents: 0, refunded_cents: 0 });

    fs.mkdirSync(shots, { recursive: true });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: path.join(shots, 'finance-1366.png'), fullPage: true });

    // The payout, opened at phone size (a card with its step, a full-screen dialog) and sent at desktop size.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page, 390);
    await page.screenshot({ path: path.join(shots, 'finance-due-390.png'), fullPage: true });
    await row.getByRole('button', { name: `Record the payout: ${name}` }).click();
    const payout = page.getByRole('dialog', { name: 'Record the payout' });
    await expect(payout.getByRole('textbox', { name: /Bank reference/ })).toBeFocused();
    await page.screenshot({ path: path.join(shots, 'payout-dialog-390.png') });
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect(payout.getByText('Seller net to send').locator('..')).toContainText(formatCents(deal.seller_net_cents));
    await payout.getByRole('textbox', { name: /Bank reference/ }).fill('BANK-OUT-1');
    await page.screenshot({ path: path.join(shots, 'payout-dialog-1366.png') });
    await payout.getByRole('button', { name: 'Record the payout' }).click();
    await expect(payout).toBeHidden();
    await expectRow(row, 'Completed', deal);
    // $2,000 less the seller's half of the commission went out; nothing of the order is held.
    expect(await orderMoney(request, admin, deal.id)).toEqual({ status: 'completed', held_cents: 0, paid_out_cents: 190_000, refunded_cents: 0 });

    // The history of the order, as the details show it.
    await row.getByRole('button', { name: `Details of the order for ${name}` }).click();
    const details = page.getByRole('dialog', { name: /^Order / });
    await expect(details.getByRole('listitem')).toHaveText([/Awaiting payment/, /Payment BANK-IN-1/, /Transfer in progress/, /Received: payout due/, /Payout BANK-OUT-1/]);
    await details.getByRole('button', { name: 'Close' }).click();

    // Completed orders only, and their CSV: the filter goes into the address and the export.
    await page.getByLabel('Status').selectOption('completed');
    await expect(page).toHaveURL(/section=finance&status=completed/);
    await expectRow(row, 'Completed', deal);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export orders (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('orders-completed.csv');
    const csv = fs.readFileSync(await file.path(), 'utf8');
    expect(csv.split('\n')[0]).toContain('order,reference,domain');
    // Its own line, to the cent (amounts with thousands commas are quoted), then the times it was
    // created, paid and paid out, and no refund.
    const line = csv.split('\n').find((l) => l.startsWith(`${deal.id},`));
    expect(line).toContain(`,${name},Bea Tester,Fina Tester,Completed,"$2,000.00",$100.00,$100.00,"$2,100.00","$1,900.00",`);
    expect(line).toMatch(/,\d{4}-[^,]+,\d{4}-[^,]+,\d{4}-[^,]+,$/);

    // At phone size the table turns into cards and nothing sticks out sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row.getByRole('button', { name: `Details of the order for ${name}` })).toBeVisible();
    await expectNoHorizontalScroll(page, 390);
    await page.screenshot({ path: path.join(shots, 'finance-390.png'), fullPage: true });
    await context.close();
  });
});
