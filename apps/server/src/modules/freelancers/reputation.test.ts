import { DAY_MS, type Engagement, type FreelancerProfile, ratingText } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../../db/seed.js';
import { DEMO_FREELANCERS } from '../../db/seed-freelancers.js';
import { adminToken, bearer, createTestApp, json, registerUser, type TestApp, testDialect } from '../../test/test-app.js';

type Method = 'GET' | 'POST';
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

describe(`reputation: the demo's figures come from its reviews, and a new review keeps what was earned (${testDialect})`, () => {
  let t: TestApp;
  let admin = '';
  const ids = new Map<string, number>();

  const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const ok = async <T = Engagement>(method: Method, url: string, token: string | undefined, payload?: Record<string, unknown>, status = 200) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return json<T>(res);
  };
  const profileOf = (email: string) => ok<FreelancerProfile>('GET', `/api/freelancers/${ids.get(email)}/`, undefined);

  beforeAll(async () => {
    t = await createTestApp({ engagements: { commissionPercent: 10, requestsPerHourPerUser: 1000, messagesPerMinutePerUser: 1000 } });
    expect(await seedDemoData(t.db)).toBe(true);
    const users = await t.db.kysely.selectFrom('users').select(['id', 'email']).execute();
    for (const u of users) ids.set(u.email, u.id);
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  it('shows, for every demo freelancer, a rating and count that its listed reviews make up', async () => {
    for (const f of DEMO_FREELANCERS) {
      const profile = await profileOf(f.email);
      expect(profile.review_count, f.email).toBe(f.work.length);
      expect(profile.completed_engagements, f.email).toBe(profile.review_count);
      if (f.work.length === 0) {
        expect(profile.rating).toBeNull();
        expect(profile.reviews).toEqual([]);
      } else {
        const stars = f.work.map((w) => w.stars);
        expect(profile.rating, f.email).toBe(Math.round((stars.reduce((a, b) => a + b, 0) / stars.length) * 10) / 10);
        expect(profile.reviews.length).toBe(Math.min(10, f.work.length));
      }
    }
    const fay = await profileOf('freelancer@demo.test');
    expect(ratingText(fay.rating, fay.completed_engagements)).toBe('4.9 of 5 stars from 12 reviewed engagements');
    expect(fay).toMatchObject({ certifications: ['appraiser', 'broker'], level: 2 });
    // Newest first, by date as well as by order of writing.
    const dates = fay.reviews.map((r) => r.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('renders the profile page with the rating in stars beside its reviews, and the level as its own badge', async () => {
    const res = await call('GET', `/freelancers/${ids.get('freelancer@demo.test')}`);
    expect(res.statusCode).toBe(200);
    const rating = /<li data-testid="freelancer-rating">(.*?)<\/li>/.exec(res.body)?.[1] ?? '';
    const level = /<li data-testid="freelancer-level">(.*?)<\/li>/.exec(res.body)?.[1] ?? '';
    expect(rating).toContain('\u2605\u2605\u2605\u2605\u2605');
    expect(rating).toContain('4.9 of 5 stars from 12 reviewed engagements');
    expect(level).toContain('Level 2 of 5');
    expect(level).not.toContain('\u2605');
    expect(res.body).not.toContain('No reviews yet');
  });

  it('keeps the certifications and level after a new real review, and counts it', async () => {
    const login = await ok<{ token: string }>('POST', '/api/auth/login/', undefined, { username: 'freelancer@demo.test', password: DEMO_PASSWORD });
    const client = await registerUser(t.app, { first_name: 'Nell', last_name: 'Newclient' });
    const milestones = [{ title: 'Valuation', amount_cents: 20_000, due_date: inDays(10) }];
    const sent = await ok('POST', '/api/engagements/', client.token, { freelancer_id: ids.get('freelancer@demo.test'), title: 'Valuation of a new name', brief: 'Work.', budget_cents: 20_000, deadline: inDays(30), milestones }, 201);
    const e = await ok('POST', `/api/engagements/${sent.id}/accept/`, login.token, { terms_version: sent.terms_version });
    const m = e.milestones[0]!;
    await ok('POST', `/api/admin/milestones/${m.id}/payment/`, admin, { reference: `BANK-REP${m.id}`, amount_cents: m.amount_cents });
    await ok('POST', `/api/engagements/milestones/${m.id}/deliver/`, login.token, { note: 'Done.' });
    await ok('POST', `/api/engagements/milestones/${m.id}/approve/`, client.token);
    await ok('POST', `/api/admin/milestones/${m.id}/payout/`, admin, { reference: `OUT-REP${m.id}` });
    await ok('POST', `/api/engagements/${e.id}/reviews/`, client.token, { stars: 5, text: 'Spot on.' }, 201);

    const fay = await profileOf('freelancer@demo.test');
    // Twelve seeded reviews (sixty less one star) and this five: 64 / 13.
    expect(fay).toMatchObject({ completed_engagements: 13, review_count: 13, rating: 4.9, certifications: ['appraiser', 'broker'], level: 2 });
    expect(fay.reviews[0]).toMatchObject({ engagement_title: 'Valuation of a new name', stars: 5 });
  });
});
