import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listForBuyNow } from '../../test/deals-support.js';
import { registerFreelancer } from '../../test/freelancer-support.js';
import { adminToken, bearer, createTestApp, json, registerUser, type TestApp } from '../../test/test-app.js';
import { SITEMAP_MAX_URLS, sitemapEntries } from './sitemap.js';

describe('where to write to us', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ supportEmail: 'help@market.test' });
  });
  afterAll(() => t.close());

  it('tells every visitor the support address, signed in or not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site/contact/' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ support_email: 'help@market.test' });
  });

  it('puts the support address under every e-mail', async () => {
    const { user } = await registerUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/reset-password/', payload: { email: user.email } });
    await t.drainMail();
    const mail = t.mailer.sent.find((m) => m.to === user.email);
    expect(mail?.text).toMatch(/\n--\nQuestions\? Write to us at help@market\.test\.$/);
  });
});

describe('what crawlers read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://market.test' });
  });
  afterAll(() => t.close());

  it('serves a real robots.txt naming the sitemap, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/^User-agent: \*\n/);
    expect(res.body).toContain('Disallow: /api/\n');
    expect(res.body).toContain('Sitemap: https://market.test/sitemap.xml\n');
    expect(res.body).not.toContain('<');
  });

  it('lists the public pages, open jobs, published freelancers and approved landing pages in sitemap.xml', async () => {
    const admin = await adminToken(t.app);
    const seller = await registerUser(t.app);
    const ids = await listForBuyNow(t, seller.token, admin, { 'sitemap-approved.com': 1000, 'sitemap-pending.com': 1000 });
    const pending = await t.app.inject({ method: 'POST', url: '/api/domains/', headers: bearer(seller.token), payload: { domain_list: 'sitemap-never-approved.com' } });
    expect(pending.statusCode).toBeLessThan(300);
    const freelancer = await registerFreelancer(t.app);
    const hidden = await registerUser(t.app);
    const job = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/',
      headers: bearer(seller.token),
      payload: { title: 'A logo for my domain', description: 'A simple logo for my new domain, in two colours.', budget_min_cents: 10_000, budget_max_cents: 20_000, skills: ['branding'], deadline: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10) },
    });
    expect(job.statusCode, job.body).toBe(201);

    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(expect.arrayContaining(['https://market.test/', 'https://market.test/how-it-works', 'https://market.test/jobs', 'https://market.test/freelancers']));
    expect(locs).toContain(`https://market.test/jobs/${json<{ id: number }>(job).id}`);
    expect(locs).toContain(`https://market.test/freelancers/${freelancer.user.id}`);
    expect(locs).not.toContain(`https://market.test/freelancers/${hidden.user.id}`);
    expect(locs).toContain(`https://market.test/landing/${ids['sitemap-approved.com']}`);
    const approvedIds = new Set(Object.values(ids));
    const landingIds = locs.filter((l) => l?.includes('/landing/')).map((l) => Number(l?.split('/').pop()));
    expect(landingIds.every((id) => approvedIds.has(id))).toBe(true);
  });

  it('stops at the limit the sitemap protocol sets', async () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    const entries = await sitemapEntries(t.db.kysely, 3);
    expect(entries.map((e) => e.path)).toEqual(['/', '/how-it-works', '/build-your-dream']);
  });
});
