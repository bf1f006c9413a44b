import path from 'node:path';
import { expect, type Page, test } from './journey-test';
import { auth, expectNoAxeViolations, expectNoHorizontalScroll, listDomain, logIn, MY_STABLE_START, registerViaApi } from './support';

/**
 * The server-rendered landing page, opened directly (a shared link, a reload): it looks like the
 * app, and each of its actions ends where the same action inside the app ends.
 */
const sizes = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join('test-results', 'landing-screens', `${name}.png`), fullPage: true });
}

/** Signs the page in as a new buyer the way the app does (its stored session), on the app's origin. */
async function signInAsNewBuyer(page: Page, prefix: string): Promise<void> {
  const buyer = await registerViaApi(page.request, prefix, 'Bea');
  const me = await page.request.get('/api/auth/user/', { headers: auth(buyer.token) });
  const user: unknown = await me.json();
  await page.goto('/terms-and-conditions');
  await page.evaluate(
    ([token, u]) => {
      localStorage.setItem('token', JSON.stringify(token));
      localStorage.setItem('user', JSON.stringify(u));
    },
    [buyer.token, user] as const,
  );
}

for (const size of sizes) {
  test.describe(`landing page opened directly (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('looks like the app, and each action starts the same deal as in the app', async ({ page, request }) => {
      // Five actions, each a page load and a request, after two sign-ups: longer than a default test.
      test.slow();
      const stamp = `e2e${Date.now().toString(36)}${process.pid}${size.name}`;
      const seller = await registerViaApi(request, 'landing-seller', 'Lena');
      const id = await listDomain(request, seller, `${stamp}.com`, {
        seller_price: 75000,
        min_offer: 50000,
        business_status: 'Price Upon Request',
        trade_switch: 'Yes',
        trade_option: '5 Figures',
      });
      const breederId = await listDomain(request, seller, `${stamp}.io`, {
        seller_price: 18000,
        min_offer: 12000,
        business_status: '',
        startup_breeders_switch: 'Yes',
        startup_breeders: 'Pitch to Us',
      });
      await signInAsNewBuyer(page, `landing-buyer-${size.name}`);

      await test.step('the page is framed like the app, signed in', async () => {
        await page.goto(`/landing/${id}`);
        await expect(page.getByRole('heading', { level: 1, name: `${stamp}.com` })).toBeVisible();
        await expect(page.getByText(/Listed by Lena T\. · \d+ views?/)).toBeVisible();
        if (size.name === 'desktop') {
          const nav = page.getByRole('navigation', { name: 'Main' });
          await expect(nav.getByRole('link', { name: 'Search domains' })).toBeVisible();
          await expect(page.getByRole('banner').getByRole('link', { name: 'My Stable' })).toBeVisible();
          await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeHidden();
        } else {
          await page.getByLabel('Open menu').click();
          const menu = page.getByRole('navigation', { name: 'Menu' });
          await expect(menu.getByRole('link', { name: 'How it works' })).toBeVisible();
          await expect(menu.getByRole('link', { name: 'My Stable' })).toBeVisible();
          await expect(menu.getByRole('link', { name: 'Log in' })).toBeHidden();
          await shoot(page, `menu-${size.name}`);
          await page.getByLabel('Open menu').click();
        }
        await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' })).toBeVisible();
        await expectNoHorizontalScroll(page, size.width);
        await expectNoAxeViolations(page);
        await shoot(page, `landing-signed-in-${size.name}`);
      });

      await test.step('Make an offer opens the negotiation', async () => {
        await page.getByRole('link', { name: 'Make an offer' }).click();
        await expect(page).toHaveURL(new RegExp(`/domain-leads/negotiation/${id}$`));
        await expect(page.getByRole('textbox', { name: 'Offer amount' })).toBeVisible();
      });

      await test.step('Request a trade files the request', async () => {
        await page.goto(`/landing/${id}`);
        await page.getByRole('link', { name: 'Request a trade' }).click();
        await expect(page.getByText('Your request is submitted succefully')).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`/landing/${id}$`));
      });

      await test.step('Pitch to Us files the request on a breeder listing', async () => {
        await page.goto(`/landing/${breederId}`);
        await page.getByRole('link', { name: 'Pitch to Us' }).click();
        await expect(page.getByText('Your request is submitted succefully')).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`/landing/${breederId}$`));
      });

      await test.step('Ask a broker hands the deal to the Broker Team', async () => {
        await page.goto(`/landing/${id}`);
        await page.getByRole('link', { name: 'Ask a broker' }).click();
        await expect(page.getByText('This negotiation has been submitted to our Broker Team. You will be contacted soon')).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`/domain-leads/negotiation/${id}$`));
      });

      await test.step('the seller sees one lead holding all of it', async () => {
        const rows = await request.get(`/api/domains/negotiation/?domain_id=${id}`, { headers: auth(seller.token) });
        const entries = (await rows.json()) as Array<{ status: number }>;
        expect(entries.map((e) => e.status)).toEqual(expect.arrayContaining([1, 5]));
      });
    });

    test('signed out, Make an offer goes through log in to the negotiation', async ({ page, request }) => {
      const stamp = `e2e${Date.now().toString(36)}${process.pid}${size.name}out`;
      const seller = await registerViaApi(request, 'landing-seller-out');
      const id = await listDomain(request, seller, `${stamp}.com`, { seller_price: 30000, business_status: 'Price Upon Request' });
      const buyer = await registerViaApi(request, `landing-buyer-out-${size.name}`);
      await page.goto(`/landing/${id}`);
      if (size.name === 'desktop') await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
      await shoot(page, `landing-signed-out-${size.name}`);
      await page.getByRole('link', { name: 'Make an offer' }).click();
      await expect(page).toHaveURL(/\/login\?next=/);
      await logIn(page, buyer.email);
      await expect(page).toHaveURL(new RegExp(`/domain-leads/negotiation/${id}$`));
      await expect(page.getByRole('textbox', { name: 'Offer amount' })).toBeVisible();
    });

    test('an address that names no domain is the site’s not-found page', async ({ page }) => {
      const res = await page.goto('/landing/abc');
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Domain not found' })).toBeVisible();
      await page.getByRole('link', { name: 'Search domains' }).last().click();
      await expect(page).toHaveURL(/\/homeSearch$/);
    });
  });
}

test('the demo marketplace is there although the start created the SuperAdmin first', async ({ page, request }) => {
  // The journeys' server starts with ADMIN_EMAIL and demo data on, as the README's admin command does.
  const found = await request.get('/api/domains/search/?domain_name=atlasfinance');
  const names = ((await found.json()) as Array<{ domain_name: string }>).map((d) => d.domain_name);
  expect(names).toContain('atlasfinance.com');
  await page.goto('/login');
  await logIn(page, 'seller@demo.test', 'demo-password');
  await expect(page).toHaveURL(MY_STABLE_START);
  await page.goto('/portfolio');
  await expect(page.getByText(/^15 domains/)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'freshpitch.io', exact: true })).toBeVisible();
});
