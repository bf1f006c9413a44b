import { expect, test } from './journey-test';
import { ADMIN, expectNoAxeViolations, expectNoHorizontalScroll, firstMove, registerViaApi, signedInPage } from './support';

const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Letters only, so the name passes the sign-up rules and is unique to this journey. */
function uniqueFirstName(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let n = Date.now() + process.pid * 7919 + Math.floor(Math.random() * 1e6);
  let out = '';
  while (n > 0) {
    out += letters[n % 26];
    n = Math.floor(n / 26);
  }
  return `Fl${out}`;
}

for (const viewport of VIEWPORTS) {
  test.describe(`freelancers at ${viewport.width}x${viewport.height}`, () => {
    test('a freelancer publishes a profile, a visitor finds it by skill, an admin awards a badge the profile then shows', async ({ browser, request }) => {
      test.setTimeout(300_000);
      const firstName = uniqueFirstName();
      const freelancer = await registerViaApi(request, 'freelancer', firstName);
      const publicName = `${firstName} T.`;
      const headline = `Brand identities for new domains (${firstName})`;

      await test.step('the freelancer fills in the profile and publishes it', async () => {
        const page = await signedInPage(browser, freelancer, viewport);
        await page.goto('/freelancer-profile');
        await expect(page.getByRole('heading', { level: 1, name: 'Your freelancer profile' })).toBeVisible();
        await page.getByLabel('Headline').fill(headline);
        await page.getByLabel('Bio').fill('Logos, colours and a launch page for a freshly bought name.');
        await page.getByRole('checkbox', { name: 'Branding and logo' }).check();
        await page.getByRole('checkbox', { name: 'Marketing' }).check();
        await page.getByLabel('Hourly rate (dollars)').fill('65');
        await page.getByRole('checkbox', { name: 'Spanish' }).check();
        await page.getByRole('button', { name: 'Save and publish' }).click();
        await expect(page.getByRole('link', { name: 'View public profile' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Hide from the directory' })).toBeVisible();
        await expectNoHorizontalScroll(page, viewport.width);
        await page.context().close();
      });

      const visitorContext = await browser.newContext({ viewport });
      const visitor = await visitorContext.newPage();
      await test.step('a visitor finds the freelancer in the directory by skill and opens the public page', async () => {
        await visitor.goto('/');
        await firstMove(visitor);
        // The header links to the directory: in the bar on a desktop, in the menu on a phone.
        if (viewport.width < 900) {
          await visitor.getByRole('button', { name: 'Open menu' }).click();
          await visitor.getByRole('dialog').getByRole('link', { name: 'Freelancers' }).click();
        } else {
          await visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Freelancers' }).click();
        }
        await expect(visitor).toHaveURL(/\/freelancers$/);
        await expect(visitor.getByRole('heading', { level: 1, name: 'Freelancers' })).toBeVisible();
        // On a phone the filter lists are folded behind a button.
        if (viewport.width < 600) await visitor.getByRole('button', { name: 'Filters' }).click();
        await visitor.getByRole('combobox', { name: 'Skill' }).click();
        await visitor.getByRole('option', { name: 'Branding and logo' }).click();
        await expect(visitor).toHaveURL(/skill=branding/);
        const card = visitor.getByRole('article', { name: publicName });
        await expect(card).toBeVisible();
        await expect(card.getByText(headline)).toBeVisible();
        await expectNoHorizontalScroll(visitor, viewport.width);
        await expectNoAxeViolations(visitor);
        await card.getByRole('link', { name: publicName, exact: true }).click();
        await expect(visitor).toHaveURL(new RegExp(`/freelancers/${freelancer.id}$`));
        await expect(visitor.getByRole('heading', { level: 1, name: publicName })).toBeVisible();
        await expect(visitor.getByTestId('freelancer-headline')).toHaveText(headline);
        await expect(visitor.getByTestId('freelancer-badges')).toContainText('No passed tests yet.');
        await expectNoHorizontalScroll(visitor, viewport.width);
      });

      await test.step('an admin awards a badge in the admin area', async () => {
        const admin = await signedInPage(browser, ADMIN, viewport);
        await admin.goto('/BrokerPage?section=freelancers');
        await admin.getByRole('searchbox', { name: 'Search freelancers' }).fill(freelancer.email);
        const table = admin.getByRole('table', { name: 'Freelancers' });
        const row = table.getByRole('row').filter({ hasText: freelancer.email });
        await expect(row).toHaveCount(1);
        await row.getByRole('button', { name: 'Award badge' }).click();
        const dialog = admin.getByRole('dialog', { name: `Award a badge to ${publicName}` });
        await dialog.getByRole('combobox', { name: 'Passed test' }).click();
        await admin.getByRole('option', { name: 'Landing pages and search' }).click();
        await dialog.getByLabel('Note').fill('Scored 88%');
        await dialog.getByRole('button', { name: 'Award badge' }).click();
        await expect(dialog).toBeHidden();
        await expect(row.getByRole('button', { name: /Landing pages and search, passed/ })).toBeVisible();
        await admin.context().close();
      });

      await test.step('the public profile shows the badge', async () => {
        await visitor.reload();
        const badges = visitor.getByTestId('freelancer-badges');
        await expect(badges).toContainText('Landing pages and search');
        await expect(badges).toContainText('Scored 88%');
        await visitorContext.close();
      });
    });
  });
}
