import {
  type FreelancerAdmin,
  type FreelancerDirectory,
  freelancerMessages as m,
  type FreelancerOwn,
  type FreelancerProfileBody,
  type FreelancerPublic,
  type FreelancerShowcase,
} from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, errorOf, json, registerUser, type TestApp, testDialect } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof registerUser>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 3)]);

/** A multipart form with the policy fields first and the file last, as S3 requires. */
function formBody(fields: Record<string, string>, file: Buffer, type: string) {
  const boundary = `----avatar${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: ${type}\r\n\r\n`));
  parts.push(file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const profile = (over: Partial<FreelancerProfileBody> = {}): FreelancerProfileBody => ({
  headline: 'Domain valuation for premium .com names',
  bio: 'Ten years pricing names for brokers.\nWritten reports within a week.',
  skills: ['valuation', 'negotiation'],
  hourly_rate_cents: 9_500,
  packages: [{ title: 'Single-name appraisal', description: 'A written valuation with comparable sales.', price_cents: 15_000, delivery_days: 3 }],
  languages: ['en', 'de'],
  country: 'IE',
  availability: 'available',
  links: ['https://example.com/portfolio'],
  ...over,
});

describe(`freelancer profiles, badges and directory (${testDialect})`, () => {
  let t: TestApp;
  let owner: User;
  let other: User;
  let admin: string;

  const call = (method: Method, url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

  /** Gives a profile aggregate figures, as the engagements module will keep them. */
  const setAggregates = (userId: number, completed: number, rating: number | null) =>
    t.db.kysely.updateTable('freelancer_profiles').set({ completed_engagements: completed, rating }).where('user_id', '=', userId).execute();

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerUser(t.app, { first_name: 'Grace', last_name: 'Hopper' });
    other = await registerUser(t.app, { first_name: 'Alan', last_name: 'Turing' });
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  it('starts with an empty, unpublished profile that only its owner reads', async () => {
    const me = json<FreelancerOwn>(await call('GET', '/api/freelancers/me/', owner.token));
    expect(me).toMatchObject({ id: owner.user.id, name: 'Grace H.', exists: false, published: false, skills: [], badges: [], level: 0 });
    expect(errorOf(await call('GET', '/api/freelancers/me/'))).toEqual({ detail: expect.any(String) });
    expect((await call('GET', `/api/freelancers/${owner.user.id}/`)).statusCode).toBe(404);
  });

  it('saves the owner’s profile and refuses bad input with field errors', async () => {
    const saved = await call('PUT', '/api/freelancers/me/', owner.token, profile());
    expect(saved.statusCode).toBe(200);
    expect(json<FreelancerOwn>(saved)).toMatchObject({ exists: true, published: false, hourly_rate_cents: 9_500, skills: ['valuation', 'negotiation'], languages: ['en', 'de'] });

    const bad = async (over: Record<string, unknown>) => errorOf(await call('PUT', '/api/freelancers/me/', owner.token, { ...profile(), ...over }));
    expect(await bad({ links: ['javascript:alert(1)'] })).toEqual({ links: [m.linkInvalid] });
    expect(await bad({ links: ['not a url'] })).toEqual({ links: [m.linkInvalid] });
    expect(Object.keys(await bad({ skills: ['juggling'] }))).toEqual(['skills']);
    expect(Object.keys(await bad({ skills: ['valuation', 'valuation'] }))).toEqual(['skills']);
    expect(Object.keys(await bad({ hourly_rate_cents: 12.5 }))).toEqual(['hourly_rate_cents']);
    expect(Object.keys(await bad({ hourly_rate_cents: -1 }))).toEqual(['hourly_rate_cents']);
    expect(await bad({ country: 'Ireland' })).toEqual({ country: [m.countryInvalid] });
    expect(Object.keys(await bad({ availability: 'sometimes' }))).toEqual(['availability']);
    expect(Object.keys(await bad({ packages: [{ title: '', description: '', price_cents: 100, delivery_days: 1 }] }))).toEqual(['packages']);
    // Aggregates belong to the engagements module: a client cannot write them.
    expect((await call('PUT', '/api/freelancers/me/', owner.token, { ...profile(), rating: 5 })).statusCode).toBe(400);
    expect((await call('PUT', '/api/freelancers/me/', undefined, profile())).statusCode).toBe(401);
  });

  it('publishes only a profile with a headline and a skill, and keeps a published one publishable', async () => {
    await call('PUT', '/api/freelancers/me/', other.token, profile({ headline: '', skills: [] }));
    expect(errorOf(await call('POST', '/api/freelancers/me/publish/', other.token, { published: true }))).toEqual({ non_field_errors: [m.publishNeeds] });
    expect((await call('POST', '/api/freelancers/me/publish/', undefined, { published: true })).statusCode).toBe(401);

    const published = json<FreelancerOwn>(await call('POST', '/api/freelancers/me/publish/', owner.token, { published: true }));
    expect(published.published).toBe(true);
    expect(published.published_at).not.toBeNull();
    expect(errorOf(await call('PUT', '/api/freelancers/me/', owner.token, profile({ skills: [] })))).toEqual({ non_field_errors: [m.publishNeeds] });
  });

  it('shows a published profile to everyone, an unpublished one to its owner and admins only', async () => {
    for (const token of [undefined, other.token, owner.token, admin]) {
      const res = await call('GET', `/api/freelancers/${owner.user.id}/`, token);
      expect(res.statusCode).toBe(200);
      expect(json<FreelancerPublic>(res)).toMatchObject({ id: owner.user.id, name: 'Grace H.', headline: profile().headline });
      expect(json<Record<string, unknown>>(res)).not.toHaveProperty('email');
    }
    const hidden = other.user.id;
    expect(errorOf(await call('GET', `/api/freelancers/${hidden}/`))).toEqual({ detail: m.notFound });
    expect((await call('GET', `/api/freelancers/${hidden}/`, owner.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/freelancers/${hidden}/`, other.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/freelancers/${hidden}/`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/freelancers/abc/')).statusCode).toBe(400);
  });

  it('lets only admins list freelancers and award or withdraw badges, with an audit row each', async () => {
    const award = { badge: 'valuation', passed_on: '2026-01-15', note: 'Scored 92%' };
    const url = `/api/admin/freelancers/${owner.user.id}/badges/`;
    expect((await call('POST', url, undefined, award)).statusCode).toBe(401);
    expect((await call('POST', url, owner.token, award)).statusCode).toBe(403);
    expect((await call('POST', url, other.token, award)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/freelancers/', owner.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/freelancers/')).statusCode).toBe(401);

    const res = await call('POST', url, admin, award);
    expect(res.statusCode).toBe(201);
    const awarded = json<FreelancerAdmin>(res);
    expect(awarded.badges).toEqual([{ id: expect.any(Number), badge: 'valuation', name: 'Domain valuation', passed_on: '2026-01-15', note: 'Scored 92%' }]);
    expect(errorOf(await call('POST', url, admin, award))).toEqual({ detail: m.badgeAlreadyHeld });
    expect(errorOf(await call('POST', url, admin, { ...award, badge: 'dns', passed_on: '2999-01-01' }))).toEqual({ passed_on: [m.passedOnFuture] });
    expect(Object.keys(errorOf(await call('POST', url, admin, { ...award, badge: 'juggling' })))).toEqual(['badge']);
    expect(Object.keys(errorOf(await call('POST', url, admin, { ...award, passed_on: '15/01/2026' })))).toEqual(['passed_on']);
    const stranger = await registerUser(t.app);
    expect(errorOf(await call('POST', `/api/admin/freelancers/${stranger.user.id}/badges/`, admin, award))).toEqual({ detail: m.noProfile });

    const list = json<{ count: number; results: FreelancerAdmin[] }>(await call('GET', '/api/admin/freelancers/?q=grace', admin));
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({ id: owner.user.id, email: owner.user.email, published: true });

    const badgeId = awarded.badges[0]!.id;
    const withdraw = `/api/admin/freelancers/${owner.user.id}/badges/${badgeId}/`;
    expect((await call('DELETE', withdraw, owner.token)).statusCode).toBe(403);
    expect((await call('DELETE', withdraw)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/admin/freelancers/${other.user.id}/badges/${badgeId}/`, admin)).statusCode).toBe(404);
    expect(json<FreelancerAdmin>(await call('DELETE', withdraw, admin)).badges).toEqual([]);
    expect(errorOf(await call('DELETE', withdraw, admin))).toEqual({ detail: m.badgeWithdrawn });

    const audit = await t.db.kysely
      .selectFrom('admin_audit')
      .select(['action', 'outcome', 'target_id'])
      .where('target_type', '=', 'freelancer')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'badge-award', outcome: 'ok', target_id: owner.user.id },
      { action: 'badge-award', outcome: 'refused', target_id: owner.user.id },
      { action: 'badge-withdraw', outcome: 'ok', target_id: owner.user.id },
      { action: 'badge-withdraw', outcome: 'refused', target_id: owner.user.id },
    ]);
    // Awarded again after a withdrawal: the old row stays as history.
    expect((await call('POST', url, admin, award)).statusCode).toBe(201);
  });

  it('derives certifications and the level from badges and completed, reviewed engagements', async () => {
    const url = `/api/admin/freelancers/${owner.user.id}/badges/`;
    await call('POST', url, admin, { badge: 'negotiation', passed_on: '2026-02-01' });
    await setAggregates(owner.user.id, 4, 4.75);
    let view = json<FreelancerPublic>(await call('GET', `/api/freelancers/${owner.user.id}/`));
    expect(view.certifications).toEqual([]);
    await setAggregates(owner.user.id, 5, 4.75);
    view = json<FreelancerPublic>(await call('GET', `/api/freelancers/${owner.user.id}/`));
    // Broker: negotiation and valuation badges, five engagements.
    expect(view).toMatchObject({ certifications: ['broker'], level: 1, rating: 4.8, completed_engagements: 5 });
  });

  it('searches, filters, sorts and pages the directory, publicly', async () => {
    const dir = async (query: string) => {
      const res = await call('GET', `/api/freelancers/?${query}`);
      expect(res.statusCode).toBe(200);
      return json<FreelancerDirectory>(res);
    };
    // A second published freelancer, and more, to sort and page.
    await call('PUT', '/api/freelancers/me/', other.token, profile({ headline: 'Logo and brand design', skills: ['branding'], hourly_rate_cents: 4_000, languages: ['fr'], country: 'FR', availability: 'limited' }));
    await call('POST', '/api/freelancers/me/publish/', other.token, { published: true });
    await setAggregates(other.user.id, 9, 4.9);
    const ids = (d: FreelancerDirectory) => d.results.map((r) => r.id);

    expect(ids(await dir(''))).toEqual([other.user.id, owner.user.id]);
    expect((await dir('')).count).toBe(2);
    expect(ids(await dir('q=grace'))).toEqual([owner.user.id]);
    expect(ids(await dir('q=BRAND%20design'))).toEqual([other.user.id]);
    // Skill labels are searched too.
    expect(ids(await dir('q=negotiation'))).toEqual([owner.user.id]);
    expect(ids(await dir('q=100%25'))).toEqual([]);
    // Short words and quotes: matched as text, never as query syntax.
    expect(ids(await dir('q=gr'))).toEqual([owner.user.id]);
    expect(ids(await dir('q=%22grace%22%20OR%20x'))).toEqual([]);
    expect(ids(await dir('q=GRACE%20valuation'))).toEqual([owner.user.id]);
    expect(ids(await dir('skill=branding'))).toEqual([other.user.id]);
    expect(ids(await dir('badge=valuation'))).toEqual([owner.user.id]);
    expect(ids(await dir('certification=broker'))).toEqual([owner.user.id]);
    expect(ids(await dir('certification=appraiser'))).toEqual([]);
    expect(ids(await dir('language=de'))).toEqual([owner.user.id]);
    expect(ids(await dir('country=FR'))).toEqual([other.user.id]);
    expect(ids(await dir('availability=limited'))).toEqual([other.user.id]);
    expect(ids(await dir('min_rate=5000'))).toEqual([owner.user.id]);
    expect(ids(await dir('max_rate=5000'))).toEqual([other.user.id]);
    expect(ids(await dir('sort=rate_low'))).toEqual([other.user.id, owner.user.id]);
    expect(ids(await dir('sort=rate_high'))).toEqual([owner.user.id, other.user.id]);
    expect(ids(await dir('sort=completed'))).toEqual([other.user.id, owner.user.id]);
    expect(await dir('page=2')).toMatchObject({ count: 2, more: false, page: 2, results: [] });
    expect((await call('GET', '/api/freelancers/?page=51')).statusCode).toBe(400);

    expect(errorOf(await call('GET', '/api/freelancers/?min_rate=5000&max_rate=100'))).toEqual({ min_rate: [m.rateRange] });
    expect(Object.keys(errorOf(await call('GET', '/api/freelancers/?skill=juggling')))).toEqual(['skill']);
    expect(Object.keys(errorOf(await call('GET', '/api/freelancers/?sort=cheapest')))).toEqual(['sort']);

    // Hidden again: gone from the directory.
    await call('POST', '/api/freelancers/me/publish/', other.token, { published: false });
    expect(ids(await dir(''))).toEqual([owner.user.id]);
  });

  it('shows real holders on the home page showcase, with the best-rated certified freelancer as the consultant', async () => {
    const show = json<FreelancerShowcase>(await call('GET', '/api/freelancers/showcase/'));
    expect(show.badges.find((b) => b.badge === 'valuation')).toEqual({ badge: 'valuation', count: 1, holders: [{ id: owner.user.id, name: 'Grace H.' }] });
    expect(show.badges.find((b) => b.badge === 'dns')).toEqual({ badge: 'dns', count: 0, holders: [] });
    expect(show.certifications.find((c) => c.certification === 'broker')?.count).toBe(1);
    expect(show.consultant).toMatchObject({ id: owner.user.id, certifications: ['broker'], level: 1 });
  });

  it('takes a profile picture through the storage upload, checking its type and size', async () => {
    expect((await call('POST', '/api/freelancers/me/avatar-upload-url/', undefined, { file_name: 'me.png', content_type: 'image/png', size: PNG.length })).statusCode).toBe(401);
    expect(
      Object.keys(errorOf(await call('POST', '/api/freelancers/me/avatar-upload-url/', owner.token, { file_name: 'me.gif', content_type: 'image/gif', size: 10 }))),
    ).toEqual(['content_type']);
    expect(
      errorOf(await call('POST', '/api/freelancers/me/avatar-upload-url/', owner.token, { file_name: 'me.png', content_type: 'image/png', size: 5_000_000 })),
    ).toEqual({ file: [m.avatarTooLarge] });

    const policy = json<{ url: string; fields: Record<string, string>; key: string }>(
      await call('POST', '/api/freelancers/me/avatar-upload-url/', owner.token, { file_name: 'me.png', content_type: 'image/png', size: PNG.length }),
    );
    expect(policy.key.startsWith(`avatars/${owner.user.id}/`)).toBe(true);
    // Another user cannot take this upload as theirs.
    expect(errorOf(await call('PUT', '/api/freelancers/me/avatar/', other.token, { key: policy.key }))).toEqual({ key: [m.avatarNotUploaded] });
    expect(errorOf(await call('PUT', '/api/freelancers/me/avatar/', owner.token, { key: policy.key }))).toEqual({ key: [m.avatarNotUploaded] });
    const form = formBody(policy.fields, PNG, 'image/png');
    expect((await t.app.inject({ method: 'POST', url: policy.url, headers: form.headers, payload: form.payload })).statusCode).toBe(204);
    const me = json<FreelancerOwn>(await call('PUT', '/api/freelancers/me/avatar/', owner.token, { key: policy.key }));
    expect(me.avatar_url).toMatch(/^\/storage\/object\/avatars\//);

    const pub = json<FreelancerPublic>(await call('GET', `/api/freelancers/${owner.user.id}/`));
    expect(pub.avatar_url).toMatch(new RegExp(`^/api/freelancers/${owner.user.id}/avatar\\?v=`));
    const redirect = await call('GET', pub.avatar_url!);
    expect(redirect.statusCode).toBe(302);
    const image = await call('GET', redirect.headers.location as string);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // No picture, or not public: not found.
    expect((await call('GET', `/api/freelancers/${other.user.id}/avatar`)).statusCode).toBe(404);

    expect(json<FreelancerOwn>(await call('DELETE', '/api/freelancers/me/avatar/', owner.token)).avatar_url).toBeNull();
    expect((await call('DELETE', '/api/freelancers/me/avatar/')).statusCode).toBe(401);
    expect((await call('GET', redirect.headers.location as string)).statusCode).toBe(404);
  });

  it('renders a published profile as an HTML page, escaped, and a not-found page with 404 otherwise', async () => {
    await call('PUT', '/api/freelancers/me/', owner.token, profile({ bio: '<script>alert(1)</script> & friends' }));
    const page = await call('GET', `/freelancers/${owner.user.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<h1>Grace H.</h1>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; friends');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).toContain('Domain valuation');
    expect(page.body).toContain('Certified Domain Broker');
    expect(page.body).toContain('$95.00 an hour');
    const etag = page.headers.etag as string;
    expect((await t.app.inject({ method: 'GET', url: `/freelancers/${owner.user.id}`, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    for (const url of ['/freelancers/0', '/freelancers/abc', '/freelancers/99999999999', `/freelancers/${other.user.id}`]) {
      const res = await call('GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('Freelancer not found');
    }
  });
});
