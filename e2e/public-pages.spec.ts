import { expect, test } from './journey-test';
import { auth, expectNoAxeViolations, expectNoHorizontalScroll, logIn, MY_STABLE_START, registerViaApi } from './support';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe('public pages without the app', () => {
  test('a visitor without JavaScript filters jobs and freelancers and opens a job; signed in, the app takes over', async ({ browser, request }) => {
    test.setTimeout(180_000);
    const stamp = `e2e${Date.now().toString(36)}${process.pid}`;
    const founder = await registerViaApi(request, 'public-founder', 'Fay');
    const post = async (title: string, skills: string[], min: number) => {
      const res = await request.post('/api/jobs/', {
        headers: auth(founder.token),
        data: { title, description: 'A one-page site for our new domain.', budget_min_cents: min, budget_max_cents: min, skills, deadline: inDays(30) },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    const siteJob = await post(`${stamp} site`, ['landing-pages'], 50_000);
    await post(`${stamp} logo`, ['branding'], 500_000);
    const freelancer = await registerViaApi(request, 'public-freelancer', 'Vera');
    const saved = await request.put('/api/freelancers/me/', {
      headers: auth(freelancer.token),
      data: { headline: `${stamp} valuations`, bio: 'Careful.', skills: ['valuation'], hourly_rate_cents: 9000, packages: [], languages: ['en'], country: 'IE', availability: 'available', links: [] },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    expect((await request.post('/api/freelancers/me/publish/', { headers: auth(freelancer.token), data: { published: true } })).status()).toBe(200);

    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await test.step(`at ${viewport.width}x${viewport.height}, no JavaScript`, async () => {
        const context = await browser.newContext({ viewport, javaScriptEnabled: false });
        const page = await context.newPage();
        const phone = viewport.width < 600;

        await page.goto('/jobs');
        await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
        const search = page.getByRole('search', { name: 'Search jobs' });
        await search.getByLabel('Search').fill(stamp);
        await search.getByRole('button', { name: 'Search' }).click();
        await expect(page.getByTestId('job-count')).toHaveText('2 open jobs');
        await search.getByLabel('Skill').selectOption('branding');
        await search.getByRole('button', { name: 'Search' }).click();
        await expect(page).toHaveURL(/skill=branding/);
        await expect(page.getByTestId('job-count')).toHaveText('1 open job');
        await expect(page.getByRole('link', { name: `${stamp} logo` })).toBeVisible();
        await expectNoHorizontalScroll(page, viewport.width);

        await page.goto(`/jobs?q=${stamp}&skill=landing-pages`);
        await page.getByRole('link', { name: `${stamp} site` }).click();
        await expect(page).toHaveURL(new RegExp(`/jobs/${siteJob}$`));
        await expect(page.getByRole('heading', { level: 1, name: `${stamp} site` })).toBeVisible();
        await expect(page.getByText('Sign in with a published freelancer profile to apply.')).toBeVisible();
        await expectNoHorizontalScroll(page, viewport.width);

        await page.goto('/freelancers');
        const filters = page.getByRole('search', { name: 'Search and filters' });
        await filters.getByLabel('Search freelancers').fill(stamp);
        // On a phone the lists fold behind "Filters", which works without a script.
        if (phone) {
          await expect(filters.getByLabel('Skill')).toBeHidden();
          await filters.getByText('Filters', { exact: true }).click();
        }
        await filters.getByLabel('Skill').selectOption('valuation');
        await filters.getByRole('button', { name: 'Search' }).click();
        await expect(page).toHaveURL(new RegExp(`q=${stamp}&skill=valuation`));
        await expect(page.getByTestId('freelancer-count')).toHaveText('1 freelancer');
        await expect(page.getByRole('link', { name: 'Vera T.', exact: true })).toHaveAttribute('href', `/freelancers/${freelancer.id}`);
        await filters.getByLabel('Skill').selectOption('branding');
        await filters.getByRole('button', { name: 'Search' }).click();
        await expect(page.getByText('No freelancer matches these filters. Clear a filter or search for something else.')).toBeVisible();
        await expectNoHorizontalScroll(page, viewport.width);
        await context.close();
      });
    }

    await test.step('with JavaScript, the pages pass axe; signed in, /jobs is the app with its tabs', async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      for (const path of [`/jobs?q=${stamp}`, `/jobs/${siteJob}`, `/freelancers?q=${stamp}`]) {
        await page.goto(path);
        await expect(page.locator('script[src]')).toHaveCount(0);
        await expectNoAxeViolations(page);
      }
      await page.goto('/login');
      await logIn(page, founder.email);
      await expect(page).toHaveURL(MY_STABLE_START);
      await page.goto('/jobs');
      await expect(page.getByRole('tab', { name: 'Posted by you' })).toBeVisible();
      await page.goto(`/jobs/${siteJob}`);
      await expect(page.getByRole('button', { name: 'Close without hiring' })).toBeVisible();
      await context.close();
    });
  });
});
