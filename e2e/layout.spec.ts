import { expect, type Locator, type Page, test } from './journey-test';
import { ADMIN, expectNoAxeViolations, logIn, MY_STABLE_START, PASSWORD, registerViaApi, uniqueEmail } from './support';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

// includeHidden: while the drawer is open the rest of the page is aria-hidden (modal).
const menuButton = (page: Page) => page.getByRole('button', { name: 'Open menu', includeHidden: true });
const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

async function openMenu(page: Page): Promise<Locator> {
  await menuButton(page).click();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(menu(page)).toBeVisible();
  return menu(page);
}

async function expectMenuClosed(page: Page): Promise<void> {
  await expect(menu(page)).toBeHidden();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
}

/** Opens the menu, follows one of its entries and checks where it led and that the menu closed. */
async function followFromMenu(page: Page, entry: { role: 'link' | 'button'; name: string }, url: RegExp): Promise<void> {
  const drawer = await openMenu(page);
  await drawer.getByRole(entry.role, { name: entry.name }).click();
  await expect(page).toHaveURL(url);
  await expectMenuClosed(page);
}

/** The element's box, once it has one (it is on screen and laid out). */
async function boxOf(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box as NonNullable<typeof box>;
}

test.describe('header on a phone', () => {
  test.use({ viewport: PHONE });

  test('a visitor opens the menu, closes it with Escape and follows its links', async ({ page }) => {
    // A page of the app (the static pages are the server's, without the app).
    await page.goto('/sponsored-headlines');
    // The desktop links are not in the bar at this width: the menu button replaces them.
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();

    const drawer = await openMenu(page);
    const links = drawer.getByRole('navigation', { name: 'Main menu' }).getByRole('link');
    await expect(links).toHaveText(['Search domains', 'Sponsored headlines', 'Freelancers', 'Jobs', 'How it works']);
    await expect(drawer.getByRole('link', { name: 'Sponsored headlines' })).toHaveAttribute('aria-current', 'page');
    await expect(drawer.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expect(drawer.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expectMenuClosed(page);
    await expect(menuButton(page)).toBeFocused();

    await followFromMenu(page, { role: 'link', name: 'Log in' }, /\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  });

  test('a signed-in user opens notifications and My Stable from the menu, and logs out from it', async ({ page, request }) => {
    const account = await registerViaApi(request, 'menu');
    await page.goto('/login');
    await logIn(page, account.email);
    await expect(page).toHaveURL(MY_STABLE_START);
    // Only the bell and the menu button are left in the bar.
    await expect(page.getByRole('button', { name: 'Log out' })).toBeHidden();

    const drawer = await openMenu(page);
    await expect(drawer.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Notifications' }).click();
    await expectMenuClosed(page);
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await page.goto('/sponsored-headlines');
    await followFromMenu(page, { role: 'link', name: 'My Stable' }, MY_STABLE_START);
    await followFromMenu(page, { role: 'button', name: 'Log out' }, /\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    const signedOut = await openMenu(page);
    await expect(signedOut.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect(signedOut.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  });
});

test.describe('header on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('shows its links in the bar and no menu button', async ({ page }) => {
    await page.goto('/how-it-works');
    await expect(page.getByRole('heading', { level: 1, name: 'How it works' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await expect(nav.getByRole('link')).toHaveText(['Search domains', 'Sponsored headlines', 'Freelancers', 'Jobs', 'How it works']);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect(menuButton(page)).toBeHidden();
  });
});

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a toast is announced at the bottom and covers nothing of the header', async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(uniqueEmail('nobody'));
      await page.getByLabel('Password', { exact: true }).fill('wrong password');
      await page.getByRole('button', { name: 'Log in' }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'Login Failed' });
      const box = await boxOf(toast);
      const header = await boxOf(page.getByRole('banner'));
      expect(box.y, 'the toast starts below the header').toBeGreaterThanOrEqual(header.y + header.height);
      expect(box.y + box.height, 'the toast ends on screen').toBeLessThanOrEqual(viewport.height);
      expect(box.y + box.height, 'the toast sits at the bottom').toBeGreaterThan(viewport.height - 80);
      // The login form's button is what a user needs next: the toast must not cover it.
      const button = await boxOf(page.getByRole('main').getByRole('button', { name: 'Log in' }));
      expect(box.y >= button.y + button.height || box.y + box.height <= button.y || box.x >= button.x + button.width || box.x + box.width <= button.x).toBe(true);
      if (viewport === PHONE) expect(box.width, 'full width on a phone, less its margins').toBeGreaterThanOrEqual(viewport.width - 32 - 0.5);
      // notistack's 3 s time-out still applies.
      await expect(toast).toHaveCount(0, { timeout: 6_000 });
    });

    test('the Edit profile dialog shows its name labels whole', async ({ page, request }) => {
      const account = await registerViaApi(request, 'labels');
      await page.goto('/login');
      await logIn(page, account.email);
      await expect(page).toHaveURL(MY_STABLE_START);
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit profile' });
      // The scrolling content clips whatever sticks out of its top.
      const content = await boxOf(dialog.locator('.MuiDialogContent-root'));
      const first = await boxOf(dialog.locator('label', { hasText: 'First Name' }));
      const last = await boxOf(dialog.locator('label', { hasText: 'Last Name' }));
      // The outlined field's box (its outline included) is the input's parent.
      const firstField = await boxOf(dialog.getByLabel('First Name').locator('xpath=..'));
      expect(first.y, 'First Name label inside the content').toBeGreaterThanOrEqual(content.y);
      expect(last.y, 'Last Name label inside the content').toBeGreaterThanOrEqual(content.y);
      if (viewport === PHONE) {
        // Stacked: the second label starts below the first field's box (its outline included).
        expect(last.y).toBeGreaterThanOrEqual(firstField.y + firstField.height);
      }
    });
  });
}

test.describe('first screens and fit', () => {
  test('a new seller lands on the portfolio, with the signed-in bar one row high on a phone', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    const account = await registerViaApi(request, 'phonebar');
    await page.goto('/login');
    await logIn(page, account.email);
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(page.getByRole('link', { name: 'Add your first domains' })).toBeVisible();
    const bar = await boxOf(page.getByRole('banner'));
    // 64 px and its bottom border: the brand, briefcase, bell and menu share one row.
    expect(bar.height).toBeLessThanOrEqual(66);
  });

  test('a freelancer lands on their requests and sees every My Stable tab at 1366 px', async ({ page, request }) => {
    await page.setViewportSize(DESKTOP);
    const email = uniqueEmail('tabs');
    const res = await request.post('/api/auth/register/', { data: { first_name: 'Tab', last_name: 'Tester', email, password: PASSWORD, user_role: 'freelancer' } });
    expect(res.status(), await res.text()).toBe(201);
    await page.goto('/login');
    await logIn(page, email);
    await expect(page).toHaveURL(/\/freelance-requests$/);
    const tabs = page.getByRole('navigation', { name: 'My Stable' });
    const settings = await boxOf(tabs.getByRole('link', { name: 'Settings' }));
    expect(settings.x + settings.width).toBeLessThanOrEqual(DESKTOP.width);
  });

  test('an admin reaches the admin pages from the header, and unknown paths answer 404', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/login');
    await logIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(MY_STABLE_START);
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/BrokerPage$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Broker Dashboard' })).toBeVisible();
    const missing = await page.goto('/no/such/page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('main')).toBeVisible();
    const robots = await page.request.get('/robots.txt');
    expect(await robots.text()).toMatch(/^User-agent: \*/);
  });
});
