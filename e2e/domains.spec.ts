import path from 'node:path';
import { expect, test, type Page } from './journey-test';
import { adminToken, auth, expectNoAxeViolations, logIn, register, screenshotsIn, uniqueEmail } from './support';

/** Screens for a human look at 1280 px and 360 px (test-results/domains-screens/). */
const shoot = screenshotsIn('domains-screens');

/** The search request the page makes after its 200 ms debounce settles on these criteria. */
function searchSettled(page: Page, predicate: (url: URL) => boolean) {
  return page.waitForResponse((res) => {
    const url = new URL(res.url());
    return url.pathname === '/api/domains/search/' && predicate(url);
  });
}

test.describe('domains', () => {
  test('a seller imports, prices and deletes domains; a buyer finds one and asks to trade', async ({ page, browser, request }, testInfo) => {
    test.setTimeout(420_000);
    const stamp = `e2e${Date.now().toString(36)}${process.pid}`;
    const names = {
      alpha: `${stamp}alpha.com`,
      beta: `${stamp}beta.io`,
      gamma: `${stamp}gamma.net`,
      csvOne: `${stamp}csvone.com`,
      csvTwo: `${stamp}csvtwo.org`,
    };

    await test.step('seller registers and imports a pasted list and a csv file', async () => {
      await register(page, uniqueEmail('seller'));
      await page.goto('/add_domains');
      await expect(page.getByRole('heading', { level: 1, name: 'Add Domains' })).toBeVisible();
      await expect(page.getByText('Landing page propagation can take up to 24 hours.')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Our name servers' }).getByRole('listitem')).toHaveCount(2);
      await expectNoAxeViolations(page);

      // Checked in the browser first: nothing typed, then a special character.
      await page.getByRole('button', { name: 'Add domains' }).click();
      await expect(page.getByText('Please type domains or import a file to upload.')).toBeVisible();
      await page.getByLabel('Domain names').fill(`${names.alpha} bad$name.com`);
      await page.getByRole('button', { name: 'Add domains' }).click();
      await expect(page.getByTestId('refused-names')).toContainText('bad$name.com');
      await expect(page.getByText('Please remove special characters in domain name.').first()).toBeVisible();

      await page.getByLabel('Domain names').fill(`${names.alpha}, ${names.beta}\n${names.gamma}`);
      await page.getByLabel('Domain list file').setInputFiles({
        name: 'registrar-export.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`Domain Name,Expires\n${names.csvOne},2027-01-01\n${names.csvTwo},2027-02-01\n`),
      });
      await expect(page.getByTestId('chosen-file')).toContainText('registrar-export.csv');
      await shoot(page, 'add-domains');
      await page.getByRole('button', { name: 'Add domains' }).click();
      await expect(page.getByText('Successfully Added.')).toBeVisible();
      await expect(page).toHaveURL(/\/portfolio$/);
      await expect(page.getByTestId('import-summary')).toContainText('5 domains added');
    });

    await test.step('the portfolio shows them pending; prices and options are edited', async () => {
      for (const name of Object.values(names)) {
        await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Pending approval');
      }
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: `Edit ${names.alpha}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit domain' });
      await expect(dialog.getByLabel('Domain name')).toHaveValue(names.alpha);
      await dialog.getByLabel('Price').fill('lots');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('Please enter price.')).toBeVisible();
      await dialog.getByLabel('Price').fill('25000');
      await dialog.getByLabel('Min offer').fill('12000');
      await dialog.getByRole('combobox', { name: 'Business status' }).click();
      await page.getByRole('option', { name: 'Price Upon Request' }).click();
      await dialog.getByRole('switch', { name: /Trade/ }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('Trade option is required.')).toBeVisible();
      await dialog.getByRole('combobox', { name: 'Trade option' }).click();
      await page.getByRole('option', { name: '4 Figures' }).click();
      await dialog.getByLabel('Description (optional)').fill('Short, brandable and easy to spell.');
      await expect(dialog).toBeVisible();
      await page.setViewportSize({ width: 360, height: 780 });
      await page.screenshot({ path: path.join('test-results', 'domains-screens', 'edit-dialog-360.png') });
      await page.setViewportSize({ width: 1280, height: 720 });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Your domain was successfully updated.')).toBeVisible();
      const alphaRow = page.getByRole('row', { name: new RegExp(names.alpha) });
      await expect(alphaRow).toContainText('Price Upon Request');
      await expect(alphaRow).toContainText('$25,000');

      await page.getByRole('button', { name: `Edit ${names.beta}` }).click();
      await dialog.getByLabel('Price').fill('4500');
      await dialog.getByRole('combobox', { name: 'Business status' }).click();
      await page.getByRole('option', { name: 'Buy Now' }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('row', { name: new RegExp(names.beta) })).toContainText('$4,500');
    });

    await test.step('one domain is deleted after the confirm dialog', async () => {
      await page.getByRole('button', { name: `Delete ${names.gamma}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Domain' });
      await expect(confirm).toContainText('Are you sure you want to delete this domain?');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Domain was successfully deleted.')).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(names.gamma) })).toHaveCount(0);
    });

    await test.step('an admin approves them through the API', async () => {
      const token = await adminToken(request);
      const pending = await request.get('/api/domains/admin/approval/?limit=1000', { headers: auth(token) });
      expect(pending.status()).toBe(200);
      const ids = ((await pending.json()) as Array<{ id: number; domain_name: string }>)
        .filter((d) => d.domain_name.startsWith(stamp))
        .map((d) => d.id);
      expect(ids).toHaveLength(4);
      const approved = await request.post('/api/domains/admin/approval/', { headers: auth(token), data: { ids, action: 'approve' } });
      expect(approved.status(), await approved.text()).toBe(200);
      await page.reload();
      await expect(page.getByRole('row', { name: new RegExp(names.alpha) })).toContainText('Approved');
      await shoot(page, 'portfolio');
    });

    // A second person: own context (own storage), as axe needs a page of a context.
    const buyerContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const buyer = await buyerContext.newPage();
    const buyerEmail = uniqueEmail('buyer');

    await test.step('a buyer searches with a filter and opens the landing page', async () => {
      await register(buyer, buyerEmail);
      await buyer.goto('/search');
      await expect(buyer.getByRole('heading', { level: 1, name: 'Search Leads' })).toBeVisible();
      const all = searchSettled(buyer, (url) => url.searchParams.get('domain_name') === stamp);
      await buyer.getByRole('searchbox', { name: 'Search domains' }).fill(stamp);
      await all;
      await expect(buyer.getByTestId('showing-entries')).toHaveText('Showing 1 to 4 of 4 entries');

      const filtered = searchSettled(buyer, (url) => (url.searchParams.get('filters') ?? '').includes('4 Figures'));
      await buyer.getByRole('checkbox', { name: '4 Figures' }).check();
      await filtered;
      await expect(buyer.getByTestId('showing-entries')).toHaveText('Showing 1 to 1 of 1 entries');
      const results = buyer.getByRole('table', { name: 'Search results' });
      await expect(results.getByRole('row')).toHaveCount(2);
      await expect(results).toContainText(names.alpha);
      await expectNoAxeViolations(buyer);
      await shoot(buyer, 'search');

      // Inside the app the landing page is the SPA's (a full load gets the server's page).
      await results.getByRole('link', { name: names.alpha }).click();
      await expect(buyer.getByRole('heading', { level: 1, name: names.alpha })).toBeVisible();
      await expect(buyer.getByText('Price Upon Request')).toBeVisible();
      await expect(buyer.getByText('Trade: 4 Figures')).toBeVisible();
      await expect(buyer.getByText('Short, brandable and easy to spell.')).toBeVisible();
      await expect(buyer.getByText(/Listed by Journey T\./)).toBeVisible();
      await expect(buyer.getByRole('button', { name: 'Make an offer' })).toBeVisible();
      await expect(buyer.getByRole('button', { name: 'Request a trade' })).toBeVisible();
      await expectNoAxeViolations(buyer);
      await shoot(buyer, 'landing');

      await buyer.goto('/recently-viewed-domains');
      await expect(buyer.getByRole('link', { name: names.alpha })).toBeVisible();
      await shoot(buyer, 'recently-viewed');
    });

    await test.step('signed out, a trade request on /homeSearch goes through login to the landing page, which sends it', async () => {
      await buyer.getByRole('button', { name: 'Log out' }).click();
      await expect(buyer).toHaveURL(/\/login$/);
      await buyer.goto(`/homeSearch?search=${stamp}`);
      const tradeCard = buyer.getByRole('region', { name: 'Domain trade' });
      await expect(tradeCard.getByRole('link', { name: names.alpha, exact: true })).toBeVisible();
      await expect(buyer.getByRole('region', { name: 'Buy Now' })).toContainText(names.beta);
      await expectNoAxeViolations(buyer);
      await shoot(buyer, 'home-search');

      // The server's page: its actions send a visitor through /login to the landing page, which runs them.
      await tradeCard.getByRole('link', { name: `Request trade: ${names.alpha}` }).click();
      await expect(buyer).toHaveURL(/\/login\?next=/);
      await logIn(buyer, buyerEmail);
      await expect(buyer).toHaveURL(/\/landing\/\d+$/);
      await expect(buyer.getByText('Your request is submitted succefully')).toBeVisible();
    });

    await test.step("the seller sees the visit in traffic", async () => {
      await page.goto('/traffic');
      await expect(page.getByRole('heading', { level: 1, name: 'Traffic' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Top domains' })).toContainText(names.alpha);
      await expectNoAxeViolations(page);
      await shoot(page, 'traffic');
    });

    await buyerContext.close();
  });

  test('the server-rendered landing page sends a signed-out visitor through login to the action', async ({ page, request }) => {
    const stamp = `e2e${Date.now().toString(36)}${process.pid}ssr`;
    const sellerEmail = uniqueEmail('ssr-seller');
    const seller = await request.post('/api/auth/register/', {
      data: { first_name: 'Sal', last_name: 'Ler', email: sellerEmail, password: 'journey password 1', user_role: 'seller' },
    });
    const sellerToken = ((await seller.json()) as { token: string }).token;
    const name = `${stamp}.com`;
    expect((await request.post('/api/domains/', { headers: auth(sellerToken), data: { domain_list: name } })).status()).toBe(201);
    const list = (await (await request.get('/api/domains/', { headers: auth(sellerToken) })).json()) as {
      domains: Array<{ id: number; domain_name: string }>;
    };
    const id = list.domains.find((d) => d.domain_name === name)?.id as number;
    await request.put(`/api/domains/${id}/`, {
      headers: auth(sellerToken),
      data: { seller_price: 30000, business_status: 'Price Upon Request', trade_switch: 'Yes', trade_option: '5 Figures' },
    });
    await request.post('/api/domains/admin/approval/', { headers: auth(await adminToken(request)), data: { ids: [id], action: 'approve' } });

    const buyerEmail = uniqueEmail('ssr-buyer');
    await request.post('/api/auth/register/', {
      data: { first_name: 'Bo', last_name: 'Yer', email: buyerEmail, password: 'journey password 1' },
    });
    await page.goto(`/landing/${id}`);
    await page.getByRole('link', { name: 'Request a trade' }).click();
    await expect(page).toHaveURL(/\/login\?next=/);
    await logIn(page, buyerEmail);
    await expect(page.getByText('Your request is submitted succefully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/landing/${id}$`));
  });
});
