import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export const PASSWORD = 'journey password 1';

/** Mail bodies are quoted-printable: soft line breaks and =XX escapes (the URL's "=" is =3D). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest reset link mailed to this address, read from the embedded outbox. */
export async function resetLinkFor(email: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const eml = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), 'utf8'));
      if (!eml.includes(`To: ${email}`)) continue;
      const link = /https?:\/\/\S+\/forgot-password\?token=[A-Za-z0-9_-]+/.exec(eml)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset e-mail for ${email} in ${outbox}`);
}

export async function register(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Journey');
  await page.getByLabel('Last Name').fill('Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('You Have Successfully Signed Up')).toBeVisible();
}

export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * axe-core over the current page once it has loaded: its code (no page spinner, an h1 shown), its
 * data (no request in flight; the loading bar sits outside the landmarks while it shows) and its
 * finite animations; any violation fails the journey with its rule ids, the elements and
 * the elements they point at (for page-level rules such as `region`, the content at fault).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // The page itself, not the moment its code is still arriving (the server's prerendered home
  // before the app replaces it, or a spinner in an empty <main>).
  await expect(page.locator('#pre-home')).toHaveCount(0);
  await expect(page.getByTestId('page-loader')).toHaveCount(0);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByTestId('global-progress')).toHaveCount(0);
  // A fade or slide still running would be judged at a half-transparent frame (colour contrast).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  const describe = (n: (typeof violations)[number]['nodes'][number]) => {
    const related = [...n.any, ...n.all, ...n.none].flatMap((check) => check.relatedNodes?.map((r) => r.target.join(' ')) ?? []);
    const detail = related.length ? related.slice(0, 5).join('; ') : n.failureSummary?.replace(/\s+/g, ' ').slice(0, 200);
    return detail ? `${n.target.join(' ')} (${detail})` : n.target.join(' ');
  };
  expect(violations.map((v) => `${v.id}: ${v.nodes.map(describe).join(', ')}`)).toEqual([]);
}

export interface HeldTime {
  advance(ms: number): Promise<void>;
  now(): Promise<number>;
  release(): Promise<void>;
}

/**
 * Holds the page's time still from before it opens, so a journey can look at something timed
 * (the home intro lasts 3 s from when the page opens) however slowly a busy machine loads it:
 * Playwright's clock holds timers, Date and performance.now(); Chromium's animation domain holds
 * CSS animations (the document timeline plays at rate 0). `advance` runs the page's timers that
 * many milliseconds on, `now` is the page's performance.now(), and `release` lets time flow
 * again, which the rest of a journey needs.
 */
export async function holdTime(page: Page): Promise<HeldTime> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
  await page.clock.install();
  // The installed clock runs until paused, and a busy machine may take a while between the two
  // calls: pause a second ahead of now, never in the clock's past.
  await page.clock.pauseAt(Date.now() + 1000);
  return {
    advance: (ms) => page.clock.runFor(ms),
    now: () => page.evaluate(() => performance.now()),
    async release() {
      await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
      await cdp.detach();
      await page.clock.resume();
    },
  };
}

/** The page must not scroll sideways at this width; names the elements sticking out if it does. */
export async function expectNoHorizontalScroll(page: Page, width: number): Promise<void> {
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter((el) => {
        // Inside a scrolling box (the tab strip, a wide table) sticking out is by design.
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          if (getComputedStyle(p).overflowX !== 'visible') return false;
        }
        return true;
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(el.getBoundingClientRect().right)}`),
  );
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, wide.join('\n')).toBeLessThanOrEqual(width);
}

/**
 * Screenshots of the page at desktop and phone width into test-results/<folder>, from the top,
 * checking at the phone width that nothing sticks out sideways; the viewport is restored after.
 */
export function screenshotsIn(folder: string): (page: Page, name: string) => Promise<void> {
  const dir = path.resolve(import.meta.dirname, '..', 'test-results', folder);
  return async (page, name) => {
    const original = page.viewportSize() ?? { width: 1280, height: 900 };
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
      if (width === 390) await expectNoHorizontalScroll(page, 390);
    }
    await page.setViewportSize(original);
  };
}

/** API helpers for journeys that set up data without clicking through every screen. */
export interface ApiUser {
  email: string;
  token: string;
  id: number;
}

export const ADMIN = { email: 'admin@e2e.test', password: 'e2e admin password' } as const;

export function auth(token: string): Record<string, string> {
  return { authorization: `Token ${token}` };
}

export async function registerViaApi(request: APIRequestContext, prefix: string, firstName = 'Journey'): Promise<ApiUser> {
  const email = uniqueEmail(prefix);
  const res = await request.post('/api/auth/register/', {
    data: { first_name: firstName, last_name: 'Tester', email, password: PASSWORD, user_role: 'seller' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { token: string; user: { id: number } };
  return { email, token: body.token, id: body.user.id };
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login/', { data: { username: ADMIN.email, password: ADMIN.password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Imports one domain for the seller, prices it, and has the admin approve it; returns its id.
 * `pricing` is the PUT /api/domains/{id}/ body (seller_price, min_offer, business_status...).
 */
export async function listDomain(
  request: APIRequestContext,
  seller: ApiUser,
  name: string,
  pricing: Record<string, unknown>,
): Promise<number> {
  const imported = await request.post('/api/domains/', { headers: auth(seller.token), data: { domain_list: name } });
  expect(imported.status(), await imported.text()).toBe(201);
  const list = await request.get('/api/domains/?page=1&limit=1000', { headers: auth(seller.token) });
  const { domains } = (await list.json()) as { domains: Array<{ id: number; domain_name: string }> };
  const id = domains.find((d) => d.domain_name === name)?.id;
  expect(id, `imported ${name}`).toBeDefined();
  const priced = await request.put(`/api/domains/${id}/`, { headers: auth(seller.token), data: pricing });
  expect(priced.status(), await priced.text()).toBe(200);
  const approved = await request.post('/api/domains/admin/approval/', {
    headers: auth(await adminToken(request)),
    data: { ids: [id], action: 'approve' },
  });
  expect(approved.status(), await approved.text()).toBeLessThan(300);
  return id as number;
}

/** A unique, valid domain name for one journey. */
export function uniqueDomain(prefix: string, tld = 'com'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}.${tld}`;
}

/** Where logging in lands: the My Stable tab of the user's next step (leads, a new seller's portfolio, a freelancer's requests). */
export const MY_STABLE_START = /\/(domain-leads|portfolio|freelance-requests)$/;

/** A new browser context signed in through the login page (journey password unless given), landed on My Stable. */
export async function signedInPage(
  browser: Browser,
  user: { email: string; password?: string },
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(MY_STABLE_START);
  return page;
}

/** One item's money as the ledger has it: what it holds, what was paid out to the payee and what went back to the payer. */
export interface ItemMoney {
  held_cents: number;
  paid_out_cents: number;
  refunded_cents: number;
}

export type OrderMoney = ItemMoney & { status: string };

interface ItemLedger {
  held: { escrow: number; payable: number; refunds_payable: number };
  movements: { kind: string; postings: { account: string; amount_cents: number }[] }[];
}

/**
 * The books reconcile: every item holds on the ledger what its state says, every movement
 * balances. It is read in one snapshot, so it holds however many journeys move money alongside.
 */
export async function expectBooksReconcile(request: APIRequestContext, adminKey: string): Promise<void> {
  const res = await request.get('/api/admin/finance/reconcile/', { headers: auth(adminKey) });
  expect(res.status(), await res.text()).toBe(200);
  const report = (await res.json()) as { mismatches: unknown[]; unbalanced_movements: unknown[] };
  expect(report.mismatches).toEqual([]);
  expect(report.unbalanced_movements).toEqual([]);
}

/**
 * One item's money from the ledger (an admin reads it), after checking that the books reconcile.
 * Journeys run side by side on one server, so the escrow's totals move with every other journey's
 * items: a journey checks its own items only.
 */
export async function itemMoney(request: APIRequestContext, adminKey: string, kind: 'order' | 'milestone' | 'sponsored' | 'instalment', id: number): Promise<ItemMoney> {
  await expectBooksReconcile(request, adminKey);
  const res = await request.get(`/api/admin/finance/ledger/?kind=${kind}&id=${id}`, { headers: auth(adminKey) });
  expect(res.status(), await res.text()).toBe(200);
  const ledger = (await res.json()) as ItemLedger;
  // Money leaving through the bank or card processor is a credit of `clearing`.
  const sent = (movement: string) =>
    0 - ledger.movements.filter((m) => m.kind === movement).reduce((sum, m) => sum + m.postings.filter((p) => p.account === 'clearing').reduce((n, p) => n + p.amount_cents, 0), 0);
  return {
    held_cents: ledger.held.escrow + ledger.held.payable + ledger.held.refunds_payable,
    paid_out_cents: sent('payout_sent'),
    refunded_cents: sent('refund_sent'),
  };
}

/** One order's state and money (the ledger's, through an admin's key). */
export async function orderMoney(request: APIRequestContext, adminKey: string, orderId: number): Promise<OrderMoney> {
  const res = await request.get(`/api/orders/${orderId}/`, { headers: auth(adminKey) });
  expect(res.status(), await res.text()).toBe(200);
  const { status } = (await res.json()) as { status: string };
  return { status, ...(await itemMoney(request, adminKey, 'order', orderId)) };
}

/**
 * Moves one of an order's deadlines into the past, straight in the journeys' database, as if
 * the days had gone by; the server's deadline sweep (every second in journeys) does the rest.
 */
export async function passOrderDeadline(orderId: number, column: 'pay_by' | 'transfer_by' | 'confirm_by'): Promise<void> {
  await updateJourneyDb('purchase_orders', { [column]: new Date(Date.now() - 60_000).toISOString() }, { id: orderId });
}

/** The visitor's first move on the prerendered home page, which brings the app; waits for it to take over. */
export async function firstMove(page: Page): Promise<void> {
  await page.mouse.move(20, 20);
  await expect(page.locator('#pre-home')).toHaveCount(0);
}

/**
 * Runs one UPDATE on the journeys' database (`?` placeholders, in order), as if time had passed
 * or a registrar had answered: the server's deadline sweep (every second in journeys) does the rest.
 */
export async function updateJourneyDb(table: string, set: Record<string, string | number | null>, where: Record<string, number>): Promise<void> {
  const columns = Object.keys(set);
  const keys = Object.keys(where);
  const url = process.env.E2E_DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const schema = (process.env.E2E_DATABASE_SCHEMA ?? 'public').replace(/"/g, '');
      const sets = columns.map((c, i) => `${c} = $${i + 1}`).join(', ');
      const wheres = keys.map((c, i) => `${c} = $${columns.length + i + 1}`).join(' AND ');
      await client.query(`UPDATE "${schema}".${table} SET ${sets} WHERE ${wheres}`, [...Object.values(set), ...Object.values(where)]);
    } finally {
      await client.end();
    }
    return;
  }
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR ?? '', 'market.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(`UPDATE ${table} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE ${keys.map((c) => `${c} = ?`).join(' AND ')}`).run(...Object.values(set), ...Object.values(where));
  } finally {
    db.close();
  }
}

/** What the app's embedded DNS server answers for a name's A records (empty when none). */
export async function servedAddresses(name: string): Promise<string[]> {
  const { Resolver } = await import('node:dns/promises');
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  resolver.setServers([`127.0.0.1:${process.env.E2E_DNS_PORT}`]);
  try {
    return (await resolver.resolve4(name)).sort();
  } catch {
    return [];
  }
}
