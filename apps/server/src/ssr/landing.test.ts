import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { footerLinks, siteNavigation } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '../app.js';
import { adminToken, bearer, createTestApp, json, registerUser, type TestApp, testDialect } from '../test/test-app.js';

describe(`landing pages (${testDialect})`, () => {
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof registerUser>>;
  let buyer: Awaited<ReturnType<typeof registerUser>>;
  let admin: string;
  const ids: Record<string, number> = {};

  let dist: string;

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Domain Market</title><div id="root"></div>');
    t = await createTestApp({ webDist: dist });
    seller = await registerUser(t.app, { first_name: 'Sally', last_name: 'Seller' });
    buyer = await registerUser(t.app);
    admin = await adminToken(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/domains/',
      headers: bearer(seller.token),
      payload: { domain_list: 'buynow-shop.com free-zero.com breeder-idea.io hidden-one.com parked-site.net premium-deal.com' },
    });
    const { domains } = json<{ domains: { id: number; domain_ascii: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/domains/', headers: bearer(seller.token) }),
    );
    for (const d of domains) ids[d.domain_ascii] = d.id;
    const put = (name: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/domains/${ids[name]}/`, headers: bearer(seller.token), payload });
    await put('buynow-shop.com', { seller_price: 4500, business_status: 'Buy Now', description: '<script>alert("x")</script> & more' });
    await put('free-zero.com', { business_status: 'Buy Now', seller_price: 0 }).catch(() => undefined);
    await put('breeder-idea.io', { startup_breeders_switch: 'Yes', startup_breeders: 'Pitch to Us', business_status: '' });
    await put('premium-deal.com', { seller_price: 75000, min_offer: 50000, business_status: 'Price Upon Request', trade_switch: 'Yes', trade_option: '5 Figures' });
    const approve = Object.entries(ids).filter(([n]) => n !== 'hidden-one.com').map(([, id]) => id);
    await t.app.inject({ method: 'POST', url: '/api/domains/admin/approval/', headers: bearer(admin), payload: { ids: approve, action: 'approve' } });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true });
  });

  const page = (name: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/landing/${ids[name]}`, headers });

  it('renders the name, status and Buy Now price on the server, escaping user text', async () => {
    const res = await page('buynow-shop.com');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>buynow-shop.com</h1>');
    expect(res.body).toContain('Buy Now');
    expect(res.body).toContain('$4,500');
    expect(res.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).toContain('Sally S.');
    expect(res.body).not.toContain(seller.user.email);
  });

  it('is framed like the app: its header (with a phone menu), footer and the view count', async () => {
    const res = await page('breeder-idea.io');
    for (const link of [...siteNavigation, ...footerLinks]) expect(res.body).toContain(`href="${link.href}">${link.label}</a>`);
    expect(res.body).toContain('href="/login">Log in</a>');
    expect(res.body).toContain('href="/register">Sign up</a>');
    expect(res.body).toContain('href="/my_stable">My Stable</a>');
    expect(res.body).toContain('data-logout>Log out</button>');
    expect(res.body).toContain('<summary aria-label="Open menu">');
    expect(res.body).toContain('Get new domains and features first');
    // Its style is one cached stylesheet, not a copy in every page.
    const stylesheet = /<link rel="stylesheet" href="(\/pages\/landing-[\w-]+\.css)">/.exec(res.body)?.[1];
    expect(stylesheet).toBeDefined();
    expect(res.body).not.toContain('<style>');
    const css = await t.app.inject({ method: 'GET', url: stylesheet ?? '' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.body).toContain('.bar{position:sticky');
    // Parked domains load it from their own host.
    expect((await t.app.inject({ method: 'GET', url: stylesheet ?? '', headers: { host: 'parked-site.net' } })).statusCode).toBe(200);
    expect(res.body).toMatch(/Listed by Sally S\. · <span data-views="0">0 views<\/span>/);
  });

  it('offers every action the domain has, each one resuming in the app', async () => {
    const premium = (await page('premium-deal.com')).body;
    const id = ids['premium-deal.com'];
    for (const [action, label] of [['offer', 'Make an offer'], ['trade', 'Request a trade'], ['broker', 'Ask a broker']]) {
      expect(premium).toContain(`href="/landing/${id}?action=${action}">${label}</a>`);
    }
    expect(premium).not.toContain('?action=breeder');
    expect(premium).not.toContain('/buy_order');
    const breeder = (await page('breeder-idea.io')).body;
    expect(breeder).toContain(`href="/landing/${ids['breeder-idea.io']}?action=breeder">Pitch to Us</a>`);
    expect(breeder).not.toContain('Ask a broker');
    const buyNow = (await page('buynow-shop.com')).body;
    expect(buyNow).toContain(`href="/buy_order?domain_id=${ids['buynow-shop.com']}">Buy Now</a>`);
    expect(buyNow).not.toContain('?action=offer');
  });

  it('hands an address with an action to the app, which runs it (or asks the visitor to log in first)', async () => {
    for (const action of ['offer', 'trade', 'breeder', 'broker']) {
      const res = await t.app.inject({ method: 'GET', url: `/landing/${ids['premium-deal.com']}?action=${action}` });
      expect(res.statusCode, action).toBe(200);
      expect(res.body, action).toMatch(/<div id="root"[ >]/);
      expect(res.body, action).not.toContain('<h1>premium-deal.com</h1>');
      expect(res.headers['content-security-policy'], action).toContain("script-src 'self'");
    }
    // Anything else is still the page itself.
    expect((await t.app.inject({ method: 'GET', url: `/landing/${ids['premium-deal.com']}?utm_source=x` })).body).toContain('<h1>premium-deal.com</h1>');
  });

  it('shows Enquire for an empty status and Pitch to Us for breeder domains', async () => {
    const res = await page('breeder-idea.io');
    expect(res.body).toContain('>Enquire<');
    expect(res.body).toContain('Pitch to Us');
    expect(res.body).not.toMatch(/class="price"/);
  });

  it('sets a strict CSP without unsafe-inline, caching headers and answers 304 to a matching ETag', async () => {
    const res = await page('buynow-shop.com');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(res.headers['cache-control']).toContain('max-age=60');
    const again = await page('buynow-shop.com', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('hands a page that is not public to the app instead (as not found), with the app’s security headers', async () => {
    const res = await page('hidden-one.com');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('hidden-one.com');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('counts each view by day and referrer, and lists it for a signed-in viewer', async () => {
    const id = ids['buynow-shop.com'];
    const view = (headers: Record<string, string>, referrer: string) =>
      t.app.inject({ method: 'POST', url: `/api/domains/${id}/view/`, headers, payload: { referrer } });
    expect((await view({}, 'https://news.example.org/story')).statusCode).toBe(204);
    expect((await view(bearer(buyer.token), '')).statusCode).toBe(204);
    // The owner's own views are not counted.
    expect((await view(bearer(seller.token), '')).statusCode).toBe(204);

    const domain = json<{ visits: number }>(await t.app.inject({ method: 'GET', url: `/api/domains/${id}` }));
    expect(domain.visits).toBe(2);
    const recent = json<{ domain_name: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/domains/recently-viewed/', headers: bearer(buyer.token) }),
    );
    expect(recent.map((r) => r.domain_name)).toEqual(['buynow-shop.com']);

    const traffic = json<{ days: string[]; series: { domain_name: string; total: number; points: { visits: number }[] }[]; referrers: unknown[] }>(
      await t.app.inject({ method: 'GET', url: '/api/domains/traffic/?days=7', headers: bearer(seller.token) }),
    );
    expect(traffic.days).toHaveLength(7);
    expect(traffic.series[0]).toMatchObject({ domain_name: 'buynow-shop.com', total: 2 });
    expect(traffic.series[0]?.points.at(-1)?.visits).toBe(2);
    expect(traffic.referrers).toEqual(expect.arrayContaining([{ referrer: 'news.example.org', visits: 1 }, { referrer: 'Direct', visits: 1 }]));
    // Nobody else sees the seller's traffic.
    const others = json<{ series: unknown[] }>(await t.app.inject({ method: 'GET', url: '/api/domains/traffic/', headers: bearer(buyer.token) }));
    expect(others.series).toEqual([]);
  });

  it('refuses to count a view of a domain that is not public', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/domains/${ids['hidden-one.com']}/view/`, payload: {} });
    expect(res.statusCode).toBe(404);
  });

  it('serves the landing page on a parked host once its nameservers are verified', async () => {
    const parked = () => t.app.inject({ method: 'GET', url: '/', headers: { host: 'parked-site.net' } });
    expect((await parked()).body).not.toContain('<h1>parked-site.net</h1>');
    await t.db.kysely.updateTable('domains').set({ ns_status: 'verified' }).where('id', '=', ids['parked-site.net'] ?? 0).execute();
    const res = await parked();
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>parked-site.net</h1>');
    expect(res.headers.vary).toContain('Host');
    expect((await t.app.inject({ method: 'GET', url: '/', headers: { host: 'www.parked-site.net' } })).body).toContain('<h1>parked-site.net</h1>');
    // The app's own host is never treated as parked.
    expect((await t.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:8080' } })).body).not.toContain('parked-site.net');
  });
});
