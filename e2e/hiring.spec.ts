import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, adminToken, auth, expectNoHorizontalScroll, logIn, PASSWORD, registerViaApi, uniqueEmail } from './support';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The cents a figure of the finance page shows. */
const centsOf = async (page: Page, figure: string) => Math.round(Number((await page.getByTestId(figure).innerText()).replace(/[$,]/g, '')) * 100);

async function pageFor(browser: Browser, email: string, password = PASSWORD, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/domain-leads$/);
  return page;
}

test.describe('hiring a freelancer', () => {
  test('a founder hires a freelancer on two milestones, pays the first into escrow, approves it, and the admin pays it out', async ({ browser, request }) => {
    test.setTimeout(180_000);
    const founder = await registerViaApi(request, 'hire-founder', 'Fern');
    const email = uniqueEmail('hire-freelancer');
    const registered = await request.post('/api/auth/register/', { data: { first_name: 'Gwen', last_name: 'Lance', email, password: PASSWORD, user_role: 'freelancer' } });
    expect(registered.status(), await registered.text()).toBe(201);
    const freelancerId = ((await registered.json()) as { user: { id: number } }).user.id;
    const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const title = `Logo ${Date.now().toString(36)}`;

    // The founder sends the request.
    const client = await pageFor(browser, founder.email);
    await client.goto(`/hire/${freelancerId}`);
    await expect(client.getByRole('heading', { level: 1, name: 'Hire Gwen Lance' })).toBeVisible();
    await client.getByRole('button', { name: 'Send a request' }).click();
    const dialog = client.getByRole('dialog', { name: 'Send a request to Gwen Lance' });
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

    // The admin records the transfer in Finance.
    const admin = await pageFor(browser, ADMIN.email, ADMIN.password);
    await admin.goto('/BrokerPage?section=finance');
    await expect(admin.getByRole('heading', { level: 1, name: 'Finance' })).toBeVisible();
    const heldBefore = await centsOf(admin, 'figure-held');
    await admin.getByRole('button', { name: `Record payment of milestone ${reference}` }).click();
    const pay = admin.getByRole('dialog', { name: 'Record payment: Logo sketches' });
    await expect(pay.getByLabel(/Amount received/)).toHaveValue('500.00');
    await pay.getByLabel(/Bank reference/).fill('BANK-HIRE-1');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expect(pay).toBeHidden();
    await admin.reload();
    await expect.poll(() => centsOf(admin, 'figure-held')).toBe(heldBefore + 50_000);

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
    await admin.getByRole('button', { name: `Record payout of milestone ${reference}` }).click();
    const payout = admin.getByRole('dialog', { name: 'Record payout: Logo sketches' });
    await expect(payout.getByText(/Send \$450\.00 to Gwen Lance/)).toBeVisible();
    await payout.getByLabel(/Bank reference/).fill('BANK-OUT-1');
    await payout.getByRole('button', { name: 'Record payout' }).click();
    await expect(payout).toBeHidden();

    // Both see it paid out, to the cent.
    for (const page of [client, freelancer]) {
      await page.reload();
      await expect(page.getByTestId('milestone-1-status')).toHaveText('Paid out');
    }
    await expect(freelancer.getByTestId('milestone-1-next')).toHaveText('Paid out: $450.00.');
    await expect(client.getByTestId('milestone-2-status')).toHaveText('Awaiting funding');

    // The ledger balances: held funds are back where they were, and equal payments less refunds, payouts and commission.
    await admin.reload();
    await expect.poll(() => centsOf(admin, 'figure-held')).toBe(heldBefore);
    const finance = (await (await request.get('/api/admin/finance/', { headers: auth(await adminToken(request)) })).json()) as { held_cents: number };
    expect(finance.held_cents).toBe(heldBefore);
  });

  test('on a phone: a request is sent, accepted as it is, and the milestone shows how to pay, with nothing wider than the screen', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const founder = await registerViaApi(request, 'hire-phone-founder', 'Pia');
    const email = uniqueEmail('hire-phone-freelancer');
    const registered = await request.post('/api/auth/register/', { data: { first_name: 'Finn', last_name: 'Lance', email, password: PASSWORD, user_role: 'freelancer' } });
    expect(registered.status(), await registered.text()).toBe(201);
    const freelancerId = ((await registered.json()) as { user: { id: number } }).user.id;
    const deadline = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const title = `Landing page ${Date.now().toString(36)}`;

    const client = await pageFor(browser, founder.email, PASSWORD, PHONE);
    await client.goto(`/hire/${freelancerId}`);
    await client.getByRole('button', { name: 'Send a request' }).click();
    const dialog = client.getByRole('dialog', { name: 'Send a request to Finn Lance' });
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
