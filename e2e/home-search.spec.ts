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

        for (const card of ['Domain trade', 'Buy Now', 'Startup Breeders']) {
          await expect(page.getByRole('region', { name: card, exact: true })).toContainText('No records to display');
        }
        const list = page.getByRole('region', { name: 'All listed domains' });
        const showing = list.getByTestId('showing-entries');
        await expect(list.getByRole('link', { name })).toBeVisible();
        await expect(showing).toHaveText('Showing 1 to 1 of 1 entries');
        if (!phone) await expectNoAxeViolations(page);
        await expectNoHorizontalScroll(page, size.width);

        // On a phone the panel folds away behind its button.
        const panel = list.getByRole('complementary', { name: 'Search filters' });
        if (phone) {
          await expect(panel).toBeHidden();
          await list.getByRole('button', { name: 'Filters' }).click();
        }
        await panel.getByRole('checkbox', { name: 'Number', exact: true }).check();
        await expect(showing).toHaveText('Showing 0 to 0 of 0 entries');
        await panel.getByRole('checkbox', { name: 'Number', exact: true }).uncheck();
        await panel.getByRole('checkbox', { name: 'Price Upon Request' }).check();
        await expect(showing).toHaveText('Showing 1 to 1 of 1 entries');
        await expect(list.getByRole('link', { name })).toBeVisible();
        await expectNoHorizontalScroll(page, size.width);

        if (!phone) {
          // An action that needs an account goes through /login and comes back here.
          await list.getByRole('button', { name: `Make an offer: ${name}` }).click();
          await expect(page).toHaveURL(/\/login$/);
          await logIn(page, buyer.email);
          await expect(page).toHaveURL(new RegExp(`/homeSearch\\?search=${stamp}$`));
          await expect(list.getByRole('link', { name })).toBeVisible();
        }

        await list.getByRole('link', { name }).click();
        await expect(page).toHaveURL(new RegExp(`/landing/${id}$`));
        await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
        await context.close();
      });
    }
  });
});
