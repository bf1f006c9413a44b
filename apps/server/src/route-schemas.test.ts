import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';

/**
 * Routes that answer without a response schema, each with the reason. Everything else must
 * declare the body of its success status in `schema.response` (docs/decisions.md, API shape):
 * the serializer then sends only what the schema names, and the OpenAPI document describes it.
 */
const EXCEPTIONS: Array<{ method: string; url: string | RegExp; reason: string }> = [
  {
    method: 'GET',
    url: '/api/freelancers/:id/avatar',
    reason: 'only redirects (302) to a short-lived signed link of the picture in storage',
  },
  {
    method: 'OPTIONS',
    url: '*',
    reason: "@fastify/cors's preflight answer: 204 with headers, no body",
  },
  {
    method: 'GET',
    url: '/api/auth/oidc/:provider/start',
    reason: 'a browser navigation that only redirects (302) to the provider or back to /login',
  },
  {
    method: 'GET',
    url: '/api/auth/oidc/:provider/callback',
    reason: 'where the provider sends the browser back; it only redirects (302) to /login with a ticket or an error in the fragment',
  },
  {
    method: 'GET',
    url: /^\/api\/docs(\/|$)/,
    reason: "@fastify/swagger-ui's own pages and assets, which describe the API rather than being part of it",
  },
  {
    method: 'GET',
    url: /^\/(assets\/|index\.html$|[^/]+\.(svg|png|ico|webmanifest|js|css)$)/,
    reason: 'files of the built web app, streamed from disk by @fastify/static',
  },
];

function isException(route: { method: string; url: string }): boolean {
  return EXCEPTIONS.some((e) => e.method === route.method && (typeof e.url === 'string' ? e.url === route.url : e.url.test(route.url)));
}

const hasSuccessSchema = (schema: RouteOptions['schema']): boolean =>
  Object.keys((schema?.response as Record<string, unknown> | undefined) ?? {}).some((status) => /^2(\d\d|XX)$/.test(status));

describe('response schemas', () => {
  let t: TestApp;
  let dist: string;
  const routes: Array<{ method: string; url: string; schema: RouteOptions['schema'] }> = [];

  beforeAll(async () => {
    // A built web app, Stripe and a social provider: the routes that exist only with them are counted too.
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Domain Market</title><div id="root"></div>');
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp(
      {
        webDist: dist,
        stripe: { secretKey: 'sk_test_unused', webhookSecret: 'whsec_unused', apiBase: 'http://127.0.0.1:9' },
        oidcProviders: [{ name: 'example', label: 'Example', issuer: 'http://127.0.0.1:9', client_id: 'market-client' }],
      },
      {
        onRoute: (route) => {
          for (const method of [route.method].flat()) {
            // Fastify adds HEAD beside every GET with the GET's schema.
            if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema });
          }
        },
      },
    );
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true });
  });

  it('are declared on every route but the listed exceptions', () => {
    // Sanity: the hook saw the app's routes, including the optional ones.
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.some((r) => r.url === '/api/payments/stripe/webhook')).toBe(true);
    expect(routes.some((r) => r.url === '/api/auth/oidc/:provider/callback')).toBe(true);
    const offenders = routes
      .filter((r) => !hasSuccessSchema(r.schema) && !isException(r))
      .map((r) => `${r.method} ${r.url}`);
    expect(offenders).toEqual([]);
  });

  it('lists only exceptions that still match a route without a schema', () => {
    for (const e of EXCEPTIONS) {
      const matching = routes.filter((r) => r.method === e.method && (typeof e.url === 'string' ? r.url === e.url : e.url.test(r.url)));
      expect(matching.length, `${e.method} ${e.url}`).toBeGreaterThan(0);
      expect(matching.every((r) => !hasSuccessSchema(r.schema)), `${e.method} ${e.url} now has a schema`).toBe(true);
    }
  });

  it('describes the responses in the OpenAPI document, which /api/docs still serves', async () => {
    type Schema = { properties?: object; items?: { properties?: object }; anyOf?: Array<{ properties?: object }> };
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>;
    };
    const body = (path: string, method: string, status: string) => doc.paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema;
    const domainFields = ['id', 'domain_name', 'seller_price', 'videos', 'user'];
    // The owner's view or the public one.
    const [own, pub] = body('/api/domains/{id}', 'get', '200')?.anyOf ?? [];
    expect(Object.keys(own?.properties ?? {})).toEqual(expect.arrayContaining([...domainFields, 'ns_status']));
    expect(Object.keys(pub?.properties ?? {})).toEqual(expect.arrayContaining(domainFields));
    expect(Object.keys(pub?.properties ?? {})).not.toContain('ns_status');
    expect(Object.keys(body('/api/domains/{id}', 'put', '200')?.properties ?? {})).toEqual(expect.arrayContaining(domainFields));
    const notices = body('/api/domains/notifications/', 'get', '200');
    expect(Object.keys(notices?.items?.properties ?? {})).toEqual(expect.arrayContaining(['id', 'message', 'read_at', 'created_at']));
    const deleted = doc.paths['/api/domains/{id}']?.delete?.responses ?? {};
    expect(Object.keys(deleted)).toContain('204');

    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});
