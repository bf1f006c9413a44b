import { USER_GRID_PAGE_SIZE, USER_LIST_CAP } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registerUser, type TestApp, testDialect, VALID_PASSWORD, uniqueEmail, errorOf } from '../../test/test-app.js';
import { adminMessages } from './admin.service.js';

type User = Awaited<ReturnType<typeof registerUser>>;

describe(`admin API (${testDialect})`, () => {
  let t: TestApp;
  let user: User;
  let seller: User;
  let adminUser: User;
  let superToken: string;
  let superId: number;
  let leadId: number;
  let superEmail: string;

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    user = await registerUser(t.app, { first_name: 'Uma', last_name: 'User' });
    seller = await registerUser(t.app, { first_name: 'Sid', last_name: 'Seller' });
    adminUser = await registerUser(t.app, { first_name: 'Ada', last_name: 'Admin' });
    superEmail = uniqueEmail('super');
    superId = (await t.app.services.auth.ensureSuperAdmin(superEmail, VALID_PASSWORD)).id;
    superToken = json<{ token: string }>(await call('POST', '/api/auth/login/', undefined, { username: superEmail, password: VALID_PASSWORD })).token;
    expect((await call('POST', '/api/domains/users/', superToken, { id: adminUser.user.id, role: 1 })).statusCode).toBe(200);

    // A broker lead: a priced domain, a buyer asking for the Broker Team.
    await call('POST', '/api/domains/', seller.token, { domain_list: 'broker-me.com' });
    const { domains } = json<{ domains: { id: number }[] }>(await call('GET', '/api/domains/', seller.token));
    const domainId = domains[0]?.id ?? 0;
    await t.app.inject({ method: 'PUT', url: `/api/domains/${domainId}/`, headers: bearer(seller.token), payload: { seller_price: 90000, business_status: 'Price Upon Request', startup_breeders_switch: 'Yes', startup_breeders: 'Pitch to Us' } });
    await call('POST', `/api/domains/admin/approval/${domainId}/`, superToken, { action: 'approve' });
    leadId = json<{ domain_lead_id: number }>(await call('POST', '/api/domains/domain-leads/', user.token, { domain_id: domainId })).domain_lead_id;
    expect((await call('POST', '/api/domains/negotiation/', user.token, { domain_lead_id: leadId, status: 5 })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const adminGets = [
    '/api/domains/users/',
    '/api/domains/admin/broker-dashboard/',
    '/api/domains/admin/broker-leads/',
    '/api/domains/admin/domain-lists/thoroughbred/',
    '/api/domains/admin/domain-lists/startup-breeders/',
    '/api/domains/admin/videos/',
    '/api/domains/admin/claims/',
    '/api/domains/admin/audit/',
    '/api/domains/admin/approval/',
  ];

  it('answers every admin route only to Admin and SuperAdmin', async () => {
    for (const url of adminGets) {
      expect((await call('GET', url)).statusCode, `anonymous ${url}`).toBe(401);
      expect((await call('GET', url, user.token)).statusCode, `user ${url}`).toBe(403);
      expect((await call('GET', url, seller.token)).statusCode, `seller ${url}`).toBe(403);
      expect((await call('GET', url, adminUser.token)).statusCode, `admin ${url}`).toBe(200);
      expect((await call('GET', url, superToken)).statusCode, `superadmin ${url}`).toBe(200);
    }
    for (const [url, body] of [
      ['/api/domains/users/', { id: user.user.id, role: 1 }],
      [`/api/domains/users/${user.user.id}/subscription/`, { subscription: 'Pony' }],
      [`/api/domains/admin/broker-leads/${leadId}/take/`, {}],
    ] as const) {
      expect((await call('POST', url, undefined, body)).statusCode).toBe(401);
      expect((await call('POST', url, user.token, body)).statusCode).toBe(403);
      expect((await call('POST', url, seller.token, body)).statusCode).toBe(403);
    }
  });

  it('lists users 10 a page with search and a total', async () => {
    for (let i = 0; i < 11; i += 1) await registerUser(t.app, { first_name: `Bulk${i}`, last_name: 'Person' });
    const first = await call('GET', '/api/domains/users/?page=1', adminUser.token);
    expect(json<unknown[]>(first)).toHaveLength(10);
    expect(Number(first.headers['x-total-count'])).toBeGreaterThanOrEqual(15);
    const found = json<{ name: string; email: string; role: number }[]>(await call('GET', '/api/domains/users/?search=uma%20user', adminUser.token));
    expect(found.map((u) => u.name)).toEqual(['Uma User']);
    expect(found[0]).toMatchObject({ email: user.user.email, role: 0 });
    expect(json<unknown[]>(await call('GET', '/api/domains/users/?search=%25', adminUser.token))).toEqual([]);
  });

  it('lists every user when the client does not ask for a page, with the total', async () => {
    const all = await call('GET', '/api/domains/users/', adminUser.token);
    expect(all.statusCode).toBe(200);
    const rows = json<{ id: number; email: string }[]>(all);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBeGreaterThan(USER_GRID_PAGE_SIZE);
    expect(rows).toHaveLength(total);
    // New Users: the newest first.
    expect(rows.map((u) => u.id)).toEqual([...rows.map((u) => u.id)].sort((a, b) => b - a));
    expect(rows.map((u) => u.email)).toEqual(expect.arrayContaining([user.user.email, seller.user.email]));
    // The grid's calls page as before: page alone, limit alone, or both.
    expect(json<unknown[]>(await call('GET', '/api/domains/users/?page=2', adminUser.token))).toHaveLength(Math.min(USER_GRID_PAGE_SIZE, total - USER_GRID_PAGE_SIZE));
    expect(json<unknown[]>(await call('GET', '/api/domains/users/?limit=3', adminUser.token))).toHaveLength(3);
    const second = json<{ id: number }[]>(await call('GET', '/api/domains/users/?page=2&limit=5', adminUser.token));
    expect(second.map((u) => u.id)).toEqual(rows.slice(5, 10).map((u) => u.id));
    const found = await call('GET', '/api/domains/users/?search=bulk', adminUser.token);
    expect(json<unknown[]>(found)).toHaveLength(11);
    expect(found.headers['x-total-count']).toBe('11');
  });

  it('changes roles within the rules and logs refused escalations', async () => {
    expect(json(await call('POST', '/api/domains/users/', adminUser.token, { id: user.user.id, role: 1 }))).toEqual({ id: user.user.id, role: 1 });
    expect((await call('POST', '/api/domains/users/', adminUser.token, { id: user.user.id, role: 0 })).statusCode).toBe(200);

    const own = await call('POST', '/api/domains/users/', adminUser.token, { id: adminUser.user.id, role: 2 });
    expect(own.statusCode).toBe(403);
    expect(errorOf(own)).toEqual({ detail: adminMessages.ownRole });
    const promote = await call('POST', '/api/domains/users/', adminUser.token, { id: user.user.id, role: 2 });
    expect(errorOf(promote)).toEqual({ detail: adminMessages.onlySuperAdminPromotes });
    const demoteSuper = await call('POST', '/api/domains/users/', adminUser.token, { id: superId, role: 0 });
    expect(errorOf(demoteSuper)).toEqual({ detail: adminMessages.superAdminFixed });
    expect((await call('POST', '/api/domains/users/', superToken, { id: superId, role: 0 })).statusCode).toBe(403);
    expect((await call('POST', '/api/domains/users/', adminUser.token, { id: user.user.id, role: 7 })).statusCode).toBe(400);
    expect((await call('POST', '/api/domains/users/', adminUser.token, { id: 999999, role: 1 })).statusCode).toBe(404);

    const audit = json<{ action: string; outcome: string; target_id: number }[]>(await call('GET', '/api/domains/admin/audit/', superToken));
    const refused = audit.filter((a) => a.action === 'role-change' && a.outcome === 'refused');
    expect(refused.length).toBeGreaterThanOrEqual(4);
    expect(audit.some((a) => a.action === 'role-change' && a.outcome === 'ok' && a.target_id === user.user.id)).toBe(true);
    expect(audit.some((a) => a.action === 'domain-approve')).toBe(true);
  });

  it('sets subscription tiers', async () => {
    const res = await call('POST', `/api/domains/users/${seller.user.id}/subscription/`, adminUser.token, { subscription: 'Stallion' });
    expect(json(res)).toEqual({ id: seller.user.id, subscription: 'Stallion' });
    expect((await call('POST', `/api/domains/users/${seller.user.id}/subscription/`, adminUser.token, { subscription: 'Unicorn' })).statusCode).toBe(400);
    const me = json<{ subscription: string }>(await call('GET', '/api/auth/user/', seller.token));
    expect(me.subscription).toBe('Stallion');
  });

  it('fills the broker table from real data', async () => {
    const table = json<{ users: { email: string; role: string; thoroughbred_domains: number; exclusive_startup_breeders: number; sold_domains: number; subscription: string }[] }>(
      await call('GET', '/api/domains/admin/broker-dashboard/?limit=200', adminUser.token),
    );
    expect(table.users.find((u) => u.email === seller.user.email)).toMatchObject({
      role: 'DOMAINER',
      thoroughbred_domains: 1,
      exclusive_startup_breeders: 1,
      sold_domains: 0,
    });
    // Admins are shown as what they are, not as domainers.
    expect(table.users.find((u) => u.email === superEmail)?.role).toBe('SUPERADMIN');
    expect(table.users.find((u) => u.email === adminUser.user.email)?.role).toBe('ADMIN');
    const lists = json<{ domain_name: string }[]>(await call('GET', '/api/domains/admin/domain-lists/thoroughbred/', adminUser.token));
    expect(lists.map((d) => d.domain_name)).toContain('broker-me.com');
  });

  it('lets one admin take a broker lead and tells both parties', async () => {
    const leads = json<{ id: number; broker_id: number | null }[]>(await call('GET', '/api/domains/admin/broker-leads/', adminUser.token));
    expect(leads.find((l) => l.id === leadId)?.broker_id).toBeNull();
    const [a, b] = await Promise.all([
      call('POST', `/api/domains/admin/broker-leads/${leadId}/take/`, adminUser.token),
      call('POST', `/api/domains/admin/broker-leads/${leadId}/take/`, superToken),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const inbox = json<{ category: string }[]>(await call('GET', '/api/domains/notifications/', seller.token));
    expect(inbox.some((n) => n.category === 'broker')).toBe(true);
  });

  it('caps the whole list at USER_LIST_CAP rows and still counts every user', async () => {
    const now = new Date().toISOString();
    const extra = Array.from({ length: USER_LIST_CAP }, (_, i) => ({
      email: `many${i}@cap.example.com`,
      password_hash: null,
      first_name: 'Many',
      last_name: String(i),
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < extra.length; i += 1000) await t.db.kysely.insertInto('users').values(extra.slice(i, i + 1000)).execute();
    const { n } = await t.db.kysely.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const all = await call('GET', '/api/domains/users/', adminUser.token);
    const rows = json<{ id: number }[]>(all);
    expect(rows).toHaveLength(USER_LIST_CAP);
    expect(Number(all.headers['x-total-count'])).toBe(Number(n));
    // The newest first: the users just added lead, the first ones are past the cap.
    const newest = await t.db.kysely.selectFrom('users').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
    expect(rows[0]?.id).toBe(Number(newest.id));
    expect(rows.some((r) => r.id === user.user.id)).toBe(false);
  });
});
