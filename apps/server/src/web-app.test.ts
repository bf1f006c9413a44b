import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { homeContent, INTRO_SEEN_COOKIE } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_SCRIPT } from './ssr/home-script.js';
import { cspHash } from './ssr/html.js';
import { createTestApp, type TestApp } from './test/test-app.js';

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Domain Market</title><meta name="description" content="x" />' +
        '<script type="module" crossorigin src="/assets/app-abc123.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/vendor-def456.js">' +
        '<div id="root"></div>',
    );
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true });
  });

  it('answers a landing address of no public domain with a page, never an API error', async () => {
    // An id that could be a domain's: the app (its owner may preview it), as a 404.
    const missing = await t.app.inject({ method: 'GET', url: '/landing/12' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatch(/<div id="root"[ >]/);
    for (const url of ['/landing/abc', '/landing/0', '/landing/99999999999', '/landing/1e3']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<h1>Domain not found</h1>');
      expect(res.body, url).toContain('href="/homeSearch"');
      expect(res.body, url).not.toContain('Invalid input');
    }
  });

  it('answers client routes with the app', async () => {
    for (const url of ['/', '/login', '/my_stable', '/jobs/new?x=1', '/jobs/12/edit', '/orders/3/receipt', '/sponsored/buy-now', '/settings/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toMatch(/<div id="root"[ >]/);
    }
  });

  it('answers unknown paths 404 with the same app, which shows home there', async () => {
    for (const url of ['/no/such/page?x=1', '/brokerpage', '/sponsored/free-stuff', '/jobs/1/2/3']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toMatch(/<div id="root"[ >]/);
    }
  });

  it('serves hashed assets with long caching and 404s a missing one', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
  });

  it('renders static pages with their title, description and text, without the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/terms-and-conditions' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Terms and Conditions | Domain Market</title>');
    expect(res.body).toContain('April 18, 2022');
    expect(res.body).toContain('Dublin');
    expect(res.body).toContain('<main id="main" tabindex="-1">');
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('/assets/app-abc123.js');
    const how = await t.app.inject({ method: 'GET', url: '/how-it-works' });
    expect(how.body).toContain('10%');
  });

  it('prerenders the top of the home page, with the intro only for a session that has not seen it', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers.vary).toContain('Cookie');
    expect(first.body).toContain('<div id="root" data-prerendered="home" data-app="/assets/app-abc123.js /assets/vendor-def456.js">');
    expect(first.body).toContain(`>${homeContent.hero.heading}</h1>`);
    expect(first.body).toContain(`href="${homeContent.hero.searchCta.href}"`);
    // Before the app's root, so the app arriving in the middle of the intro leaves it playing.
    expect(first.body).toMatch(/id="pre-intro"[^]*<div id="root"/);
    expect(first.body).toContain(`content="${homeContent.metaDescription}"`);
    // The style block is CSS, not escaped text.
    expect(first.body).toContain('"Segoe UI"');

    const again = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: `other=1; ${INTRO_SEEN_COOKIE}=seen` } });
    expect(again.body).toContain(`>${homeContent.hero.heading}</h1>`);
    expect(again.body).not.toContain('id="pre-intro"');
  });

  it("leaves the app's scripts out of the home page until its own script asks for them, and allows only that inline script", async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.body).not.toContain('<script type="module"');
    expect(home.body).not.toContain('rel="modulepreload"');
    expect(home.body).toContain(HOME_SCRIPT);
    const scriptSrc = /script-src ([^;]+)/.exec(String(home.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(`'self' ${cspHash(HOME_SCRIPT)}`);

    // Every other page keeps the app's scripts and the app-wide policy.
    const login = await t.app.inject({ method: 'GET', url: '/login' });
    expect(login.body).toContain('<script type="module" crossorigin src="/assets/app-abc123.js"></script>');
    expect(/script-src ([^;]+)/.exec(String(login.headers['content-security-policy']))?.[1]).toBe("'self'");
  });

  it('never answers an API path with the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown/' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('serves the API description as a page to browse at /api/docs, beside the OpenAPI document', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger');
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys((doc.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toContain('/api/orders/{id}');
    expect(paths).toContain('/api/domains/sponsored-headlines/order/');
  });
});
