import { expect, test } from './journey-test';
import { expectNoAxeViolations, expectNoHorizontalScroll, listDomain, logIn, registerViaApi } from './support';

const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

test.describe('home search', () => {
  test('a signed-out visitor finds a domain that is in no card, filters the list and opens its landing page', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    // Digits in the name on purpose: the "Number" exclusion must hide it.
    const stamp = `e2e${Date.now().toString(36)}${process.pid}`;
    const name = `${stamp}atlas.com`;
    const seller = await registerViaApi(request, 'home-search-seller');
    // Price Upon Request, no trade, no breeders: none of the three cards holds it.
    const id = await listDomain(request, seller, name, {
      seller_price: 120000,
      min_offer: 80000,
      business_status: 'Price Upon Request',
    });
    const buyer = await registerViaApi(request, 'home-search-buyer');

    for (const size of SIZES) {
      await test.step(`at ${size.width}x${size.height}`, async () => {
        const context = await browser.newContext({ viewport: size });
        const page = await context.newPage();
        const phone = size.width < 600;
        await page.goto(`/homeSearch?search=${stamp}`);
        // The server's page, without the app's code.
        await expect(page.locator('script[src]')).toHaveCount(0);

        for (const card of ['Domain trade', 'Buy Now', 'Startup Breeders']) {
          await expect(page.getByRole('region', { name: card, exact: true })).toContainText('No records to display');
        }
        const list = page.getByRole('region', { name: 'All listed domains' });
        const showing = list.getByTestId('showing-entries');
        await expect(list.getByRole('link', { name, exact: true })).toBeVisible();
        await expect(showing).toHaveText('Showing 1 to 1 of 1 entries');
        if (!phone) await expectNoAxeViolations(page);
        await expectNoHorizontalScroll(page, size.width);

        // The filters are a form; on a phone it folds away behind its button.
        const panel = list.getByRole('complementary', { name: 'Search filters' });
        const number = panel.getByRole('checkbox', { name: 'Number', exact: true });
        if (phone) {
          await expect(number).toBeHidden();
          await panel.getByText('Filters', { exact: true }).click();
        }
        await number.check();
        await panel.getByRole('button', { name: 'Apply filters' }).click();
        await expect(showing).toHaveText('Showing 0 to 0 of 0 entries');
        await expect(page).toHaveURL(/Exclude=Number/);
        await panel.getByRole('checkbox', { name: 'Number', exact: true }).uncheck();
        await panel.getByRole('checkbox', { name: 'Price Upon Request' }).check();
        await panel.getByRole('button', { name: 'Apply filters' }).click();
        await expect(showing).toHaveText('Showing 1 to 1 of 1 entries');
        await expect(list.getByRole('link', { name, exact: true })).toBeVisible();
        await expectNoHorizontalScroll(page, size.width);

        if (!phone) {
          // An action that needs an account goes through /login, then the landing page makes the offer.
          await list.getByRole('link', { name: `Make an offer: ${name}` }).click();
          await expect(page).toHaveURL(/\/login\?next=/);
          await logIn(page, buyer.email);
          await expect(page).toHaveURL(/\/domain-leads\/negotiation\/\d+/);
          await page.goto(`/homeSearch?search=${stamp}`);
        }

        await list.getByRole('link', { name, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/landing/${id}$`));
        await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
        await context.close();
      });
    }
  });
});
