import path from 'node:path';
import { INTRO_ANIMATION_MS } from '@market/shared';
import { expect, type Page, test } from './journey-test';
import { auth, expectNoAxeViolations, expectNoHorizontalScroll, firstMove, holdTime, listDomain, logIn, MY_STABLE_START, PASSWORD, registerViaApi, uniqueDomain, uniqueEmail } from './support';

const shots = path.resolve(import.meta.dirname, '..', 'test-results', 'site-shots');

/** Full-page screenshots at 1280 and 360 px for a person to look at; checks 360 px for sideways scroll. */
async function screenshots(page: Page, name: string): Promise<void> {
  // From the top, so the sticky bar is drawn where it belongs in the full-page image.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(shots, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoHorizontalScroll(page, 360);
  await page.screenshot({ path: path.join(shots, `${name}-360.png`), fullPage: true });
  // The full phone page is too tall to read scaled down: also save it in screen-sized parts.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, part = 1; y < height && part <= 6; y += 1400, part += 1) {
    const clip = { x: 0, y, width: 360, height: Math.min(1400, height - y) };
    await page.screenshot({ path: path.join(shots, `${name}-360-part${part}.png`), fullPage: true, clip });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The visitor's first move: the home page's own script loads the app then (until then the page
 * is the server's), and the app replaces the prerendered page.
 */
async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await logIn(page, email, password);
  await expect(page).toHaveURL(MY_STABLE_START);
}

test.describe('home', () => {
  test('shows the freelancer showcase, and the intro goes away after 3 s', async ({ page }) => {
    // The page's clock stands still until the intro has been seen: a loaded machine may take
    // longer than 3 s to open the page, and the intro must still be there to be looked at.
    const time = await holdTime(page);
    await page.goto('/');
    const intro = page.getByTestId('home-intro');
    await expect(intro).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'The marketplace for domain names' })).toBeVisible();
    // 3 s of page time after the page opened, and not a millisecond before.
    await time.advance(INTRO_ANIMATION_MS - (await time.now()) - 1);
    await expect(intro).toBeVisible();
    await time.advance(1);
    await expect(intro).toHaveCount(0);
    await time.release();
    await firstMove(page);
    await expect(page).toHaveTitle('Domain Market');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /flat 10% commission/);

    await expect(page.getByRole('heading', { level: 2, name: 'About the marketplace' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Passed-test badges' }).getByRole('listitem')).toHaveCount(5);
    // The best-rated certified freelancer: the demo's (apps/server/src/db/seed-freelancers.ts)
    // or one another journey made at the same time, so any certified profile, linked.
    const consultant = page.getByRole('region', { name: 'Certified domain consultants' });
    await expect(consultant.getByRole('link').filter({ hasText: /\S/ }).first()).toHaveAttribute('href', /\/freelancers\/\d+$/);
    await expect(consultant.getByText(/Level [1-5] of 5/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Passed-test badges' }).getByTestId('holders').first()).toContainText('Held by');

    // The certification carousel: pause, then step through with the buttons.
    const carousel = page.getByRole('region', { name: 'Certifications' });
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    await carousel.getByRole('button', { name: 'Pause automatic rotation' }).click();
    await expect(carousel.getByRole('button', { name: 'Start automatic rotation' })).toBeVisible();
    const visibleSlide = carousel.locator('[aria-roledescription="slide"]:visible');
    const first = await visibleSlide.getAttribute('aria-label');
    await carousel.getByRole('button', { name: 'Next certification' }).click();
    await expect(visibleSlide).not.toHaveAttribute('aria-label', first ?? '');
    await carousel.getByRole('button', { name: 'Previous certification' }).click();
    await expect(visibleSlide).toHaveAttribute('aria-label', first ?? '');

    // Sponsored headlines at #sponsored, and the footer's links.
    await expect(page.locator('#sponsored').getByRole('heading', { name: 'Sponsored headlines' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy', exact: true })).toHaveAttribute('href', '/privacy-policy');

    await expectNoAxeViolations(page);
    await screenshots(page, 'home');
  });

  test('arrives with its hero before any script runs, and the intro plays once a session', async ({ browser }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto('/');
    await expect(bare.getByRole('heading', { level: 1, name: 'The marketplace for domain names' })).toBeVisible();
    await expect(bare.getByRole('link', { name: 'Search domains' })).toHaveAttribute('href', '/homeSearch');
    await noScript.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    const time = await holdTime(page);
    await page.goto('/');
    const intro = page.getByTestId('home-intro');
    await expect(intro).toBeVisible();
    await time.advance(INTRO_ANIMATION_MS - (await time.now()));
    await expect(intro).toHaveCount(0);
    await time.release();
    // Seen this session: neither the server's page (same cookies) nor the app plays it again.
    expect(await (await context.request.get('/')).text()).not.toContain('id="pre-intro"');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'The marketplace for domain names' })).toBeVisible();
    await firstMove(page);
    await expect(page.getByRole('heading', { level: 2, name: 'About the marketplace' })).toBeVisible();
    await expect(page.getByTestId('home-intro')).toHaveCount(0);
    await context.close();
  });

  test('plays the intro to its end when the visitor moves and the app arrives in the middle of it', async ({ page }) => {
    const time = await holdTime(page);
    await page.goto('/');
    const intro = page.getByTestId('home-intro');
    await expect(intro).toBeVisible();
    await firstMove(page);
    await expect(intro).toBeVisible();
    await time.advance(INTRO_ANIMATION_MS - (await time.now()) - 1);
    await expect(page.getByRole('heading', { level: 2, name: 'About the marketplace' })).toBeVisible();
    // Still the one intro the page started with: not cut short, and not a second one from the app.
    await expect(intro).toHaveCount(1);
    await expect(intro).toBeVisible();
    await time.advance(1);
    await expect(intro).toHaveCount(0);
  });

  test('loads none of the app’s code until the visitor moves, and its hero links work before that', async ({ page }) => {
    const appCode: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') appCode.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'The marketplace for domain names' })).toBeVisible();
    // Nothing to do until the visitor does something: the app's own script only sets its timers.
    await page.waitForLoadState('networkidle');
    expect(appCode).toEqual([]);
    await firstMove(page);
    expect(appCode.length).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 2, name: 'About the marketplace' })).toBeVisible();

    // A hero link followed before the app is there is an ordinary link to the app's page. Clicked
    // through the DOM, with no pointer event: a pointer would start the app, which could then
    // replace the link between the press and the click.
    await page.goto('/');
    await page
      .getByRole('main')
      .getByRole('link', { name: 'Search domains' })
      .evaluate((link: HTMLAnchorElement) => link.click());
    await expect(page).toHaveURL(/\/homeSearch$/);
  });

  test('skips the intro for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'The marketplace for domain names' })).toBeVisible();
    await expect(page.getByTestId('home-intro')).toHaveCount(0);
    await firstMove(page);
    await expect(page.getByRole('region', { name: 'Certifications' })).toBeVisible();
    await expect(page.getByTestId('home-intro')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pause automatic rotation' })).toHaveCount(0);
  });

  test('/#sponsored scrolls to the sponsored headlines', async ({ page }) => {
    await page.goto('/#sponsored');
    await expect(page.getByTestId('home-intro')).toHaveCount(0);
    await expect(page.locator('#sponsored')).toBeInViewport();
    await expect(page.locator('#sponsored')).toBeFocused();
  });

  test('subscribes with a bad then a good e-mail', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await firstMove(page);
    const footer = page.getByRole('contentinfo');
    const field = footer.getByLabel('Your e-mail address');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Email is required')).toBeVisible();
    await field.fill('not-an-email');
    await expect(footer.getByText('Email is required')).toHaveCount(0);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Email is invalid')).toBeVisible();

    await field.fill(uniqueEmail('subscriber'));
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Thanks! You will hear from us about new domains and features.')).toBeVisible();
    await expect(field).toHaveValue('');
  });
});

test.describe('static pages', () => {
  const pages = [
    {
      path: '/how-it-works',
      title: 'How It Works',
      facts: [
        'split 50/50 between buyer and seller unless the two of you negotiate a different split',
        'under $10,000 must carry a Buy Now price, and they take no offers',
        'Our broker service is available only for deals above $50,000.',
        "answered only when the founder's budget is above $10,000",
        'one-warning trademark policy',
        'Every portfolio and every domain is reviewed and approved',
      ],
    },
    { path: '/build-your-dream', title: 'Build Your Dream', facts: ['Startup Breeders: partner with a domain owner'] },
    { path: '/about-us', title: 'About Us', facts: ['The company behind it is registered in Ireland.'] },
    { path: '/our-mission', title: 'Our Mission', facts: ['minimum values and quality will be required for listing'] },
    { path: '/privacy-policy', title: 'Privacy Policy', facts: ['Data Protection Commission in Ireland'] },
  ] as const;

  for (const p of pages) {
    test(`${p.path} loads with its key facts`, async ({ page }) => {
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
      await expect(page).toHaveTitle(`${p.title} | Domain Market`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{60,}/);
      const main = page.getByRole('main');
      for (const fact of p.facts) await expect(main.getByText(fact).first()).toBeVisible();
      await expectNoAxeViolations(page);
      if (p.path === '/how-it-works') await screenshots(page, 'how-it-works');
    });
  }

  test('/terms-and-conditions is an accordion of legal sections', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    await expect(page.getByText('Last updated April 18, 2022')).toBeVisible();
    // A page of the site without the app: each section folds in <details>.
    await expect(page.locator('script[src]')).toHaveCount(0);
    const disputes = page.locator('details', { has: page.getByRole('heading', { name: '13. Dispute resolution' }) });
    await expect(disputes).not.toHaveAttribute('open');
    await expect(page.getByText(/The seat of arbitration is Dublin/)).toBeHidden();
    await disputes.getByRole('heading', { name: '13. Dispute resolution' }).click();
    await expect(disputes).toHaveAttribute('open');
    await expect(page.getByText(/The seat of arbitration is Dublin, Ireland, the language of the proceedings is English/)).toBeVisible();
    await expect(page.getByText(/for at least 15 days before starting arbitration/)).toBeVisible();
    await page.getByRole('link', { name: 'Expand all sections' }).click();
    await expect(page).toHaveURL(/\/terms-and-conditions\?sections=all$/);
    await expect(page.getByText(/a company registered in Ireland/)).toBeVisible();
    await expect(page.getByText(/You must be at least 18 years old/)).toBeVisible();
    await expect(page.getByText(/during the one \(1\) month before/)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, 'terms');
  });
});

test.describe('account pages', () => {
  test('a user edits their profile, signs out other sessions and changes their password', async ({ page, request }) => {
    test.setTimeout(240_000);
    // Registering through the API opens one session; the browser login below is a second one.
    const account = await registerViaApi(request, 'profile', 'Paula');
    await signIn(page, account.email);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Paula Tester' })).toBeVisible();
    await expect(page.getByTestId('profile-email')).toHaveText(account.email);
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    await dialog.getByLabel('First Name').fill('Pauline');
    const newEmail = uniqueEmail('renamed');
    await dialog.getByLabel('Email').fill(newEmail);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('Enter your current password to change your e-mail.')).toBeVisible();
    await dialog.getByLabel('Current password').fill('not my password');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('Enter your current password to change your e-mail.')).toBeVisible();
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your profile has been saved.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Pauline Tester' })).toBeVisible();
    await expect(page.getByTestId('profile-email')).toHaveText(newEmail);
    // The stored user follows: a reload shows the same.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Pauline Tester' })).toBeVisible();

    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Sign out of other sessions' }).click();
    await expect(page.getByText('Signed out of 1 other session.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
    expect((await request.get('/api/auth/user/', { headers: auth(account.token) })).status()).toBe(401);

    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Enter your current password.')).toBeVisible();
    await expect(form.getByText('Password is required', { exact: true })).toBeVisible();
    await expect(form.getByText('Confirm password is required.')).toBeVisible();
    const newPassword = 'a brand new journey password';
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm new password').fill(`${newPassword}!`);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Confirm password does not match.')).toBeVisible();
    await form.getByLabel('Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed. Your other sessions were signed out.')).toBeVisible();

    const notifications = page.getByRole('switch', { name: 'E-mail notifications' });
    await expect(notifications).toBeChecked();
    await notifications.click();
    await expect(page.getByText('Your preferences have been saved.')).toBeVisible();
    await expect(notifications).not.toBeChecked();

    await expectNoAxeViolations(page);
    await screenshots(page, 'settings');

    // The new e-mail and password are the ones that sign in now.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, newEmail, newPassword);
    await expect(page).toHaveURL(MY_STABLE_START);
  });

  test('/profile and /market show the user’s domains, projects, offers and purchases', async ({ page, request }) => {
    test.setTimeout(300_000);
    const seller = await registerViaApi(request, 'mseller', 'Sam');
    const buyer = await registerViaApi(request, 'mbuyer', 'Bea');
    const wanted = uniqueDomain('wanted');
    const bought = uniqueDomain('bought');
    const wantedId = await listDomain(request, seller, wanted, { seller_price: 20000, min_offer: 15000, business_status: 'Price Upon Request' });
    const boughtId = await listDomain(request, seller, bought, { seller_price: 3000, business_status: 'Buy Now' });

    // The buyer's own listings, one per profile group.
    const ownBin = uniqueDomain('own-bin');
    const ownTrade = uniqueDomain('own-trade');
    const ownBreeder = uniqueDomain('own-breeder');
    await listDomain(request, buyer, ownBin, { seller_price: 2500, business_status: 'Buy Now' });
    await listDomain(request, buyer, ownTrade, { trade_switch: 'Yes', trade_option: '4 Figures' });
    await listDomain(request, buyer, ownBreeder, { startup_breeders_switch: 'Yes', startup_breeders: 'Pitch to Us' });

    // An offer as a buyer, and a Buy Now purchase.
    const lead = await request.post('/api/domains/domain-leads/', { headers: auth(buyer.token), data: { domain_id: wantedId } });
    expect(lead.status(), await lead.text()).toBe(201);
    const { domain_lead_id } = (await lead.json()) as { domain_lead_id: number };
    const offer = await request.post('/api/domains/negotiation/', {
      headers: auth(buyer.token),
      data: { domain_lead_id, amount: 16000, status: 2 },
    });
    expect(offer.status(), await offer.text()).toBe(201);
    const order = await request.post('/api/domains/buy-now/', { headers: auth(buyer.token), data: { domain_id: boughtId } });
    expect(order.status(), await order.text()).toBe(201);

    await signIn(page, buyer.email);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Bea Tester' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Buy Now' }).getByRole('link', { name: ownBin })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Trade Listed Domains' }).getByRole('link', { name: ownTrade })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Startup Breeders' }).getByRole('link', { name: ownBreeder })).toBeVisible();
    const projects = page.getByRole('region', { name: 'My Projects' });
    await expect(projects.getByRole('link', { name: wanted })).toHaveAttribute('href', `/domain-leads/negotiation/${wantedId}`);
    await expect(page.getByRole('region', { name: 'My Video Pitch' })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, 'profile');

    await page.goto('/market');
    await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'My Stable' }).getByRole('link', { name: /^Market/ })).toHaveAttribute('aria-current', 'page');
    const offers = page.getByRole('table', { name: 'Your offers' });
    await expect(offers.getByRole('link', { name: wanted })).toBeVisible();
    await expect(offers.getByText('$16,000')).toBeVisible();
    const purchases = page.getByRole('table', { name: 'Your purchases' });
    await expect(purchases.getByRole('link', { name: bought })).toBeVisible();
    await expect(purchases.getByText('$3,150')).toBeVisible();
    const listed = page.getByRole('table', { name: 'Your listed domains' });
    for (const name of [ownBin, ownTrade, ownBreeder]) await expect(listed.getByRole('link', { name })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, 'market');
  });

  test('/market says what to do next when there is nothing yet', async ({ page, request }) => {
    const newcomer = await registerViaApi(request, 'newcomer');
    await signIn(page, newcomer.email);
    await page.goto('/market');
    await expect(page.getByText(/You have not made any offers yet/)).toBeVisible();
    await expect(page.getByText(/You have not bought a domain yet/)).toBeVisible();
    await expect(page.getByText(/You have no domains in the marketplace yet/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
