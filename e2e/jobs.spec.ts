import { type APIRequestContext, type Browser, expect, type Page, test } from './journey-test';
import { auth, expectNoHorizontalScroll, listDomain, logIn, MY_STABLE_START, registerViaApi, type ApiUser, uniqueDomain } from './support';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

async function pageFor(browser: Browser, email: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, email);
  await expect(page).toHaveURL(MY_STABLE_START);
  return page;
}

/** A freelancer made through the API: registered, with a published profile. */
async function freelancerViaApi(request: APIRequestContext, prefix: string, firstName: string): Promise<ApiUser> {
  const user = await registerViaApi(request, prefix, firstName);
  const saved = await request.put('/api/freelancers/me/', {
    headers: auth(user.token),
    data: { headline: 'Landing pages that convert', bio: 'Fast and careful.', skills: ['landing-pages'], hourly_rate_cents: 5000, packages: [], languages: ['en'], country: 'IE', availability: 'available', links: [] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const published = await request.post('/api/freelancers/me/publish/', { headers: auth(user.token), data: { published: true } });
  expect(published.status(), await published.text()).toBe(200);
  return user;
}

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`job posts on ${name}: a founder posts, two freelancers apply, one is hired and sees the engagement`, async ({ browser, request }) => {
    test.setTimeout(240_000);
    const founder = await registerViaApi(request, `jobs-founder-${name}`, 'Fay');
    const ada = await freelancerViaApi(request, `jobs-ada-${name}`, 'Ada');
    const bob = await freelancerViaApi(request, `jobs-bob-${name}`, 'Bob');
    const title = `Landing page ${name} ${Date.now().toString(36)}`;
    const domainName = uniqueDomain(`jobs-${name}`);
    await listDomain(request, founder, domainName, { seller_price: 2500, business_status: 'Buy Now' });
    const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

    // The founder reaches the jobs board from the header (the menu drawer on a phone) and posts.
    const client = await pageFor(browser, founder.email, viewport);
    if (viewport === PHONE) {
      await client.getByRole('button', { name: 'Open menu' }).click();
      await client.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Jobs' }).click();
    } else {
      await client.getByRole('banner').getByRole('link', { name: 'Jobs' }).click();
    }
    await expect(client).toHaveURL(/\/jobs$/);
    await expect(client.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    await client.getByRole('link', { name: 'Post a project' }).click();
    await expect(client).toHaveURL(/\/jobs\/new$/);
    const form = client.getByRole('form', { name: 'Post a project' });
    await form.getByRole('textbox', { name: /^Title/ }).fill(title);
    await form.getByRole('textbox', { name: /What you need built/ }).fill('A one-page site for my new domain, with a signup form.');
    await form.getByRole('combobox', { name: /For which domain/ }).click();
    await client.getByRole('option', { name: domainName }).click();
    await expect(form.getByRole('combobox', { name: /For which domain/ })).toHaveText(domainName);
    await form.getByRole('textbox', { name: /^Budget/ }).fill('500');
    await form.getByRole('textbox', { name: /Up to/ }).fill('900');
    await form.getByRole('checkbox', { name: 'Landing pages' }).check();
    await form.getByLabel(/Deadline/).fill(deadline);
    await form.getByRole('button', { name: 'Post the job' }).click();
    await expect(client).toHaveURL(/\/jobs\/\d+$/);
    const jobPath = new URL(client.url()).pathname;
    const jobId = Number(jobPath.split('/').pop());
    await expect(client.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(client.getByTestId('job-status')).toHaveText('Open');
    await expect(client.getByTestId('job-domain')).toHaveText(domainName);
    await expectNoHorizontalScroll(client, viewport.width);

    // Ada applies in the browser; Bob through the API.
    const freelancer = await pageFor(browser, ada.email, viewport);
    await freelancer.goto(jobPath);
    const apply = freelancer.getByRole('form', { name: 'Apply to this job' });
    await apply.getByRole('textbox', { name: /Cover letter/ }).fill('I build landing pages every week; here is my plan.');
    await apply.getByRole('textbox', { name: /Your price/ }).fill('750');
    await apply.getByRole('textbox', { name: /Delivery/ }).fill('12');
    await apply.getByRole('button', { name: 'Send the application' }).click();
    await expect(freelancer.getByTestId('application-status')).toHaveText('Submitted');
    const fromBob = await request.post(`/api/jobs/${jobId}/applications`, {
      headers: auth(bob.token),
      data: { cover_letter: 'Two landing pages a week for five years.', price_cents: 60_000, delivery_days: 7 },
    });
    expect(fromBob.status(), await fromBob.text()).toBe(201);

    // The founder sees both and hires Ada.
    await client.reload();
    await expect(client.getByTestId('application')).toHaveCount(2);
    await client.getByRole('button', { name: 'Hire Ada T.' }).click();
    await expect(client.getByTestId('job-status')).toHaveText('Filled');
    await expect(client.getByRole('link', { name: 'Open the engagement' })).toBeVisible();

    // Ada sees she was hired and opens the engagement.
    await freelancer.reload();
    await expect(freelancer.getByTestId('application-status')).toHaveText('Hired');
    await freelancer.getByRole('link', { name: 'Open the engagement' }).click();
    await expect(freelancer).toHaveURL(/\/engagements\/\d+$/);
    await expect(freelancer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(freelancer.getByTestId('engagement-status')).toHaveText('Hired');
    await expectNoHorizontalScroll(freelancer, viewport.width);

    // The founder finds the job under "Posted by you", Ada hers under "Your applications".
    await client.goto('/jobs');
    await client.getByRole('tab', { name: 'Posted by you' }).click();
    await expect(client).toHaveURL(/\/jobs\?view=mine$/);
    const posted = client.getByTestId('my-job').filter({ hasText: title });
    await expect(posted).toContainText('Filled');
    await expect(posted).toContainText(`for ${domainName}`);
    await expectNoHorizontalScroll(client, viewport.width);
    await freelancer.goto('/jobs?view=applications');
    await expect(freelancer.getByRole('tab', { name: 'Your applications', selected: true })).toBeVisible();
    const applied = freelancer.getByTestId('my-application').filter({ hasText: title });
    await expect(applied.getByTestId('my-application-status')).toHaveText('Your application: Hired');
    await expect(applied.getByTestId('my-application-job-status')).toHaveText('Job: Filled');
    await expectNoHorizontalScroll(freelancer, viewport.width);

    // The filled job leaves the public listing.
    const listed = await request.get(`/api/jobs/?q=${encodeURIComponent(title)}`);
    expect(((await listed.json()) as { count: number }).count).toBe(0);
  });
}
