import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DAY_MS, emptyTableMessage, staticPages } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, json, registerUser, type TestApp, testDialect } from '../test/test-app.js';

type User = Awaited<ReturnType<typeof registerUser>>;

const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
/** A word only this file's data holds, so the pages' lists can be narrowed to it. */
const TAG = `zq${Date.now().toString(36)}`;
const APP_ENTRY = '/assets/index-test.js';

describe(`public pages without the app (${testDialect})`, () => {
  let t: TestApp;
  let seller: User;
  let founder: User;
  let ada: User;
  let bob: User;
  let dist: string;
  const ids: Record<string, number> = {};
  const jobIds: Record<string, number> = {};

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method, url, headers: bearer(token), payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return json(res);
  };

  async function publish(who: User, over: Record<string, unknown>) {
    await ok('PUT', '/api/freelancers/me/', who.token, {
      headline: `${TAG} landing pages`,
      bio: 'Fast and careful.',
      skills: ['landing-pages'],
      hourly_rate_cents: 5_000,
      packages: [],
      languages: ['en'],
      country: 'IE',
      availability: 'available',
      links: [],
      ...over,
    });
    await ok('POST', '/api/freelancers/me/publish/', who.token, { published: true });
  }

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
    await fs.writeFile(
      path.join(dist, 'index.html'),
      `<!doctype html><title>Domain Market</title><script type="module" crossorigin src="${APP_ENTRY}"></script><link rel="modulepreload" crossorigin href="/assets/vendor-test.js"><div id="root"></div>`,
    );
    t = await createTestApp({ webDist: dist });
    [seller, founder, ada, bob] = await Promise.all([
      registerUser(t.app, { first_name: 'Sally', last_name: 'Seller' }),
      registerUser(t.app, { first_name: 'Fay', last_name: 'Founder' }),
      registerUser(t.app, { first_name: 'Ada', last_name: 'Lovelace' }),
      registerUser(t.app, { first_name: 'Bob', last_name: 'Builder' }),
    ]);
    // Five with listings of their own, and seven more so the full list has two pages of ten.
    const names = ['buy', 'trade', 'breed', 'ask', 'long-name-here', ...'abcdefg'.split('').map((c) => `pg-${c}`)].map((n) => `${TAG}-${n}.com`);
    await ok('POST', '/api/domains/', seller.token, { domain_list: names.join(' ') });
    const { domains } = json<{ domains: { id: number; domain_ascii: string }[] }>(await get('/api/domains/', bearer(seller.token)));
    for (const d of domains) ids[d.domain_ascii.replace(`${TAG}-`, '').replace('.com', '')] = d.id;
    const put = (name: string, payload: Record<string, unknown>) => ok('PUT', `/api/domains/${ids[name]}/`, seller.token, payload);
    await put('buy', { seller_price: 4500, business_status: 'Buy Now' });
    await put('trade', { trade_switch: 'Yes', trade_option: '4 Figures', business_status: 'Price Upon Request', seller_price: 75000, min_offer: 50000 });
    await put('breed', { startup_breeders_switch: 'Yes', startup_breeders: 'Pitch to Us', business_status: '' });
    await put('ask', { business_status: 'Price Upon Request', seller_price: 20000 });
    await put('long-name-here', { seller_price: 900, business_status: 'Buy Now' });
    const admin = await adminToken(t.app);
    await ok('POST', '/api/domains/admin/approval/', admin, { ids: Object.values(ids), action: 'approve' });
    await t.app.inject({ method: 'GET', url: '/api/domains/search/?domain_name=warmup' });

    await publish(ada, { headline: `${TAG} valuations`, skills: ['valuation'], hourly_rate_cents: 15_000, country: 'DE' });
    await publish(bob, { headline: `${TAG} landing pages`, skills: ['landing-pages'], hourly_rate_cents: 4_000 });

    const job = async (key: string, over: Record<string, unknown>) => {
      const created = json<{ id: number }>(
        await t.app.inject({
          method: 'POST',
          url: '/api/jobs/',
          headers: bearer(founder.token),
          payload: {
            title: `${TAG} ${key} job`,
            description: `Work for ${key}. <b>bold</b> & more`,
            budget_min_cents: 50_000,
            budget_max_cents: 90_000,
            skills: ['landing-pages'],
            deadline: inDays(30),
            ...over,
          },
        }),
      );
      jobIds[key] = created.id;
    };
    await job('site', {});
    await job('brand', { skills: ['branding'], budget_min_cents: 500_000, budget_max_cents: 500_000 });
  });

  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true });
  });

  const noAppBundle = (body: string) => {
    expect(body).not.toMatch(/<script[^>]*\ssrc=/);
    expect(body).not.toContain('<link rel="modulepreload"');
  };

  describe('search results', () => {
    it('shows the three cards and the full list for a search, each row to its landing page, without the app', async () => {
      const res = await get(`/homeSearch?search=${TAG}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      noAppBundle(res.body);
      expect(res.body).toContain(`Results for \u201c${TAG}\u201d`);
      const card = (id: string) => (res.body.split(`data-testid="card-${id}"`)[1] ?? '').split('</section>')[0] ?? '';
      expect(card('buy-now')).toContain(`href="/landing/${ids.buy}">${TAG}-buy.com</a>`);
      expect(card('buy-now')).toContain('$4,500');
      expect(card('buy-now')).toContain(`href="/buy_order?domain_id=${ids.buy}"`);
      expect(card('buy-now')).not.toContain(`${TAG}-trade.com`);
      expect(card('trade')).toContain(`href="/login?next=%2Flanding%2F${ids.trade}%3Faction%3Dtrade"`);
      expect(card('trade')).toContain('4 Figures');
      expect(card('breeders')).toContain(`href="/login?next=%2Flanding%2F${ids.breed}%3Faction%3Dbreeder"`);
      const table = (await get(`/homeSearch?search=${TAG}&rows=25`)).body.split('aria-label="Search results"')[1] ?? '';
      for (const name of ['buy', 'trade', 'breed', 'ask', 'long-name-here', 'pg-g']) expect(table).toContain(`href="/landing/${ids[name]}">${TAG}-${name}.com</a>`);
      expect(table).toContain(`href="/login?next=%2Flanding%2F${ids.ask}%3Faction%3Doffer"`);
      expect(res.body).toContain('Showing 1 to 10 of 12 entries');
      // The signed-in session starts the app here (its own domains, saved filters).
      expect(res.body).toContain(`data-shell="${APP_ENTRY} /assets/vendor-test.js"`);
      expect(res.headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
    });

    it('narrows by the filter form, pages by links, and answers the lowercase alias', async () => {
      const buyNow = await get(`/homesearch?search=${TAG}&business_status=Buy+Now&max_price=1000`);
      expect(buyNow.statusCode).toBe(200);
      const table = buyNow.body.split('aria-label="Search results"')[1] ?? '';
      expect(table).toContain(`${TAG}-long-name-here.com`);
      expect(table).not.toContain(`${TAG}-buy.com`);
      expect(buyNow.body).toContain('2 filters apply');
      expect(buyNow.body).toMatch(/name="business_status" value="Buy Now" checked/);

      const length = await get(`/homeSearch?search=${TAG}&min_length=20`);
      expect(length.body.split('aria-label="Search results"')[1]).toContain(`${TAG}-long-name-here.com`);
      expect(length.body.split('aria-label="Search results"')[1]).not.toContain(`${TAG}-ask.com`);

      const first = await get(`/homeSearch?search=${TAG}&rows=10`);
      expect(first.body).toContain('rel="next"');
      const excluded = await get(`/homeSearch?search=${TAG}&Exclude=No+Hyphens`);
      expect(excluded.body).toContain('Showing 0 to 0 of 0 entries');
    });

    it('pages through the list with links that keep the search', async () => {
      const first = await get(`/homeSearch?search=${TAG}`);
      const next = /<a class="btn alt" href="([^"]+)" rel="next">/.exec(first.body)?.[1]?.replaceAll('&amp;', '&');
      expect(next).toBe(`/homeSearch?search=${TAG}&page=2`);
      const second = await get(next ?? '');
      expect(second.body).toContain('Showing 11 to 12 of 12 entries');
      expect(second.body).toContain('Page 2 of 2');
      expect(second.body).toContain('rel="prev"');
      expect(second.body).not.toContain('rel="next"');
      // A page past the end shows the last one.
      const past = await get(`/homeSearch?search=${TAG}&page=9`);
      expect(past.body).toContain('Showing 11 to 12 of 12 entries');
      // The filters stay in the page links.
      const filtered = await get(`/homeSearch?search=${TAG}&Exclude=IDN&rows=10`);
      expect(/href="([^"]+)" rel="next"/.exec(filtered.body)?.[1]).toContain('Exclude=IDN');
    });

    it('says there is nothing instead of failing on bad parameters', async () => {
      const res = await get(`/homeSearch?search=${TAG}-nothing-here&business_status=Bogus&min_price=abc&rows=7&page=-3&Exclude=%3Cx%3E`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(emptyTableMessage);
      expect(res.body).toContain('Try fewer filters or a shorter search.');
      const script = await get(`/homeSearch?search=%3Cscript%3Ealert(1)%3C/script%3E`);
      expect(script.statusCode).toBe(200);
      expect(script.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(script.body).not.toContain('<script>alert');
    });
  });

  describe('freelancer directory', () => {
    it('lists published freelancers with their profile links and the request action, without the app', async () => {
      const res = await get(`/freelancers?q=${TAG}`);
      expect(res.statusCode).toBe(200);
      noAppBundle(res.body);
      expect(res.body).not.toContain('data-shell="');
      expect(res.body).toContain(`href="/freelancers/${ada.user.id}">Ada L.</a>`);
      expect(res.body).toContain(`href="/freelancers/${bob.user.id}">Bob B.</a>`);
      expect(res.body).toContain(`href="/hire/${ada.user.id}"`);
      expect(res.body).toContain('$150.00 an hour');
      expect(res.body).toContain('2 freelancers');
    });

    it('narrows by skill, rate and country, with the app parameter names', async () => {
      const valuation = await get(`/freelancers?q=${TAG}&skill=valuation`);
      expect(valuation.body).toContain('Ada L.');
      expect(valuation.body).not.toContain('Bob B.');
      expect(valuation.body).toContain('1 freelancer<');
      const cheap = await get(`/freelancers?q=${TAG}&max_rate=5000`);
      expect(cheap.body).toContain('Bob B.');
      expect(cheap.body).not.toContain('Ada L.');
      const germany = await get(`/freelancers?q=${TAG}&country=DE`);
      expect(germany.body).toContain('Ada L.');
      expect(germany.body).not.toContain('Bob B.');
      const sorted = await get(`/freelancers?q=${TAG}&sort=rate_high`);
      expect(sorted.body.indexOf('Ada L.')).toBeLessThan(sorted.body.indexOf('Bob B.'));
      expect(sorted.body).toMatch(/<option value="rate_high" selected>/);
    });

    it('shows the app message for no match and ignores bad parameters', async () => {
      const none = await get(`/freelancers?q=${TAG}-nobody`);
      expect(none.body).toContain('No freelancer matches these filters. Clear a filter or search for something else.');
      const bad = await get(`/freelancers?q=${TAG}&skill=nope&min_rate=-5&max_rate=abc&page=zz&sort=%3Cb%3E`);
      expect(bad.statusCode).toBe(200);
      expect(bad.body).toContain('2 freelancers');
      const swapped = await get(`/freelancers?q=${TAG}&min_rate=20000&max_rate=10000`);
      expect(swapped.statusCode).toBe(200);
      expect(swapped.body).toContain('Ada L.');
      expect(swapped.body).not.toContain('Bob B.');
    });
  });

  describe('jobs', () => {
    it('lists open jobs linking to their pages, narrows by skill and budget, without the app', async () => {
      const res = await get(`/jobs?q=${TAG}`);
      expect(res.statusCode).toBe(200);
      noAppBundle(res.body);
      expect(res.body).toContain(`href="/jobs/${jobIds.site}">${TAG} site job</a>`);
      expect(res.body).toContain(`href="/jobs/${jobIds.brand}">${TAG} brand job</a>`);
      expect(res.body).toContain('$500.00 – $900.00');
      expect(res.body).toContain('2 open jobs');
      expect(res.body).toContain('href="/jobs/new"');
      const branding = await get(`/jobs?q=${TAG}&skill=branding`);
      expect(branding.body).toContain(`${TAG} brand job`);
      expect(branding.body).not.toContain(`${TAG} site job`);
      const big = await get(`/jobs?q=${TAG}&min_budget=100000`);
      expect(big.body).toContain(`${TAG} brand job`);
      expect(big.body).not.toContain(`${TAG} site job`);
      expect(big.body).toMatch(/<option value="100000" selected>/);
      const low = await get(`/jobs?q=${TAG}&sort=budget_low`);
      expect(low.body.indexOf(`${TAG} site job`)).toBeLessThan(low.body.indexOf(`${TAG} brand job`));
    });

    it('handles no match and bad parameters with the app words; signed-in views are the app', async () => {
      const none = await get(`/jobs?q=${TAG}-none`);
      expect(none.body).toContain('No open job matches. Clear a filter or search for something else.');
      const bad = await get(`/jobs?q=${TAG}&skill=x&min_budget=-1&max_budget=zz&sort=up&page=0`);
      expect(bad.statusCode).toBe(200);
      expect(bad.body).toContain('2 open jobs');
      const mine = await get('/jobs?view=mine');
      expect(mine.statusCode).toBe(200);
      expect(mine.body).toContain(APP_ENTRY);
      const create = await get('/jobs/new');
      expect(create.body).toContain(APP_ENTRY);
    });

    it("renders a job's page, escaping its text; an unknown job is the app's not found page", async () => {
      const res = await get(`/jobs/${jobIds.site}`);
      expect(res.statusCode).toBe(200);
      noAppBundle(res.body);
      expect(res.body).toContain(`<h1>${TAG} site job</h1>`);
      expect(res.body).toContain('Work for site. &lt;b&gt;bold&lt;/b&gt; &amp; more');
      expect(res.body).toContain('Posted by Fay F.');
      expect(res.body).toContain('Sign in with a published freelancer profile to apply.');
      expect(res.body).toContain(`data-shell="${APP_ENTRY}`);
      const missing = await get('/jobs/999999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('Job not found');
      expect(missing.body).toContain('This job does not exist, or its owner removed it.');
    });
  });

  describe('static pages', () => {
    it('render their text in the site frame without the app', async () => {
      for (const page of staticPages) {
        const res = await get(page.path);
        expect(res.statusCode, page.path).toBe(200);
        noAppBundle(res.body);
        expect(res.body).not.toContain('data-shell="');
        expect(res.body).toContain(`<title>${page.title} | Domain Market</title>`);
        expect(res.body).toContain('<a class="skip" href="#main">');
        expect(res.body).toContain(`id="${page.sections[0]?.id}"`);
      }
    });

    it('/contact gives the support address from the settings, without the app', async () => {
      const res = await get('/contact');
      expect(res.statusCode).toBe(200);
      noAppBundle(res.body);
      expect(res.body).toContain('<h1>Contact us</h1>');
      const email = json<{ support_email: string }>(await get('/api/site/contact/')).support_email;
      expect(res.body).toContain(`href="mailto:${email}">${email}</a>`);
      expect(res.body).toContain('Paying for an order or a milestone');
    });

    it('fold the terms into sections, all opened by a link', async () => {
      const folded = await get('/terms-and-conditions');
      expect(folded.body).toMatch(/<details id="[\w-]+"><summary><h2>/);
      expect(folded.body).toContain('href="/terms-and-conditions?sections=all">Expand all sections</a>');
      const open = await get('/terms-and-conditions?sections=all');
      expect(open.body).toMatch(/<details id="[\w-]+" open><summary><h2>/);
      expect(open.body).toContain('href="/terms-and-conditions">Collapse all sections</a>');
    });
  });

  it('sends a form address with empty fields on to the short one', async () => {
    const jobs = await get(`/jobs?q=${TAG}&skill=&sort=newest&min_budget=&max_budget=`);
    expect(jobs.statusCode).toBe(303);
    expect(jobs.headers.location).toBe(`/jobs?q=${TAG}`);
    const people = await get(`/freelancers?q=&skill=valuation&badge=&sort=rating&min_rate=`);
    expect(people.headers.location).toBe('/freelancers?skill=valuation');
    const search = await get(`/homesearch?search=${TAG}&extensions=&min_price=&business_status=Buy+Now&rows=10`);
    expect(search.statusCode).toBe(303);
    expect(search.headers.location).toBe(`/homeSearch?search=${TAG}&business_status=Buy+Now`);
  });

  it('serves the one stylesheet the pages link, cached for a year', async () => {
    const res = await get('/jobs');
    const href = /<link id="page-style" rel="stylesheet" href="(\/pages\/public-[\w-]+\.css)">/.exec(res.body)?.[1];
    expect(href).toBeDefined();
    const css = await get(href ?? '');
    expect(css.statusCode).toBe(200);
    expect(css.headers['cache-control']).toContain('immutable');
  });
});
