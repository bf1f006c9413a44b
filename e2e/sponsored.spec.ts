import path from 'node:path';
import { expect, test } from './journey-test';
import { ADMIN, expectNoAxeViolations, listDomain, logIn, registerViaApi, signedInPage, screenshotsIn, uniqueDomain } from './support';

/** Screens for a human look at 1280 px and 360 px (test-results/sponsored-screens/). */
const shoot = screenshotsIn('sponsored-screens');

test.describe('sponsored headlines', () => {
  test('a seller sponsors a Buy Now and a trade domain, pays by bank transfer, and the headlines go public once an admin records it', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(360_000);
    const seller = await registerViaApi(request, 'sponsor', 'Sponsor');
    const bin = uniqueDomain('sp-bin');
    const trade = uniqueDomain('sp-trade');
    const binId = await listDomain(request, seller, bin, { seller_price: 3000, business_status: 'Buy Now' });
    const tradeId = await listDomain(request, seller, trade, { trade_switch: 'Yes', trade_option: '4 Figures' });

    await test.step('the seller logs in and ticks both domains', async () => {
      await page.goto('/order-sponsored-headlines');
      await expect(page).toHaveURL(/\/login$/);
      await logIn(page, seller.email);
      await expect(page).toHaveURL(/\/order-sponsored-headlines$/);

      const buyNow = page.getByRole('region', { name: 'Buy Now Domains' });
      const trades = page.getByRole('region', { name: 'Trade Domains' });
      await expect(buyNow).toContainText('$5.00 per listing');
      await expect(trades).toContainText('$3.00 per listing');
      await expect(page.getByRole('region', { name: 'Startup Breeder Domains' })).toContainText('$10.00 per listing');
      await expect(trades.getByRole('heading', { name: '4 Figure Trade Domains' })).toBeVisible();

      await buyNow.getByRole('checkbox', { name: bin }).check();
      await trades.getByRole('checkbox', { name: trade }).check();
      await expect(page.getByTestId('summary-total')).toHaveText('$8.00');
      await expectNoAxeViolations(page);
      await shoot(page, 'order');
    });

    await test.step('placing the order creates the cart and opens checkout', async () => {
      const cartCreated = page.waitForResponse((res) => res.url().endsWith('/api/domains/sponsored-headlines/cart/'));
      await page.getByRole('button', { name: 'Place your order' }).click();
      const cartResponse = await cartCreated;
      expect(cartResponse.status()).toBe(201);
      expect(cartResponse.request().postDataJSON()).toEqual({
        items: [
          { domain_ids: [binId], category: 'Buy Now' },
          { domain_ids: [tradeId], category: 'Trade Domains' },
        ],
      });
      await expect(page).toHaveURL(/\/checkout$/);

      const cart = page.getByRole('table', { name: 'Your cart' });
      await expect(cart.getByTestId('cart-line-Buy Now')).toContainText(bin);
      await expect(cart.getByTestId('cart-line-Buy Now')).toContainText('1$5.00$5.00');
      await expect(cart.getByTestId('cart-line-Trade Domains')).toContainText(trade);
      await expect(cart.getByTestId('cart-line-Trade Domains')).toContainText('1$3.00$3.00');
      await expect(cart.getByTestId('cart-total')).toHaveText('$8.00');
      await expect(page.getByTestId('payment-notice')).toContainText('After you order, you pay by card or by bank transfer.');
      expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? 'null')?.total_amount)).toBe(8);

      // The alias serves the same stored cart.
      await page.goto('/Checkout');
      await expect(page.getByRole('table', { name: 'Your cart' }).getByTestId('cart-total')).toHaveText('$8.00');
      await expectNoAxeViolations(page);
      await shoot(page, 'checkout');
    });

    let reference = '';
    await test.step('buying places the order: toasts, empties the cart and shows how to pay', async () => {
      await page.getByRole('button', { name: 'Buy now' }).click();
      await expect(page.getByText('Order Placed Successfully!').first()).toBeVisible();
      await expect(page.getByText('There are no items in your cart.')).toBeVisible();
      await expect(page.getByRole('table', { name: 'Your cart' })).toHaveCount(0);
      expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toBeNull();
      const pay = page.locator('[data-testid^="sponsored-payment-"]');
      await expect(pay).toContainText('Or pay $8.00 by bank transfer');
      await expect(pay.getByRole('button', { name: 'Pay by card: $8.00' })).toBeVisible();
      reference = (await pay.getByLabel('Payment reference').textContent()) ?? '';
      expect(reference).toMatch(/^SH-/);
      await expectNoAxeViolations(page);
      await shoot(page, 'checkout-done');
      await page.reload();
      await expect(page.getByText('There are no items in your cart.')).toBeVisible();
    });

    await test.step('until the money arrives the headlines wait and are not public', async () => {
      await page.goto('/order-sponsored-headlines?tab=orders');
      const order = page.getByRole('article').first();
      await expect(order).toContainText('Total $8.00');
      await expect(order).toContainText('Awaiting payment');
      await expect(order.getByRole('listitem').filter({ hasText: bin })).toContainText('Starts when paid');
      await expect(order.getByLabel('Payment reference')).toHaveText(reference);
      const publicList = await request.get('/api/domains/sponsored-headlines/');
      expect(((await publicList.json()) as Array<{ domain_obj: { domain_name: string } }>).map((h) => h.domain_obj.domain_name)).not.toContain(bin);
    });

    await test.step('an admin records the bank transfer in Finance; the headlines start', async () => {
      const adminPage = await signedInPage(browser, ADMIN);
      await adminPage.goto('/BrokerPage?section=finance');
      const section = adminPage.getByRole('region', { name: 'Sponsored headline orders awaiting payment' });
      const row = section.getByRole('row').filter({ hasText: reference });
      await expect(row).toContainText('$8.00');
      await row.getByRole('button', { name: /^Record the payment: sponsored order/ }).click();
      const dialog = adminPage.getByRole('dialog', { name: 'Record the payment' });
      await dialog.getByRole('textbox', { name: /Bank reference/ }).fill(`BANK ${reference}`);
      await expect(dialog.getByRole('textbox', { name: /Amount received/ })).toHaveValue('8.00');
      await dialog.getByRole('button', { name: 'Record the payment' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(section.getByRole('row').filter({ hasText: reference })).toHaveCount(0);
      await adminPage.context().close();
    });

    await test.step('the order history and the order page show the running headlines', async () => {
      await page.reload();
      const order = page.getByRole('article').first();
      await expect(order).toContainText('Paid · Paid by bank transfer');
      await expect(order.getByRole('listitem').filter({ hasText: bin })).toContainText('Running until');
      await expectNoAxeViolations(page);
      await shoot(page, 'orders');

      await page.getByRole('tab', { name: 'Order headlines' }).click();
      const running = page.getByRole('region', { name: 'Buy Now Domains' }).getByRole('checkbox', { name: bin });
      await expect(running).toBeDisabled();
      await expect(page.getByTestId(`row-Buy Now-${binId}`)).toContainText('Running until');
    });

    await test.step('the headlines are public: the home table, all categories and the Buy Now page', async () => {
      await page.evaluate(() => window.localStorage.clear());
      await page.goto('/#sponsored');
      const table = page.locator('#sponsored').getByRole('table', { name: 'Sponsored headlines' });
      await expect(table.getByRole('columnheader')).toHaveText(['Domain trade', 'Buy Now', 'Startup Breeders']);
      const firstRow = table.getByRole('row').nth(1);
      await expect(firstRow.getByRole('cell').nth(0).getByRole('link', { name: trade, exact: true })).toHaveAttribute('href', `/landing/${tradeId}`);
      await expect(firstRow.getByRole('cell').nth(1).getByRole('link', { name: bin, exact: true })).toHaveAttribute('href', `/landing/${binId}`);
      await expect(firstRow.getByRole('cell').nth(1)).toContainText('$3,000');
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 900 });
        await page.locator('#sponsored').scrollIntoViewIfNeeded();
        await page.waitForTimeout(200);
        await page.locator('#sponsored').screenshot({ path: path.join('test-results', 'sponsored-screens', `home-table-${width}.png`) });
      }
      await page.setViewportSize({ width: 1280, height: 720 });

      await page.goto('/sponsored-headlines');
      await expect(page.getByRole('region', { name: 'Buy Now' }).getByRole('link', { name: bin, exact: true })).toHaveAttribute('href', `/landing/${binId}`);
      await expect(page.getByRole('region', { name: 'Domain trade' }).getByRole('link', { name: trade, exact: true })).toBeVisible();
      await shoot(page, 'all-headlines');

      await page.goto('/sponsored/buy-now');
      const list = page.getByRole('region', { name: 'Buy Now headlines' });
      const row = list.getByRole('listitem').filter({ hasText: bin });
      await expect(row).toContainText('$3,000');
      await expect(row.getByRole('link', { name: `Checkout ${bin}` })).toHaveAttribute('href', `/buy_order?domain_id=${binId}`);
      await expect(list).not.toContainText(trade);
      await expectNoAxeViolations(page);
      await shoot(page, 'buy-now');

      await row.getByRole('link', { name: `Checkout ${bin}` }).click();
      // /buy_order needs a session: the visitor is sent to log in first.
      await expect(page).toHaveURL(/\/login$/);
    });
  });
});
