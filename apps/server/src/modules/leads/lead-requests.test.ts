import { leadRequestCategories, negotiationMessages as nm } from '@market/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { adminToken, bearer, createTestApp, json, registerUser, type TestApp, testDialect, errorOf } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof registerUser>>;

const HOUR_MS = 3_600_000;
/**
 * Ten minutes into the last hour: throttle and e-mail windows are clock hours, so none ends
 * mid-test; and in the past, as the notices' e-mails are queued due at this time.
 */
const PINNED = (Math.floor(Date.now() / HOUR_MS) - 1) * HOUR_MS + 10 * 60_000;

/** Trade and breeder requests (POST /api/domains/notifications/): what they accept and how often. */
describe(`lead requests (${testDialect})`, () => {
  let t: TestApp;
  afterEach(() => t.close());

  /** An app whose seller has one approved trade-and-breeder domain, and a buyer with a lead on it. */
  async function setUp(leadRequests: Partial<ReturnType<typeof loadConfig>['leadRequests']> = {}) {
    t = await createTestApp({ leadRequests: { ...loadConfig({ NODE_ENV: 'test' }).leadRequests, ...leadRequests } }, { clock: () => PINNED });
    const [seller, buyer] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const admin = await adminToken(t.app);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    await call('POST', '/api/domains/', seller.token, { domain_list: 'swap-me.com other-swap.com' });
    const { domains } = json<{ domains: { id: number; domain_ascii: string }[] }>(await call('GET', '/api/domains/', seller.token));
    // domainIds[0] is other-swap.com, domainIds[1] swap-me.com.
    domains.sort((a, b) => a.domain_ascii.localeCompare(b.domain_ascii));
    for (const d of domains) {
      await call('PUT', `/api/domains/${d.id}/`, seller.token, { trade_switch: 'Yes', trade_option: '4 Figures', startup_breeders_switch: 'Yes', startup_breeders: 'Pitch to Us' });
    }
    await call('POST', '/api/domains/admin/approval/', admin, { ids: domains.map((d) => d.id), action: 'approve' });
    // What the seller is told from here on: the approval's own notice and e-mail came before.
    await t.drainMail();
    const mailBefore = t.mailer.sent.length;
    const lead = async (user: User, domainId: number) =>
      json<{ domain_lead_id: number }>(await call('POST', '/api/domains/domain-leads/', user.token, { domain_id: domainId })).domain_lead_id;
    const request = (user: User, domain_lead_id: number, category: unknown) =>
      call('POST', '/api/domains/notifications/', user.token, { domain_lead_id, category });
    const sellerMail = async () => {
      await t.drainMail();
      return t.mailer.sent.slice(mailBefore).filter((m) => m.to === seller.user.email);
    };
    const sellerInbox = async () =>
      json<{ category: string }[]>(await call('GET', '/api/domains/notifications/?limit=200', seller.token)).filter((n) => n.category !== 'domain-review');
    return { seller, buyer, domainIds: domains.map((d) => d.id), lead, request, sellerMail, sellerInbox };
  }

  it('accepts the trade options and Startup Breeders, and refuses any other category with 400', async () => {
    const { buyer, domainIds, lead, request, sellerMail, sellerInbox } = await setUp();
    const leadId = await lead(buyer, domainIds[0] ?? 0);
    for (const category of ['New URGENT: verify your account at http://evil.example/login', 'Trade', '4 figures', '', 7, null]) {
      const res = await request(buyer, leadId, category);
      expect(res.statusCode, String(category)).toBe(400);
      expect(errorOf(res)).toEqual({ category: [nm.categoryInvalid] });
    }
    expect(await sellerInbox()).toEqual([]);
    expect(await sellerMail()).toEqual([]);

    for (const category of leadRequestCategories) expect((await request(buyer, leadId, category)).statusCode, category).toBe(201);
    const mail = await sellerMail();
    expect(mail.map((m) => m.subject).sort()).toEqual(leadRequestCategories.map((c) => `New ${c} request for other-swap.com.`).sort());
    expect(JSON.stringify(mail)).not.toContain('evil.example');
  });

  it('turns a flood of 50 requests into a few notifications and one e-mail, with the default settings', async () => {
    const { buyer, domainIds, lead, request, sellerMail, sellerInbox } = await setUp();
    const leadId = await lead(buyer, domainIds[0] ?? 0);
    const statuses: number[] = [];
    for (let i = 0; i < 50; i += 1) statuses.push((await request(buyer, leadId, '4 Figures')).statusCode);
    const perLead = loadConfig({ NODE_ENV: 'test' }).leadRequests.perLeadPerHour;
    expect(statuses.filter((s) => s === 201)).toHaveLength(perLead);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - perLead);
    // Every accepted request is in the seller's notifications; one e-mail tells of them.
    expect(await sellerInbox()).toHaveLength(perLead);
    expect(await sellerMail()).toHaveLength(1);
  });

  it('sends one e-mail per lead and category in a window however many requests get through', async () => {
    const { buyer, domainIds, lead, request, sellerMail, sellerInbox } = await setUp({ perLeadPerHour: 100, perUserPerHour: 100 });
    const leadId = await lead(buyer, domainIds[0] ?? 0);
    for (let i = 0; i < 20; i += 1) expect((await request(buyer, leadId, i % 2 ? '4 Figures' : 'Startup Breeders')).statusCode).toBe(201);
    expect(await sellerInbox()).toHaveLength(20);
    expect((await sellerMail()).map((m) => m.subject).sort()).toEqual(['New 4 Figures request for other-swap.com.', 'New Startup Breeders request for other-swap.com.']);
  });

  it('answers 429 with Retry-After past the limit of a lead, then of a buyer', async () => {
    const { buyer, domainIds, lead, request } = await setUp({ perLeadPerHour: 3, perUserPerHour: 5 });
    const [first, second] = [await lead(buyer, domainIds[0] ?? 0), await lead(buyer, domainIds[1] ?? 0)];
    for (let i = 0; i < 3; i += 1) expect((await request(buyer, first, '4 Figures')).statusCode).toBe(201);
    const throttled = await request(buyer, first, '4 Figures');
    expect(throttled.statusCode).toBe(429);
    expect(errorOf(throttled)).toEqual({ detail: nm.requestsThrottled });
    // The window is the clock hour: 50 minutes of it are left.
    expect(throttled.headers['retry-after']).toBe(String(50 * 60));

    // The other lead has its own count, but the buyer's (5 an hour) runs out on it.
    expect((await request(buyer, second, 'Startup Breeders')).statusCode).toBe(201);
    expect((await request(buyer, second, 'Startup Breeders')).statusCode).toBe(429);
    // Another buyer on the first domain is not held back by this one.
    const other = await registerUser(t.app);
    expect((await request(other, await lead(other, domainIds[0] ?? 0), '4 Figures')).statusCode).toBe(201);
  });

  it('writes no e-mail for a seller who turned e-mail notifications off, and still the notification', async () => {
    const { seller, buyer, domainIds, lead, request, sellerMail, sellerInbox } = await setUp();
    const off = await t.app.inject({ method: 'PUT', url: '/api/auth/user/', headers: bearer(seller.token), payload: { notify_email: false } });
    expect(off.statusCode).toBe(200);
    expect((await request(buyer, await lead(buyer, domainIds[0] ?? 0), '4 Figures')).statusCode).toBe(201);
    expect(await sellerInbox()).toHaveLength(1);
    expect(await sellerMail()).toEqual([]);
    // Only the approval's e-mail, queued before the seller turned e-mail off.
    const queued = await t.db.kysely.selectFrom('mail_outbox').select('subject').where('recipient', '=', seller.user.email).execute();
    expect(queued.map((m) => m.subject)).toEqual([`${domainIds.length} of your domains are approved`]);
  });
});
