import { DAY_MS, type Engagement, type EngagementReviews, engagementMessages as em, type FreelancerProfile, MY_REVIEWS_LIMIT, type MyReviews, type Review, reviewMessages as rm } from '@market/shared';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFreelancer } from '../../test/freelancer-support.js';
import { PROFILE_REVIEWS, REVIEWS_PAGE_SIZE } from '../freelancers/index.js';
import { reviewsByPartyQuery } from './engagements.repository.js';
import { adminToken, bearer, createTestApp, errorOf, json, registerUser, type TestApp, testDialect, uniqueEmail, VALID_PASSWORD } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof registerUser>>;
type Method = 'GET' | 'POST';

const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

describe(`engagements: reviews of completed engagements, the freelancer's aggregates (${testDialect})`, () => {
  let t: TestApp;
  let client: User;
  let otherClient: User;
  let stranger: User;
  let freelancer: User;
  let admin: string;

  const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const ok = async <T = Engagement>(method: Method, url: string, token: string, payload?: Record<string, unknown>, status = 200) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return json<T>(res);
  };
  const profile = () => ok<FreelancerProfile>('GET', `/api/freelancers/${freelancer.user.id}/`, stranger.token);

  /** An active engagement of the given milestones (cents), accepted as sent. */
  async function hired(title: string, amounts: number[], who: User = client): Promise<Engagement> {
    const milestones = amounts.map((amount_cents, i) => ({ title: `${title} ${i + 1}`, amount_cents, due_date: inDays(10 + i) }));
    const sent = await ok('POST', '/api/engagements/', who.token, { freelancer_id: freelancer.user.id, title, brief: 'Work.', budget_cents: amounts.reduce((a, b) => a + b, 0), deadline: inDays(30), milestones }, 201);
    return ok('POST', `/api/engagements/${sent.id}/accept/`, freelancer.token, { terms_version: sent.terms_version });
  }
  /** Funded, delivered, approved and paid out. */
  async function payOut(e: Engagement, index: number, who: User = client): Promise<void> {
    const m = e.milestones[index]!;
    await ok('POST', `/api/admin/milestones/${m.id}/payment/`, admin, { reference: `BANK-R${m.id}`, amount_cents: m.amount_cents });
    await ok('POST', `/api/engagements/milestones/${m.id}/deliver/`, freelancer.token, { note: 'Done.' });
    await ok('POST', `/api/engagements/milestones/${m.id}/approve/`, who.token);
    await ok('POST', `/api/admin/milestones/${m.id}/payout/`, admin, { reference: `OUT-R${m.id}` });
  }
  const review = (e: Engagement, who: User, stars: number, text: string) => call('POST', `/api/engagements/${e.id}/reviews/`, who.token, { stars, text });

  beforeAll(async () => {
    t = await createTestApp({ engagements: { commissionPercent: 10, requestsPerHourPerUser: 1000, messagesPerMinutePerUser: 1000 } });
    [client, otherClient, stranger] = await Promise.all([registerUser(t.app, { first_name: 'Cleo', last_name: 'Client' }), registerUser(t.app, { first_name: 'Otto' }), registerUser(t.app)]);
    freelancer = await registerFreelancer(t.app, 'Grace', 'Hopper');
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  it('only a published freelancer profile can be hired', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      payload: { first_name: 'Una', last_name: 'Published', email: uniqueEmail('freelancer'), password: VALID_PASSWORD, user_role: 'freelancer', country: 'IE' },
    });
    const hidden = json<{ user: { id: number } }>(res);
    const sent = await call('POST', '/api/engagements/', client.token, { freelancer_id: hidden.user.id, title: 'x', brief: 'y', budget_cents: 100, deadline: inDays(3) });
    expect(sent.statusCode).toBe(400);
    expect(errorOf(sent)).toEqual({ freelancer_id: [em.notFreelancer] });
    expect((await call('GET', `/api/engagements/freelancers/${hidden.user.id}/`, client.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/engagements/freelancers/${freelancer.user.id}/`, client.token)).statusCode).toBe(200);
  });

  it('opens reviews once the engagement is completed, one per side, with one reply, and keeps the freelancer aggregates', async () => {
    const e = await hired('Logo work', [50_000, 30_000]);
    const base = `/api/engagements/${e.id}/reviews/`;
    await payOut(e, 0);
    // One milestone paid out, the other still waiting for money: not completed.
    expect(await ok<EngagementReviews>('GET', base, client.token)).toEqual({ completed: false, can_review: false, mine: null, theirs: null });
    const early = await review(e, client, 5, 'Great.');
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toEqual({ detail: rm.notCompleted });

    // The rest cancelled: completed.
    await ok('POST', `/api/engagements/milestones/${e.milestones[1]!.id}/cancel/`, client.token);
    expect(await ok<EngagementReviews>('GET', base, client.token)).toMatchObject({ completed: true, can_review: true, mine: null });
    // Outsiders are told the engagement does not exist.
    expect((await call('GET', base, stranger.token)).statusCode).toBe(404);
    expect((await review(e, stranger, 5, 'Spam')).statusCode).toBe(404);
    // Stars from 1 to 5, text required and limited.
    for (const [stars, text, field] of [[6, 'x', 'stars'], [0, 'x', 'stars'], [4.5, 'x', 'stars'], [5, '  ', 'text'], [5, 'x'.repeat(2001), 'text']] as const) {
      const bad = await review(e, client, stars, text);
      expect(bad.statusCode, `${stars} ${text.length}`).toBe(400);
      expect(Object.keys(errorOf(bad))).toContain(field);
    }

    const posted = await review(e, client, 5, '  Sharp sketches, on time.  ');
    expect(posted.statusCode, posted.body).toBe(201);
    expect(json<Review>(posted)).toMatchObject({ engagement_id: e.id, author_role: 'client', stars: 5, text: 'Sharp sketches, on time.', reply: null, author: { id: client.user.id }, subject: { id: freelancer.user.id } });
    const twice = await review(e, client, 1, 'Changed my mind.');
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toEqual({ detail: rm.alreadyReviewed });
    expect(await profile()).toMatchObject({ completed_engagements: 1, rating: 5 });

    // The freelancer reviews the client; the freelancer's figures do not move.
    expect((await review(e, freelancer, 4, 'Clear brief.')).statusCode).toBe(201);
    expect(await profile()).toMatchObject({ completed_engagements: 1, rating: 5 });
    const seen = await ok<EngagementReviews>('GET', base, freelancer.token);
    expect(seen).toMatchObject({ completed: true, can_review: false, mine: { stars: 4, text: 'Clear brief.' }, theirs: { stars: 5, reply: null } });

    // Each reviewed side replies once.
    const reply = await ok<Review>('POST', `${base}reply/`, freelancer.token, { text: 'Thank you, Cleo!' });
    expect(reply).toMatchObject({ author_role: 'client', reply: 'Thank you, Cleo!' });
    expect(reply.replied_at).not.toBeNull();
    const again = await call('POST', `${base}reply/`, freelancer.token, { text: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({ detail: rm.alreadyReplied });
    expect((await call('POST', `${base}reply/`, client.token, { text: '' })).statusCode).toBe(400);
    expect((await ok<Review>('POST', `${base}reply/`, client.token, { text: 'Glad to hear.' })).reply).toBe('Glad to hear.');
    expect((await call('POST', `${base}reply/`, stranger.token, { text: 'x' })).statusCode).toBe(404);
  });

  it('averages the clients\' stars to one decimal and counts each reviewed engagement; the profile lists the reviews newest first', async () => {
    const before = await profile();
    const second = await hired('Landing page', [20_000], otherClient);
    await payOut(second, 0, otherClient);
    // Nothing to reply to before the other side reviews.
    const nothing = await call('POST', `/api/engagements/${second.id}/reviews/reply/`, freelancer.token, { text: 'x' });
    expect(nothing.statusCode).toBe(409);
    expect(errorOf(nothing)).toEqual({ detail: rm.nothingToReply });
    expect((await review(second, otherClient, 4, 'Good page.')).statusCode).toBe(201);
    const third = await hired('DNS move', [10_000]);
    await payOut(third, 0);
    expect((await review(third, client, 4, 'Smooth.')).statusCode).toBe(201);
    // 5, 4 and 4: 4.333... shown as 4.3.
    const after = await profile();
    expect(before.completed_engagements).toBe(1);
    expect(after).toMatchObject({ completed_engagements: 3, rating: 4.3 });
    expect(after.reviews.map((r) => [r.engagement_title, r.stars, r.client_name])).toEqual([
      ['DNS move', 4, 'Cleo C.'],
      ['Landing page', 4, 'Otto L.'],
      ['Logo work', 5, 'Cleo C.'],
    ]);
    expect(after.reviews[2]).toMatchObject({ text: 'Sharp sketches, on time.', reply: 'Thank you, Cleo!' });
    // The server-rendered page shows them too, with the way to hire.
    const page = await t.app.inject({ method: 'GET', url: `/freelancers/${freelancer.user.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sharp sketches, on time.');
    expect(page.body).toContain('Thank you, Cleo!');
    expect(page.body).toContain(`href="/hire/${freelancer.user.id}"`);
    expect(page.body.indexOf('DNS move')).toBeLessThan(page.body.indexOf('Logo work'));
  });

  it('takes one review when a side sends two at once', async () => {
    const e = await hired('Twice', [5_000]);
    await payOut(e, 0);
    const codes = (await Promise.all([review(e, client, 5, 'One'), review(e, client, 3, 'Two')])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const rows = await t.db.kysely.selectFrom('engagement_reviews').select('id').where('engagement_id', '=', e.id).execute();
    expect(rows).toHaveLength(1);
    expect((await profile()).completed_engagements).toBe(4);
  });

  it('lists the reviews a user received, as freelancer and as client, and the ones they wrote, to that user alone', async () => {
    const reviewer = await registerUser(t.app, { first_name: 'Rita', last_name: 'Reviewer' });
    const e = await hired('Reviews tab', [10_000], reviewer);
    await payOut(e, 0, reviewer);
    expect((await review(e, reviewer, 5, 'Lovely work on the tab.')).statusCode).toBe(201);
    expect((await review(e, freelancer, 4, 'A clear and kind client.')).statusCode).toBe(201);
    await ok('POST', `/api/engagements/${e.id}/reviews/reply/`, freelancer.token, { text: 'Thank you, Rita.' });

    const mine = (who: User) => ok<MyReviews>('GET', '/api/engagements/reviews/mine/', who.token);
    const rita = await mine(reviewer);
    expect(rita.limit).toBe(MY_REVIEWS_LIMIT);
    expect(rita.received).toMatchObject([{ engagement_id: e.id, engagement_title: 'Reviews tab', author_role: 'freelancer', author: { id: freelancer.user.id }, stars: 4, reply: null }]);
    expect(rita.written).toMatchObject([{ engagement_id: e.id, author_role: 'client', subject: { id: freelancer.user.id }, stars: 5, reply: 'Thank you, Rita.' }]);
    const grace = await mine(freelancer);
    expect(grace.received.every((r) => r.subject.id === freelancer.user.id)).toBe(true);
    expect(grace.received[0]).toMatchObject({ engagement_id: e.id, author: { id: reviewer.user.id, first_name: 'Rita' }, text: 'Lovely work on the tab.', reply: 'Thank you, Rita.' });
    expect(grace.written.every((r) => r.author.id === freelancer.user.id)).toBe(true);
    expect(grace.written[0]).toMatchObject({ engagement_id: e.id, text: 'A clear and kind client.' });
    expect(await mine(stranger)).toEqual({ received: [], written: [], limit: MY_REVIEWS_LIMIT });
    expect((await call('GET', '/api/engagements/reviews/mine/')).statusCode).toBe(401);
  });

  it('shows the newest reviews on the profile page in short, and all of them in full on its reviews page, a page at a time', async () => {
    const long = (n: number) => `Review ${n}: ${'careful, quick and clear work '.repeat(20)}end ${n}.`;
    const before = (await profile()).review_count;
    const add = Math.max(0, PROFILE_REVIEWS + 1 - before);
    for (let i = 0; i < add; i += 1) {
      const e = await hired(`Long review ${i}`, [10_000]);
      await payOut(e, 0);
      expect((await review(e, client, 4, long(i))).statusCode).toBe(201);
    }
    const after = await profile();
    const total = before + add;
    expect(after.review_count).toBe(total);
    expect(after.reviews).toHaveLength(PROFILE_REVIEWS);
    expect(after.reviews[0]?.text).toBe(long(add - 1));

    const page = await t.app.inject({ method: 'GET', url: `/freelancers/${freelancer.user.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body.match(/data-testid="freelancer-review"/g)).toHaveLength(PROFILE_REVIEWS);
    expect(page.body).toContain(`${long(add - 1).slice(0, 60)}`);
    expect(page.body).not.toContain(`end ${add - 1}.`);
    expect(page.body).toContain(`href="/freelancers/${freelancer.user.id}/reviews"`);
    expect(page.body).toContain(`Read all ${total} reviews in full`);

    const pages = Math.ceil(total / REVIEWS_PAGE_SIZE);
    const reviewsPage = (query = '') => t.app.inject({ method: 'GET', url: `/freelancers/${freelancer.user.id}/reviews${query}` });
    const first = await reviewsPage();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-security-policy']).toBeDefined();
    expect(first.body.match(/data-testid="freelancer-review"/g)).toHaveLength(REVIEWS_PAGE_SIZE);
    expect(first.body).toContain(`end ${add - 1}.`);
    expect(first.body).toContain(`Page 1 of ${pages}`);
    expect(first.body).toContain(`href="/freelancers/${freelancer.user.id}/reviews?page=2" rel="next"`);
    expect(first.body).not.toContain('rel="prev"');
    // Past the end (or not a number), the last page and the first.
    const last = await reviewsPage('?page=999');
    expect(last.statusCode).toBe(200);
    expect(last.body).toContain(`Page ${pages} of ${pages}`);
    expect(last.body).not.toContain('rel="next"');
    expect(last.body.match(/data-testid="freelancer-review"/g)).toHaveLength(total - (pages - 1) * REVIEWS_PAGE_SIZE);
    expect((await reviewsPage('?page=abc')).body).toContain(`Page 1 of ${pages}`);
    // A browser that has the page revalidates for nothing.
    const again = await t.app.inject({ method: 'GET', url: `/freelancers/${freelancer.user.id}/reviews`, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // No such freelancer, or an address that names none: the site's not-found page.
    expect((await t.app.inject({ method: 'GET', url: `/freelancers/${stranger.user.id}/reviews` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/freelancers/abc/reviews' })).statusCode).toBe(404);
  });

  it('reads the reviews a user wrote through an index, not through every review', async () => {
    const query = reviewsByPartyQuery(t.db.kysely, 'author', client.user.id, MY_REVIEWS_LIMIT).compile();
    const explain = testDialect === 'postgres' ? 'EXPLAIN (FORMAT TEXT)' : 'EXPLAIN QUERY PLAN';
    // On one connection: planner statistics would let PostgreSQL scan a table this small, so
    // scans are priced out there; the question is whether it can avoid one.
    const text = await t.db.kysely.connection().execute(async (conn) => {
      if (testDialect === 'postgres') await conn.executeQuery(CompiledQuery.raw('SET enable_seqscan = off'));
      try {
        const plan = await conn.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]));
        return plan.rows.map((row) => Object.values(row).join(' ')).join('\n');
      } finally {
        if (testDialect === 'postgres') await conn.executeQuery(CompiledQuery.raw('RESET enable_seqscan'));
      }
    });
    expect(text).toContain('engagement_reviews_written_idx');
  });
});
