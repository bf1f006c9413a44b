import { type APIRequestContext, type Browser, expect, type Page, test } from './journey-test';
import { ADMIN, adminToken, auth, expectNoHorizontalScroll, firstMove, itemMoney, logIn, MY_STABLE_START, PASSWORD, registerViaApi, uniqueEmail } from './support';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** One milestone's state (as its client sees it) and money (the ledger's, through the admin's key). */
async function milestoneMoney(request: APIRequestContext, token: string, engagementPath: string, position: number) {
  const res = await request.get(`/api${engagementPath}/`, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  const { milestones } = (await res.json()) as { milestones: Array<{ id: number; position: number; status: string }> };
  const m = milestones.find((one) => one.position === position);
  expect(m, `milestone ${position}`).toBeDefined();
  const { held_cents, paid_out_cents } = await itemMoney(request, await adminToken(request), 'milestone', m!.id);
  return { status: m!.status, held_cents, paid_out_cents };
}

async function pageFor(browser: Browser, email: string, password = PASSWORD, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, email, password);
  await expect(page).toHaveURL(MY_STABLE_START);
  return page;
}

/** Publishes a freelancer's profile: only a published profile can be hired. */
async function publishProfile(request: APIRequestContext, token: string): Promise<void> {
  const profile = { headline: 'Logos and landing pages', bio: '', skills: ['branding', 'landing-pages'], hourly_rate_cents: null, packages: [], languages: ['en'], country: null, availability: 'available', links: [] };
  expect((await request.put('/api/freelancers/me/', { headers: auth(token), data: profile })).status()).toBe(200);
  expect((await request.post('/api/freelancers/me/publish/', { headers: auth(token), data: { published: true } })).status()).toBe(200);
}

test.describe('hiring a freelancer', () => {
  test('a founder hires a freelancer on two milestones, pays the first into escrow, approves it, and the admin pays it out', async ({ browser, request }) => {
    // A long journey: it ends waiting up to 75 s for the showcase, after about two minutes of
    // steps on a busy CI machine.
    test.setTimeout(480_000);
    const founder = await registerViaApi(request, 'hire-founder', 'Fern');
    const email = uniqueEmail('hire-freelancer');
    const registered = await request.post('/api/auth/register/', { data: { first_name: 'Gwen', last_name: 'Lance', email, password: PASSWORD, user_role: 'freelancer' } });
    expect(registered.status(), await registered.text()).toBe(201);
    const { token: freelancerToken, user: { id: freelancerId } } = (await registered.json()) as { token: string; user: { id: number } };
    await publishProfile(request, freelancerToken);
    const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const title = `Logo ${Date.now().toString(36)}`;

    // The founder sends the request.
    const client = await pageFor(browser, founder.email);
    await client.goto(`/hire/${freelancerId}`);
    await expect(client.getByRole('heading', { level: 1, name: 'Hire Gwen L.' })).toBeVisible();
    await client.getByRole('button', { name: 'Send a request' }).click();
    const dialog = client.getByRole('dialog', { name: 'Send a request to Gwen L.' });
    await dialog.getByLabel(/Title/).fill(title);
    await dialog.getByLabel(/What you need/).fill('A logo and a favicon for my new domain.');
    await dialog.getByLabel(/Budget/).fill('1,500');
    await dialog.getByLabel(/Deadline/).fill(deadline);
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await expect(client).toHaveURL(/\/engagements\/\d+$/);
    const engagementUrl = new URL(client.url()).pathname;
    await expect(client.getByTestId('engagement-status')).toHaveText('Waiting for the freelancer');

    // The freelancer proposes two milestones instead.
    const freelancer = await pageFor(browser, email);
    await freelancer.goto('/engagements?tab=freelancer');
    await freelancer.getByRole('link', { name: title }).click();
    await expect(freelancer).toHaveURL(new RegExp(`${engagementUrl}$`));
    await freelancer.getByRole('button', { name: 'Propose other terms' }).click();
    const form = freelancer.getByRole('form', { name: 'Propose other terms' });
    await form.getByLabel('Milestone 1 title').fill('Logo sketches');
    await form.getByLabel('Milestone 1 amount').fill('500');
    await form.getByRole('button', { name: 'Add a milestone' }).click();
    await form.getByLabel('Milestone 2 title').fill('Final logo and favicon');
    await form.getByLabel('Milestone 2 amount').fill('1,000.50');
    await expect(form.getByTestId('proposal-total')).toHaveText('$1,500.50');
    await form.getByRole('button', { name: 'Send the proposal' }).click();
    await expect(freelancer.getByText('Waiting for the client to answer your proposal.')).toBeVisible();

    // The founder accepts; the first milestone waits for its money, by bank transfer.
    await client.reload();
    await client.getByRole('button', { name: 'Accept the terms' }).click();
    await client.getByRole('dialog', { name: 'Accept these terms?' }).getByRole('button', { name: 'Accept' }).click();
    await expect(client.getByTestId('engagement-status')).toHaveText('Hired');
    await expect(client.getByTestId('milestone-1-next')).toHaveText('Fund it: pay $500.00 into escrow.');
    const reference = (await client.getByLabel('Payment reference of Logo sketches').innerText()).trim();
    expect(reference).toMatch(/^FM-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    // The admin records the transfer in Finance: the milestone's $500 is held, and it leaves the
    // list of milestones waiting for the admin. (Only this journey's milestone: the escrow's
    // balances move with every journey running alongside.)
    const admin = await pageFor(browser, ADMIN.email, ADMIN.password);
    await admin.goto('/BrokerPage?section=finance');
    await expect(admin.getByRole('heading', { level: 1, name: 'Finance' })).toBeVisible();
    const toRecord = admin.getByRole('table', { name: 'Freelance milestones to record' }).getByRole('row').filter({ hasText: reference });
    await expect(toRecord).toContainText('Awaiting funding');
    expect(await milestoneMoney(request, founder.token, engagementUrl, 1)).toEqual({ status: 'awaiting_funding', held_cents: 0, paid_out_cents: 0 });
    await admin.getByRole('button', { name: `Record the payment: milestone ${reference}` }).click();
    const pay = admin.getByRole('dialog', { name: 'Record the payment: Logo sketches' });
    await expect(pay.getByLabel(/Amount received/)).toHaveValue('500.00');
    await pay.getByLabel(/Bank reference/).fill('BANK-HIRE-1');
    await pay.getByRole('button', { name: 'Record the payment' }).click();
    await expect(pay).toBeHidden();
    await expect(toRecord).toHaveCount(0);
    expect(await milestoneMoney(request, founder.token, engagementUrl, 1)).toEqual({ status: 'funded', held_cents: 50_000, paid_out_cents: 0 });

    // The freelancer delivers; the founder approves.
    await freelancer.reload();
    await expect(freelancer.getByTestId('milestone-1-status')).toHaveText('Funded, held in escrow');
    await freelancer.getByRole('button', { name: 'Mark delivered' }).click();
    await freelancer.getByLabel(/What you delivered/).fill('Three sketches, attached to the conversation.');
    await freelancer.getByRole('form', { name: 'Mark delivered: Logo sketches' }).getByRole('button', { name: 'Mark delivered' }).click();
    await expect(freelancer.getByTestId('milestone-1-status')).toHaveText('Delivered: waiting for approval');

    await client.reload();
    await client.getByRole('button', { name: 'Approve the delivery' }).click();
    await client.getByRole('dialog', { name: 'Approve this delivery?' }).getByRole('button', { name: 'Approve' }).click();
    await expect(client.getByTestId('milestone-1-status')).toHaveText('Approved: payout due');

    // The admin sends the payout: the amount less the 10% commission.
    await admin.reload();
    await expect(toRecord).toContainText('Approved: payout due');
    await expect(toRecord).toContainText('$450.00');
    await admin.getByRole('button', { name: `Record the payout: milestone ${reference}` }).click();
    const payout = admin.getByRole('dialog', { name: 'Record the payout: Logo sketches' });
    await expect(payout.getByText('Freelancer net to send').locator('..')).toContainText('$450.00');
    await payout.getByLabel(/Bank reference/).fill('BANK-OUT-1');
    await payout.getByRole('button', { name: 'Record the payout' }).click();
    await expect(payout).toBeHidden();
    await expect(toRecord).toHaveCount(0);

    // Both see it paid out, to the cent.
    for (const page of [client, freelancer]) {
      await page.reload();
      await expect(page.getByTestId('milestone-1-status')).toHaveText('Paid out');
    }
    await expect(freelancer.getByTestId('milestone-1-next')).toHaveText('Paid out: $450.00.');
    await expect(client.getByTestId('milestone-2-status')).toHaveText('Awaiting funding');

    // Nothing of the milestone is held any more: $450 went to the freelancer, $50 is commission.
    expect(await milestoneMoney(request, founder.token, engagementUrl, 1)).toEqual({ status: 'paid_out', held_cents: 0, paid_out_cents: 45_000 });
    const adminKey = await adminToken(request);

    // The founder cancels the second milestone: one paid out, the rest cancelled, so completed.
    await client.getByRole('button', { name: 'Cancel the milestone' }).click();
    await client.getByRole('dialog', { name: 'Cancel this milestone?' }).getByRole('button', { name: 'Cancel the milestone' }).click();
    await expect(client.getByTestId('milestone-2-status')).toHaveText('Cancelled');

    // The founder reviews the freelancer: five stars.
    await client.reload();
    const reviewForm = client.getByRole('form', { name: 'Leave your review' });
    await reviewForm.locator('label', { hasText: '5 Stars' }).click();
    await expect(reviewForm.getByLabel('5 Stars')).toBeChecked();
    await reviewForm.getByLabel('Your review').fill('Sharp sketches, delivered early.');
    await reviewForm.getByRole('button', { name: 'Publish the review' }).click();
    await expect(client.getByTestId('review-mine')).toContainText('Sharp sketches, delivered early.');

    // The freelancer replies.
    await freelancer.reload();
    await expect(freelancer.getByTestId('review-theirs')).toContainText('Sharp sketches, delivered early.');
    const replyForm = freelancer.getByRole('form', { name: 'Reply to the review' });
    await replyForm.getByLabel('Your reply').fill('Thank you, Fern!');
    await replyForm.getByRole('button', { name: 'Publish the reply' }).click();
    await expect(freelancer.getByTestId('review-theirs-reply')).toContainText('Thank you, Fern!');

    // My Stable's Reviews tab lists the client's review, its engagement and the reply.
    await freelancer.goto('/domain-leads');
    await freelancer.getByRole('navigation', { name: 'My Stable' }).getByRole('link', { name: 'Reviews' }).click();
    await expect(freelancer).toHaveURL(/\/reviews$/);
    const received = freelancer.getByTestId('review-received').filter({ hasText: title });
    await expect(received).toContainText('Sharp sketches, delivered early.');
    await expect(received).toContainText('Thank you, Fern!');
    await expect(received.getByRole('img', { name: '5 of 5 stars' })).toBeVisible();
    await expect(received.getByRole('link', { name: title })).toHaveAttribute('href', /\/engagements\/\d+$/);

    // The public profile shows the review, its engagement and the reply.
    const visitor = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await visitor.goto(`/freelancers/${freelancerId}`);
    const review = visitor.getByTestId('freelancer-review').first();
    await expect(review).toContainText(title);
    await expect(review).toContainText('Sharp sketches, delivered early.');
    await expect(review).toContainText('Thank you, Fern!');
    // Stars drawn for the rating, then the rating in words.
    await expect(visitor.getByTestId('freelancer-rating')).toHaveText('★★★★★ 5.0 of 5 stars from 1 reviewed engagement');
    await expect(visitor.getByTestId('freelancer-hire')).toHaveAttribute('href', `/hire/${freelancerId}`);

    // Certified Launch Partner needs the Landing pages and DNS badges and two reviewed
    // engagements: the admin awards the badges, and a second client's engagement (through the
    // API) is paid out and reviewed with five stars. Then the freelancer is the best-rated
    // certified one, and the home page's consultant card shows them.
    for (const badge of ['landing-pages', 'dns']) {
      const awarded = await request.post(`/api/admin/freelancers/${freelancerId}/badges/`, { headers: auth(adminKey), data: { badge, passed_on: '2026-01-15', note: '' } });
      expect(awarded.status(), await awarded.text()).toBe(201);
    }
    const second = await registerViaApi(request, 'hire-second-founder', 'Sid');
    const post = async <T>(url: string, token: string, data: Record<string, unknown> = {}) => {
      const res = await request.post(url, { headers: auth(token), data });
      expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
      return (await res.json()) as T;
    };
    type Sent = { id: number; terms_version: number; milestones: Array<{ id: number; amount_cents: number }> };
    const sent = await post<Sent>('/api/engagements/', second.token, { freelancer_id: freelancerId, title: 'DNS move', brief: 'Move my nameservers.', budget_cents: 20_000, deadline });
    const hired = await post<Sent>(`/api/engagements/${sent.id}/accept/`, freelancerToken, { terms_version: sent.terms_version });
    const m = hired.milestones[0]!;
    await post(`/api/admin/milestones/${m.id}/payment/`, adminKey, { reference: `BANK-E2E-${m.id}`, amount_cents: m.amount_cents });
    await post(`/api/engagements/milestones/${m.id}/deliver/`, freelancerToken, { note: 'Moved.' });
    await post(`/api/engagements/milestones/${m.id}/approve/`, second.token);
    await post(`/api/admin/milestones/${m.id}/payout/`, adminKey, { reference: `OUT-E2E-${m.id}` });
    await post(`/api/engagements/${sent.id}/reviews/`, second.token, { stars: 5, text: 'Quick and careful.' });
    // (The rendered page may be kept by the browser for 30 seconds; the API answers afresh.)
    const profile = (await (await request.get(`/api/freelancers/${freelancerId}/`)).json()) as { certifications: string[]; rating: number; completed_engagements: number; reviews: Array<{ engagement_title: string }> };
    expect(profile).toMatchObject({ certifications: ['launch-partner'], rating: 5, completed_engagements: 2 });
    expect(profile.reviews.map((r) => r.engagement_title)).toEqual(['DNS move', title]);
    // The server works the showcase out at most every 30 seconds, and a browser keeps it a
    // minute: each look is a new visitor.
    await expect(async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      try {
        const home = await context.newPage();
        await home.goto('/');
        await firstMove(home);
        await expect(home.getByRole('region', { name: 'Certified domain consultants' }).getByRole('link', { name: 'Gwen L.', exact: true })).toHaveAttribute('href', `/freelancers/${freelancerId}`, { timeout: 5_000 });
      } finally {
        await context.close();
      }
    }).toPass({ timeout: 75_000, intervals: [5_000] });
  });

  test('on a phone: a request is sent, accepted as it is, and the milestone shows how to pay, with nothing wider than the screen', async ({ browser, request }) => {
    test.setTimeout(240_000);
    const founder = await registerViaApi(request, 'hire-phone-founder', 'Pia');
    const email = uniqueEmail('hire-phone-freelancer');
    const registered = await request.post('/api/auth/register/', { data: { first_name: 'Finn', last_name: 'Lance', email, password: PASSWORD, user_role: 'freelancer' } });
    expect(registered.status(), await registered.text()).toBe(201);
    const { token: freelancerToken, user: { id: freelancerId } } = (await registered.json()) as { token: string; user: { id: number } };
    await publishProfile(request, freelancerToken);
    const deadline = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const title = `Landing page ${Date.now().toString(36)}`;

    const client = await pageFor(browser, founder.email, PASSWORD, PHONE);
    await client.goto(`/hire/${freelancerId}`);
    await client.getByRole('button', { name: 'Send a request' }).click();
    const dialog = client.getByRole('dialog', { name: 'Send a request to Finn L.' });
    await dialog.getByLabel(/Title/).fill(title);
    await dialog.getByLabel(/What you need/).fill('A one-page site.');
    await dialog.getByLabel(/Budget/).fill('800');
    await dialog.getByLabel(/Deadline/).fill(deadline);
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await expect(client).toHaveURL(/\/engagements\/\d+$/);
    const engagementUrl = new URL(client.url()).pathname;

    const freelancer = await pageFor(browser, email, PASSWORD, PHONE);
    await freelancer.goto(engagementUrl);
    await freelancer.getByRole('button', { name: 'Accept the terms' }).click();
    await freelancer.getByRole('dialog', { name: 'Accept these terms?' }).getByRole('button', { name: 'Accept' }).click();
    await expect(freelancer.getByTestId('engagement-status')).toHaveText('Hired');
    await expect(freelancer.getByTestId('milestone-1-next')).toHaveText('Waiting for the client to fund it. Start once it is funded.');
    await expectNoHorizontalScroll(freelancer, PHONE.width);

    await client.reload();
    await expect(client.getByTestId('milestone-1-next')).toHaveText('Fund it: pay $800.00 into escrow.');
    await expect(client.getByLabel(`Payment reference of ${title}`)).toHaveText(/^FM-/);
    await expectNoHorizontalScroll(client, PHONE.width);
    await client.goto('/engagements');
    await expect(client.getByRole('link', { name: title })).toBeVisible();
    await expectNoHorizontalScroll(client, PHONE.width);
  });
});
