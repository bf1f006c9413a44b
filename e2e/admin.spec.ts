import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from './journey-test';
import {
  ADMIN,
  adminToken,
  auth,
  expectNoAxeViolations,
  registerViaApi,
  signedInPage,
  uniqueDomain,
  type ApiUser,
} from './support';

const shots = path.resolve(import.meta.dirname, '..', 'test-results', 'admin-shots');

/** axe, then full-page screenshots at desktop and phone widths; nothing may stick out at 360 px. */
async function checkPage(page: Page, name: string): Promise<void> {
  await expectNoAxeViolations(page);
  fs.mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(shots, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: path.join(shots, `${name}-360.png`), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} is wider than the phone screen`).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function importDomains(request: APIRequestContext, seller: ApiUser, names: string[]): Promise<number[]> {
  const imported = await request.post('/api/domains/', { headers: auth(seller.token), data: { domain_list: names.join(' ') } });
  expect(imported.status(), await imported.text()).toBe(201);
  const list = await request.get('/api/domains/?page=1&limit=1000', { headers: auth(seller.token) });
  const { domains } = (await list.json()) as { domains: Array<{ id: number; domain_name: string }> };
  return names.map((name) => {
    const id = domains.find((d) => d.domain_name === name)?.id;
    expect(id, `imported ${name}`).toBeDefined();
    return id as number;
  });
}

async function domainStatus(request: APIRequestContext, owner: ApiUser, id: number): Promise<string> {
  const res = await request.get(`/api/domains/${id}`, { headers: auth(owner.token) });
  return ((await res.json()) as { status: string }).status;
}

/** The 1-based page of the broker table that holds this user (ordered by id, 10 a page). */
async function brokerPageOf(request: APIRequestContext, token: string, userId: number): Promise<number> {
  let index = -1;
  for (let page = 1; index < 0; page += 1) {
    const res = await request.get(`/api/domains/admin/broker-dashboard/?page=${page}&limit=200`, { headers: auth(token) });
    const { users } = (await res.json()) as { users: Array<{ id: number }> };
    expect(users.length, `user ${userId} in the broker table`).toBeGreaterThan(0);
    const at = users.findIndex((u) => u.id === userId);
    if (at >= 0) index = (page - 1) * 200 + at;
  }
  return Math.floor(index / 10) + 1;
}

/** The queue is oldest first and other journeys add to it: load pages until the row shows. */
async function findPendingRow(page: Page, id: number) {
  const row = page.getByTestId(`pending-row-${id}`);
  for (let i = 0; i < 50 && !(await row.isVisible()); i += 1) {
    const more = page.getByRole('button', { name: 'Load more' });
    if (await more.isVisible()) await more.click();
    else await page.waitForTimeout(200);
  }
  await expect(row).toBeVisible();
  return row;
}

test.describe('admin pages', () => {
  test('the guard: a visitor goes to log in, a plain user sees the 403 page', async ({ browser, request }) => {
    const anonymous = await browser.newPage();
    for (const url of ['/UserList', '/BrokerPage', '/PortfolioApproval']) {
      await anonymous.goto(url);
      await expect(anonymous).toHaveURL(/\/login$/);
    }

    const plain = await registerViaApi(request, 'plain');
    const page = await signedInPage(browser, plain);
    for (const url of ['/UserList', '/BrokerPage', '/PortfolioApproval']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
      await expect(page.getByText('You do not have permission to perform this action.')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
    }
    await checkPage(page, 'access-denied');
  });

  test('an admin approves and denies domains, promotes the seller, and sees it all on the broker dashboard', async ({
    browser,
    request,
  }) => {
    test.setTimeout(360_000);
    const token = await adminToken(request);
    const seller = await registerViaApi(request, 'adminseller', 'Sella');
    const [keepName, dropName] = [uniqueDomain('approve-me'), uniqueDomain('deny-me')];
    const [keepId, dropId] = await importDomains(request, seller, [keepName, dropName]);
    // A thoroughbred (over $50,000) that is also open to startup breeders.
    const priced = await request.put(`/api/domains/${keepId}/`, {
      headers: auth(seller.token),
      data: { seller_price: 90000, business_status: 'Price Upon Request', startup_breeders_switch: 'Yes', startup_breeders: 'Pitch to Us' },
    });
    expect(priced.status(), await priced.text()).toBe(200);

    const admin = await signedInPage(browser, ADMIN);

    // Portfolio Approval: one approved, one denied; both rows leave the queue for real.
    await admin.goto('/PortfolioApproval');
    await expect(admin.getByRole('heading', { level: 1, name: 'Portfolio Approval' })).toBeVisible();
    const keepRow = await findPendingRow(admin, keepId as number);
    await expect(keepRow.getByText('Sella Tester')).toBeVisible();
    await checkPage(admin, 'portfolio-approval');
    await keepRow.getByRole('button', { name: `Approve ${keepName}` }).click();
    await expect(admin.getByTestId(`pending-row-${keepId}`)).toHaveCount(0);
    const dropRow = await findPendingRow(admin, dropId as number);
    await dropRow.getByRole('button', { name: `Deny ${dropName}` }).click();
    await expect(admin.getByTestId(`pending-row-${dropId}`)).toHaveCount(0);
    expect(await domainStatus(request, seller, keepId as number)).toBe('approved');
    expect(await domainStatus(request, seller, dropId as number)).toBe('denied');
    await admin.reload();
    await expect(admin.getByRole('table', { name: 'Domains waiting for approval' })).toBeVisible();
    await expect(admin.getByTestId(`pending-row-${keepId}`)).toHaveCount(0);
    await expect(admin.getByTestId(`pending-row-${dropId}`)).toHaveCount(0);

    // UserList: search the seller, make them Admin, the list reloads with the new role.
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'New Users' }).click();
    await expect(admin).toHaveURL(/\/UserList$/);
    await admin.getByRole('searchbox', { name: 'Search users' }).fill(seller.email);
    await expect(admin).toHaveURL(/\/UserList\?search=/);
    const userRow = admin.getByTestId(`user-row-${seller.id}`);
    await expect(userRow).toBeVisible();
    await expect(admin.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
    await expect(userRow.getByRole('cell', { name: 'User', exact: true })).toBeVisible();
    await checkPage(admin, 'user-list');
    await userRow.getByRole('button', { name: `Edit Sella Tester (${seller.email})` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit user' });
    await expect(dialog.getByLabel('Email')).toHaveValue(seller.email);
    await expect(dialog.getByLabel('Name')).toHaveValue('Sella Tester');
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await admin.getByRole('option', { name: 'Admin', exact: true }).click();
    // Let the menu finish closing: axe must judge the dialog, not a fading popover.
    await expect(admin.getByRole('listbox')).toHaveCount(0);
    await checkPage(admin, 'user-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(userRow.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();

    // A SuperAdmin's role is fixed: no dropdown, a sentence saying so.
    await admin.getByRole('searchbox', { name: 'Search users' }).fill(ADMIN.email);
    await admin.getByRole('button', { name: `(${ADMIN.email})` }).click();
    const own = admin.getByRole('dialog', { name: 'Edit user' });
    await expect(own.getByText('A SuperAdmin’s role cannot be changed here.')).toBeVisible();
    await expect(own.getByRole('combobox', { name: 'Role' })).toHaveCount(0);
    await own.getByRole('button', { name: 'Cancel' }).click();

    // A broker lead on the approved thoroughbred: the admin takes it.
    const buyer = await registerViaApi(request, 'adminbuyer', 'Bria');
    const lead = await request.post('/api/domains/domain-leads/', { headers: auth(buyer.token), data: { domain_id: keepId } });
    expect(lead.status(), await lead.text()).toBe(201);
    const leadId = ((await lead.json()) as { domain_lead_id: number }).domain_lead_id;
    const broker = await request.post('/api/domains/negotiation/', { headers: auth(buyer.token), data: { domain_lead_id: leadId, status: 5 } });
    expect(broker.status(), await broker.text()).toBe(201);

    // Broker dashboard: the seller's counts, shown as the admin they now are, and, expanded, the new admin role.
    const brokerPage = await brokerPageOf(request, token, seller.id);
    await admin.goto(`/BrokerPage${brokerPage > 1 ? `?page=${brokerPage}` : ''}`);
    await expect(admin.getByRole('heading', { level: 1, name: 'Broker Dashboard' })).toBeVisible();
    const brokerRow = admin.getByTestId(`broker-row-${seller.id}`);
    await expect(brokerRow).toBeVisible();
    const cells = brokerRow.getByRole('cell');
    await expect(cells).toHaveText(['', seller.email.split('@')[0] as string, 'Sella Tester', seller.email, 'ADMIN', 'Free', '0', '0', '1', '1', '0']);
    await brokerRow.getByRole('button', { name: /^Show details for / }).click();
    await expect(admin.getByText('Admin role')).toBeVisible();
    await expect(admin.locator(`#broker-user-${seller.id}-details`).getByText('Admin', { exact: true })).toBeVisible();
    await checkPage(admin, 'broker-dashboard');

    const menu = admin.getByRole('navigation', { name: 'Admin' });
    await menu.getByRole('link', { name: 'New Broker Leads' }).click();
    await expect(admin).toHaveURL(/section=broker-leads/);
    const leadRow = admin.getByTestId(`lead-row-${leadId}`);
    await expect(leadRow.getByText('Bria Tester')).toBeVisible();
    await checkPage(admin, 'broker-leads');
    await leadRow.getByRole('button', { name: `Take the lead on ${keepName}` }).click();
    await expect(leadRow.getByText('Taken by you')).toBeVisible();

    await menu.getByRole('link', { name: 'Thoroughbred Domain' }).click();
    await expect(admin.getByRole('link', { name: keepName })).toHaveAttribute('href', `/landing/${keepId}`);
    await checkPage(admin, 'thoroughbred');
    await menu.getByRole('link', { name: 'Exclusive Startup Breeders' }).click();
    await expect(admin.getByRole('link', { name: keepName })).toHaveAttribute('href', `/landing/${keepId}`);
    await checkPage(admin, 'startup-breeders');

    await menu.getByRole('link', { name: 'Video Pitch Approval' }).click();
    await expect(admin.getByRole('table', { name: 'Video pitches' })).toBeVisible();
    await expect(admin.getByRole('button', { name: 'All projects' })).toHaveAttribute('aria-pressed', 'true');
    await checkPage(admin, 'videos');

    await menu.getByRole('link', { name: 'Claims' }).click();
    await expect(admin.getByRole('table', { name: 'Domain claims' })).toBeVisible();
    await checkPage(admin, 'claims');

    // The audit log lists the approval, the denial, the role change and the take.
    await menu.getByRole('link', { name: 'Audit Log' }).click();
    const audit = admin.getByRole('table', { name: 'Audit log' });
    await expect(audit.getByRole('row').filter({ hasText: 'Role change' }).filter({ hasText: `User #${seller.id}` }).filter({ hasText: 'User → Admin' })).toHaveCount(1);
    await expect(audit.getByRole('row').filter({ hasText: 'Domain approved' }).filter({ hasText: `Domain #${keepId}` })).toHaveCount(1);
    await expect(audit.getByRole('row').filter({ hasText: 'Domain denied' }).filter({ hasText: `Domain #${dropId}` })).toHaveCount(1);
    await expect(audit.getByRole('row').filter({ hasText: 'Broker lead taken' }).filter({ hasText: `Lead #${leadId}` })).toHaveCount(1);
    await expect(audit.getByRole('row').filter({ hasText: `User #${seller.id}` }).first()).toContainText(ADMIN.email);
    await checkPage(admin, 'audit');

    // The seller, now an Admin, can open the broker dashboard.
    const sellerPage = await signedInPage(browser, seller);
    await sellerPage.goto('/BrokerPage');
    await expect(sellerPage.getByRole('heading', { level: 1, name: 'Broker Dashboard' })).toBeVisible();
    await expect(sellerPage.getByRole('table', { name: 'Users' })).toBeVisible();
    await expect(sellerPage.getByText('Access denied')).toHaveCount(0);
  });
});
