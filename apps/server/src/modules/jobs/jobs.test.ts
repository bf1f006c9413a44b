import {
  DAY_MS,
  type Engagement,
  type HireResult,
  type Job,
  type JobApplication,
  type JobList,
  JOB_LIMITS,
  jobMessages as m,
  MY_JOBS_LIMIT,
  type MyApplicationList,
  type MyJobList,
} from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listForBuyNow } from '../../test/deals-support.js';
import { adminToken, bearer, createTestApp, errorOf, json, registerUser, type TestApp, testDialect } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof registerUser>>;
type Method = 'GET' | 'POST' | 'PUT';

const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

const jobBody = (over: Record<string, unknown> = {}) => ({
  title: 'Landing page for a coffee brand',
  description: 'A one-page site for my new domain, with a signup form and our logo.',
  budget_min_cents: 50_000,
  budget_max_cents: 90_000,
  skills: ['landing-pages', 'branding'],
  deadline: inDays(30),
  ...over,
});
const proposal = (over: Record<string, unknown> = {}) => ({ cover_letter: 'I build landing pages every week; here is my plan.', price_cents: 70_000, delivery_days: 10, ...over });

describe(`job posts: founders post, freelancers apply, one is hired (${testDialect})`, () => {
  let t: TestApp;
  let founder: User;
  let ada: User;
  let bob: User;
  let stranger: User;
  let admin: string;

  const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const ok = async <T = Job>(method: Method, url: string, token: string | undefined, payload?: Record<string, unknown>, status = 200) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return json<T>(res);
  };
  const post = (over: Record<string, unknown> = {}, who: User = founder) => ok('POST', '/api/jobs/', who.token, jobBody(over), 201);
  const apply = (jobId: number, who: User, over: Record<string, unknown> = {}) => ok<JobApplication>('POST', `/api/jobs/${jobId}/applications`, who.token, proposal(over), 201);

  /** A freelancer: a registered user with a published profile. */
  async function publishProfile(who: User) {
    await ok('PUT', '/api/freelancers/me/', who.token, {
      headline: 'Landing pages that convert',
      bio: 'Fast and careful.',
      skills: ['landing-pages'],
      hourly_rate_cents: 5_000,
      packages: [],
      languages: ['en'],
      country: 'IE',
      availability: 'available',
      links: [],
    });
    await ok('POST', '/api/freelancers/me/publish/', who.token, { published: true });
  }

  beforeAll(async () => {
    // The posting and application limits count in clock-aligned hours: the clock is pinned
    // inside the current one, so no window ends mid-test and "today" stays today.
    const pinned = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 30_000;
    t = await createTestApp({}, { clock: () => pinned });
    [founder, ada, bob, stranger] = await Promise.all([
      registerUser(t.app, { first_name: 'Fay', last_name: 'Founder' }),
      registerUser(t.app, { first_name: 'Ada', last_name: 'Lovelace' }),
      registerUser(t.app, { first_name: 'Bob', last_name: 'Builder' }),
      registerUser(t.app, { first_name: 'Sam', last_name: 'Stranger' }),
    ]);
    await publishProfile(ada);
    await publishProfile(bob);
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  it('posts a job, edits it while open, and refuses bad input with field errors', async () => {
    const job = await post();
    expect(job).toMatchObject({ status: 'open', founder: { id: founder.user.id, name: 'Fay F.' }, budget_min_cents: 50_000, skills: ['branding', 'landing-pages'], application_count: 0 });
    expect(job.viewer).toMatchObject({ is_owner: true, application: null, engagement_id: null });

    const edited = await ok('PUT', `/api/jobs/${job.id}`, founder.token, jobBody({ title: 'Landing page and logo', budget_min_cents: 80_000, budget_max_cents: 80_000, skills: ['branding'] }));
    expect(edited).toMatchObject({ title: 'Landing page and logo', budget_min_cents: 80_000, budget_max_cents: 80_000, skills: ['branding'] });

    const bad = async (over: Record<string, unknown>) => errorOf(await call('POST', '/api/jobs/', founder.token, jobBody(over)));
    expect(await bad({ budget_min_cents: 90_000, budget_max_cents: 10_000 })).toEqual({ budget_max_cents: [m.budgetRange] });
    expect(await bad({ deadline: inDays(-2) })).toEqual({ deadline: [m.deadlinePast] });
    expect(await bad({ domain_id: 999_999 })).toEqual({ domain_id: [m.domainNotYours] });
    expect(Object.keys(await bad({ skills: ['juggling'] }))).toEqual(['skills']);
    expect(Object.keys(await bad({ skills: [] }))).toEqual(['skills']);
    expect(Object.keys(await bad({ budget_min_cents: 12.5 }))).toEqual(['budget_min_cents']);
    expect(Object.keys(await bad({ title: '' }))).toEqual(['title']);
  });

  it("names the founder's own domain or one they are buying; only the owner sees the order, and editing can change or drop it", async () => {
    const ids = await listForBuyNow(t, founder.token, admin, { 'fays-own.com': 3000 });
    const ownId = ids['fays-own.com'] ?? 0;
    const forSale = await listForBuyNow(t, bob.token, admin, { 'bobs-sale.com': 2000 });
    const orderRes = await call('POST', '/api/domains/buy-now/', founder.token, { domain_id: forSale['bobs-sale.com'] });
    expect(orderRes.statusCode, orderRes.body).toBeLessThan(300);
    const order = json<{ id: number; domain_id: number }>(orderRes);

    const own = await post({ domain_id: ownId });
    expect(own).toMatchObject({ domain: 'fays-own.com', domain_id: ownId, viewer: { order_id: null } });
    const buying = await ok('PUT', `/api/jobs/${own.id}`, founder.token, jobBody({ order_id: order.id }));
    expect(buying).toMatchObject({ domain: 'bobs-sale.com', domain_id: order.domain_id, viewer: { order_id: order.id } });
    expect((await ok('GET', `/api/jobs/${own.id}`, ada.token))).toMatchObject({ domain: 'bobs-sale.com', viewer: { order_id: null } });
    expect((await ok('GET', `/api/jobs/${own.id}`, undefined))).toMatchObject({ domain: 'bobs-sale.com', viewer: null });
    expect(await ok('PUT', `/api/jobs/${own.id}`, founder.token, jobBody())).toMatchObject({ domain: null, domain_id: null, viewer: { order_id: null } });

    // Bob's domain and Bob's side of the order are not the founder's to name, nor the other way round.
    expect(errorOf(await call('POST', '/api/jobs/', founder.token, jobBody({ domain_id: forSale['bobs-sale.com'] })))).toEqual({ domain_id: [m.domainNotYours] });
    expect(errorOf(await call('POST', '/api/jobs/', bob.token, jobBody({ order_id: order.id })))).toEqual({ order_id: [m.domainNotYours] });
  });

  it('lists open jobs publicly with search, skill and budget filters, sorts and a total', async () => {
    const cheap = await post({ title: 'Valuation of zebra.io', description: 'A written valuation with comparable sales.', skills: ['valuation'], budget_min_cents: 10_000, budget_max_cents: 20_000 });
    const dear = await post({ title: 'Full zebra brand build', description: 'Logo, site and launch marketing for the name.', skills: ['branding', 'marketing'], budget_min_cents: 500_000, budget_max_cents: 800_000 });
    const list = (query: string) => ok<JobList>('GET', `/api/jobs/?${query}`, undefined);

    const zebra = await list('q=ZEBRA');
    expect(zebra.count).toBe(2);
    expect(zebra.results.map((j) => j.id)).toEqual([dear.id, cheap.id]);
    expect(zebra.results[0]?.viewer).toBeNull();
    expect((await list('q=zebra&sort=budget_low')).results.map((j) => j.id)).toEqual([cheap.id, dear.id]);
    expect((await list('q=zebra&skill=valuation')).results.map((j) => j.id)).toEqual([cheap.id]);
    expect((await list('q=zebra&skill=marketing')).results.map((j) => j.id)).toEqual([dear.id]);
    expect((await list('q=zebra&min_budget=100000')).results.map((j) => j.id)).toEqual([dear.id]);
    expect((await list('q=zebra&max_budget=15000')).results.map((j) => j.id)).toEqual([cheap.id]);
    expect((await list('q=zebra&skill=dns')).count).toBe(0);
    expect((await list('q=100%25')).count).toBe(0);
    const all = await list('sort=budget_high');
    expect(all.results[0]?.id).toBe(dear.id);
    expect(all).toMatchObject({ page: 1, page_size: 20, more: false });
    expect(all.count).toBe(all.results.length);

    expect((await call('GET', '/api/jobs/?min_budget=500&max_budget=100')).statusCode).toBe(400);
    expect((await call('GET', '/api/jobs/?sort=cheapest')).statusCode).toBe(400);

    await ok('POST', `/api/jobs/${cheap.id}/close`, founder.token);
    expect((await list('q=zebra')).results.map((j) => j.id)).toEqual([dear.id]);
    expect((await ok('GET', `/api/jobs/${cheap.id}`, undefined)).status).toBe('closed');
  });

  it('takes one application per published freelancer; the applicant withdraws, the founder shortlists, declines and hires', async () => {
    const job = await post({ budget_min_cents: 60_000, budget_max_cents: 80_000 });
    expect(errorOf(await call('POST', `/api/jobs/${job.id}/applications`, stranger.token, proposal()))).toEqual({ detail: m.needsProfile });
    expect(errorOf(await call('POST', `/api/jobs/${job.id}/applications`, founder.token, proposal()))).toEqual({ detail: m.ownJob });
    expect(Object.keys(errorOf(await call('POST', `/api/jobs/${job.id}/applications`, ada.token, proposal({ price_cents: -5 }))))).toEqual(['price_cents']);
    expect(Object.keys(errorOf(await call('POST', `/api/jobs/${job.id}/applications`, ada.token, proposal({ delivery_days: 0 }))))).toEqual(['delivery_days']);

    const fromAda = await apply(job.id, ada, { price_cents: 75_000, delivery_days: 12 });
    expect(fromAda).toMatchObject({ status: 'submitted', freelancer: { id: ada.user.id, name: 'Ada L.' }, price_cents: 75_000 });
    const again = await call('POST', `/api/jobs/${job.id}/applications`, ada.token, proposal());
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({ detail: m.alreadyApplied });
    const fromBob = await apply(job.id, bob);
    expect((await ok('GET', `/api/jobs/${job.id}`, ada.token)).viewer).toMatchObject({ is_owner: false, application: { id: fromAda.id, status: 'submitted' }, engagement_id: null });
    expect((await ok('GET', `/api/jobs/${job.id}`, undefined)).application_count).toBe(2);

    const other = await post({ title: 'Another job' });
    const withdrawn = await apply(other.id, bob);
    expect((await ok<JobApplication>('POST', `/api/jobs/applications/${withdrawn.id}/withdraw`, bob.token)).status).toBe('withdrawn');
    expect((await call('POST', `/api/jobs/applications/${withdrawn.id}/withdraw`, bob.token)).statusCode).toBe(409);
    expect((await call('POST', `/api/jobs/applications/${withdrawn.id}/hire`, founder.token)).statusCode).toBe(409);
    expect((await ok('GET', `/api/jobs/${other.id}`, undefined)).application_count).toBe(0);

    expect((await ok<JobApplication>('POST', `/api/jobs/applications/${fromAda.id}/shortlist`, founder.token)).status).toBe('shortlisted');
    expect((await call('POST', `/api/jobs/applications/${fromAda.id}/shortlist`, founder.token)).statusCode).toBe(409);
    const listed = await ok<JobApplication[]>('GET', `/api/jobs/${job.id}/applications`, founder.token);
    expect(listed.map((a) => [a.id, a.status])).toEqual([
      [fromAda.id, 'shortlisted'],
      [fromBob.id, 'submitted'],
    ]);

    const hired = await ok<HireResult>('POST', `/api/jobs/applications/${fromAda.id}/hire`, founder.token);
    expect(hired.job).toMatchObject({ status: 'filled', viewer: { is_owner: true, engagement_id: hired.engagement_id } });
    const engagement = await ok<Engagement>('GET', `/api/engagements/${hired.engagement_id}/`, ada.token);
    expect(engagement).toMatchObject({ status: 'active', role: 'freelancer', budget_cents: 75_000, title: job.title, deadline: inDays(12) });
    expect(engagement.milestones).toMatchObject([{ amount_cents: 75_000, status: 'awaiting_funding' }]);
    expect((await ok('GET', `/api/jobs/${job.id}`, ada.token)).viewer).toMatchObject({ application: { status: 'hired' }, engagement_id: hired.engagement_id });
    expect((await ok('GET', `/api/jobs/${job.id}`, bob.token)).viewer).toMatchObject({ application: { status: 'not_selected' }, engagement_id: null });

    // Filled: nothing more moves.
    expect((await call('POST', `/api/jobs/applications/${fromBob.id}/hire`, founder.token)).statusCode).toBe(409);
    expect((await call('PUT', `/api/jobs/${job.id}`, founder.token, jobBody())).statusCode).toBe(409);
    expect((await call('POST', `/api/jobs/${job.id}/close`, founder.token)).statusCode).toBe(409);
    expect(errorOf(await call('POST', `/api/jobs/${job.id}/applications`, stranger.token, proposal()))).toEqual({ detail: m.needsProfile });

    const notes = await t.db.kysely.selectFrom('notifications').select(['user_id', 'message', 'link']).where('user_id', 'in', [ada.user.id, bob.user.id, founder.user.id]).execute();
    expect(notes.some((n) => n.user_id === founder.user.id && n.message.startsWith('Ada L. applied to'))).toBe(true);
    expect(notes.some((n) => n.user_id === ada.user.id && n.message.startsWith('You were hired') && n.link === `/engagements/${hired.engagement_id}`)).toBe(true);
    expect(notes.some((n) => n.user_id === bob.user.id && n.message.includes('filled by another freelancer') && n.link === `/jobs/${job.id}`)).toBe(true);
    await t.drainMail();
    expect(t.mailer.sent.some((mail) => mail.to === ada.user.email && mail.subject.startsWith('You were hired'))).toBe(true);
    expect(t.mailer.sent.some((mail) => mail.to === bob.user.email && mail.subject.includes('filled by another freelancer'))).toBe(true);
  });

  it('declines an application and tells the freelancer; closing tells those still in the running', async () => {
    const job = await post({ title: 'Decline and close' });
    const a = await apply(job.id, ada);
    const b = await apply(job.id, bob);
    expect((await ok<JobApplication>('POST', `/api/jobs/applications/${a.id}/decline`, founder.token)).status).toBe('declined');
    await ok('POST', `/api/jobs/${job.id}/close`, founder.token);
    expect((await ok<JobApplication[]>('GET', `/api/jobs/${job.id}/applications`, founder.token)).map((x) => [x.id, x.status])).toEqual([
      [a.id, 'declined'],
      [b.id, 'not_selected'],
    ]);
    expect((await call('POST', `/api/jobs/applications/${b.id}/withdraw`, bob.token)).statusCode).toBe(409);
    const notes = await t.db.kysely.selectFrom('notifications').select(['user_id', 'message']).where('link', '=', `/jobs/${job.id}`).execute();
    expect(notes.some((n) => n.user_id === ada.user.id && n.message.includes('was declined'))).toBe(true);
    expect(notes.some((n) => n.user_id === bob.user.id && n.message.includes('closed without a hire'))).toBe(true);
  });

  it("lists a founder's own posts in every status and a freelancer's own applications, to each of them alone", async () => {
    const poster = await registerUser(t.app, { first_name: 'Mia', last_name: 'Mine' });
    const open = await post({ title: 'Mine: open' }, poster);
    const closed = await post({ title: 'Mine: closed' }, poster);
    const filled = await post({ title: 'Mine: filled' }, poster);
    await apply(open.id, ada);
    const fromBob = await apply(open.id, bob);
    await ok<JobApplication>('POST', `/api/jobs/applications/${fromBob.id}/withdraw`, bob.token);
    await apply(closed.id, ada);
    await ok('POST', `/api/jobs/${closed.id}/close`, poster.token);
    const hiredApp = await apply(filled.id, ada);
    await apply(filled.id, bob);
    const hired = await ok<HireResult>('POST', `/api/jobs/applications/${hiredApp.id}/hire`, poster.token);

    const mine = await ok<MyJobList>('GET', '/api/jobs/mine/', poster.token);
    expect(mine).toMatchObject({ more: false, limit: MY_JOBS_LIMIT });
    expect(mine.results.map((j) => [j.id, j.status, j.application_count, j.live_application_count])).toEqual([
      [filled.id, 'filled', 2, 0],
      [closed.id, 'closed', 1, 0],
      [open.id, 'open', 1, 1],
    ]);
    expect(mine.results[0]?.viewer).toMatchObject({ is_owner: true, engagement_id: hired.engagement_id });
    const theirs = new Set([open.id, closed.id, filled.id]);
    expect((await ok<MyJobList>('GET', '/api/jobs/mine/', founder.token)).results.filter((j) => theirs.has(j.id))).toEqual([]);
    expect((await ok<MyJobList>('GET', '/api/jobs/mine', ada.token)).results.every((j) => j.founder.id === ada.user.id)).toBe(true);

    const adas = await ok<MyApplicationList>('GET', '/api/jobs/applications/mine/', ada.token);
    expect(adas.results.every((a) => a.freelancer.id === ada.user.id)).toBe(true);
    expect(adas.results.filter((a) => theirs.has(a.job_id)).map((a) => [a.job.id, a.status, a.job.status, a.engagement_id])).toEqual([
      [filled.id, 'hired', 'filled', hired.engagement_id],
      [closed.id, 'not_selected', 'closed', null],
      [open.id, 'submitted', 'open', null],
    ]);
    expect(adas.results[0]?.job).toMatchObject({ title: 'Mine: filled', founder: { id: poster.user.id, name: 'Mia M.' } });
    const bobs = await ok<MyApplicationList>('GET', '/api/jobs/applications/mine/', bob.token);
    expect(bobs.results.every((a) => a.freelancer.id === bob.user.id)).toBe(true);
    expect(bobs.results.filter((a) => theirs.has(a.job_id)).map((a) => [a.job.id, a.status, a.engagement_id])).toEqual([
      [filled.id, 'not_selected', null],
      [open.id, 'withdrawn', null],
    ]);
    expect((await ok<MyApplicationList>('GET', '/api/jobs/applications/mine/', poster.token)).results).toEqual([]);

    for (const url of ['/api/jobs/mine/', '/api/jobs/applications/mine/']) expect((await call('GET', url)).statusCode, url).toBe(401);
  });

  it('lets only the owner edit, close, see applications and act on them, and only the applicant withdraw', async () => {
    const job = await post({ title: 'Access matrix' });
    const a = await apply(job.id, ada);
    const adminUser = { token: admin };
    type Who = { name: string; token?: string };
    const who: Who[] = [
      { name: 'anonymous' },
      { name: 'other', token: stranger.token },
      { name: 'admin', token: adminUser.token },
      { name: 'applicant', token: ada.token },
      { name: 'owner', token: founder.token },
    ];
    const routes: { method: Method; url: string; payload?: Record<string, unknown>; expected: Record<string, number> }[] = [
      { method: 'GET', url: '/api/jobs/', expected: { anonymous: 200, other: 200, admin: 200, applicant: 200, owner: 200 } },
      { method: 'GET', url: `/api/jobs/${job.id}`, expected: { anonymous: 200, other: 200, admin: 200, applicant: 200, owner: 200 } },
      { method: 'POST', url: '/api/jobs/', payload: jobBody({ title: 'Matrix post' }), expected: { anonymous: 401, other: 201, admin: 201, applicant: 201, owner: 201 } },
      { method: 'PUT', url: `/api/jobs/${job.id}`, payload: jobBody({ title: 'Access matrix' }), expected: { anonymous: 401, other: 403, admin: 403, applicant: 403, owner: 200 } },
      { method: 'GET', url: `/api/jobs/${job.id}/applications`, expected: { anonymous: 401, other: 403, admin: 403, applicant: 403, owner: 200 } },
      // The other user and the admin have no published profile; the owner cannot apply to their own job; the applicant applied already.
      { method: 'POST', url: `/api/jobs/${job.id}/applications`, payload: proposal(), expected: { anonymous: 401, other: 403, admin: 403, applicant: 409, owner: 403 } },
      { method: 'POST', url: `/api/jobs/applications/${a.id}/shortlist`, expected: { anonymous: 401, other: 404, admin: 404, applicant: 403, owner: 200 } },
      { method: 'POST', url: `/api/jobs/applications/${a.id}/decline`, expected: { anonymous: 401, other: 404, admin: 404, applicant: 403, owner: 200 } },
    ];
    for (const route of routes) {
      for (const w of who) {
        const res = await call(route.method, route.url, w.token, route.payload);
        expect(res.statusCode, `${w.name} ${route.method} ${route.url}: ${res.body}`).toBe(route.expected[w.name]);
      }
    }

    const b = await apply(job.id, bob);
    const actOnB = async (action: string, expected: Record<string, number>) => {
      for (const w of [...who, { name: 'bob', token: bob.token }]) {
        const res = await call('POST', `/api/jobs/applications/${b.id}/${action}`, w.token);
        expect(res.statusCode, `${w.name} ${action}: ${res.body}`).toBe(expected[w.name]);
      }
    };
    // Only the applicant withdraws; the one who succeeds comes last.
    await actOnB('withdraw', { anonymous: 401, other: 404, admin: 404, applicant: 404, owner: 403, bob: 200 });
    const c = await apply((await post({ title: 'Hire matrix' })).id, bob);
    for (const w of who) {
      const res = await call('POST', `/api/jobs/applications/${c.id}/hire`, w.token);
      expect(res.statusCode, `${w.name} hire: ${res.body}`).toBe({ anonymous: 401, other: 404, admin: 404, applicant: 404, owner: 200 }[w.name]);
    }
    for (const w of who.slice(0, 4)) {
      expect((await call('POST', `/api/jobs/${job.id}/close`, w.token)).statusCode).toBe({ anonymous: 401, other: 403, admin: 403, applicant: 403 }[w.name]);
    }
    expect((await call('POST', `/api/jobs/${job.id}/close`, founder.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/jobs/999999')).statusCode).toBe(404);
    expect((await call('POST', '/api/jobs/applications/999999/hire', founder.token)).statusCode).toBe(404);
  });

  it('throttles job posts per user', async () => {
    const poster = await registerUser(t.app, { first_name: 'Pat' });
    for (let i = 0; i < JOB_LIMITS.postsPerHourPerUser; i++) await post({ title: `Throttled post ${i}` }, poster);
    const res = await call('POST', '/api/jobs/', poster.token, jobBody());
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)).toEqual({ detail: m.postsThrottled });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('throttles applications per user', async () => {
    const applicant = await registerUser(t.app, { first_name: 'Ivy' });
    await publishProfile(applicant);
    const posters = await Promise.all([0, 1, 2, 3].map((i) => registerUser(t.app, { first_name: `Poster${i}` })));
    const jobs: Job[] = [];
    for (let i = 0; i <= JOB_LIMITS.applicationsPerHourPerUser; i++) jobs.push(await post({ title: `Throttled job ${i}` }, posters[i % posters.length] ?? founder));
    for (const job of jobs.slice(0, JOB_LIMITS.applicationsPerHourPerUser)) await apply(job.id, applicant);
    const res = await call('POST', `/api/jobs/${jobs.at(-1)?.id}/applications`, applicant.token, proposal());
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)).toEqual({ detail: m.applicationsThrottled });
  });
});
