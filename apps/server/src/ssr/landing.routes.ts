import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { htmlPage, landingActionParams, stylesheet } from '@market/shared';
import { z } from 'zod';
import type { AppConfig } from '../config.js';
import type { DomainsService, DomainWithOwner } from '../modules/domains/index.js';
import { LANDING_CSP, LANDING_STYLESHEET, renderLandingNotFound, renderLandingPage } from './landing-page.js';
import { pageId, securePageHeaders } from './page-security.js';
import { createRenderCache, type RenderedPage } from './render-cache.js';

// Any text: an address that names no domain gets the site's "Domain not found" page, not an API error.
const pageParams = z.object({ id: z.string() });
const pageQuery = z.object({ action: z.string().optional() }).passthrough();


const pageHeaders = (reply: FastifyReply) => securePageHeaders(reply, LANDING_CSP);

const notFoundPage = renderLandingNotFound();

function sendLanding(request: FastifyRequest, reply: FastifyReply, page: RenderedPage) {
  const { body, etag } = page;
  pageHeaders(reply)
    // Shared caches may keep it a minute; the view counter is a separate beacon, so caching
    // never loses a visit.
    .header('Cache-Control', 'public, max-age=60, stale-while-revalidate=300')
    .header('ETag', etag)
    .header('Vary', 'Host');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type('text/html; charset=utf-8').send(body);
}

/** Hosts that are the app itself, never parked domains. */
function ownHosts(config: AppConfig): Set<string> {
  return new Set(['localhost', '127.0.0.1', '[::1]', new URL(config.publicUrl).hostname.toLowerCase()]);
}

/**
 * Server-rendered landing pages: `/landing/{id}` on the app's host, and `/` on a parked domain
 * whose nameservers point at us (verified) and which an admin approved.
 */
export async function landingRoutes(app: FastifyInstance, opts: { config: AppConfig; domains: DomainsService }) {
  const { config, domains } = opts;
  const own = ownHosts(config);
  // Pages are kept per domain and host (docs/decisions.md, Landing pages).
  const pages = createRenderCache();
  const render = (key: string, domain: DomainWithOwner, appOrigin: string, canonicalUrl: string) =>
    pages.keep(key, renderLandingPage(domain, { appOrigin, canonicalUrl }));

  /** The app's page, with the app's usual security headers (skipped for these routes). */
  async function sendApp(reply: FastifyReply, status: number) {
    await reply.helmet();
    return reply.status(status).sendApp();
  }

  app.get(LANDING_STYLESHEET.path, { helmet: false, schema: { hide: true, response: { 200: stylesheet } } }, (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(LANDING_STYLESHEET.body),
  );

  app.get('/landing/:id', { helmet: false, schema: { params: pageParams, querystring: pageQuery, hide: true, response: { 200: htmlPage } } }, async (request, reply) => {
    const id = pageId((request.params as z.infer<typeof pageParams>).id);
    if (id === undefined) {
      return pageHeaders(reply).status(404).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(notFoundPage);
    }
    // An action chosen on this page (?action=offer...) runs in the app: it starts the lead or
    // negotiation, or sends a signed-out visitor to log in and back here.
    const { action } = request.query as z.infer<typeof pageQuery>;
    if (action && (landingActionParams as readonly string[]).includes(action)) return sendApp(reply, 200);
    const key = `landing:${id}`;
    const cached = pages.fresh(key);
    if (cached) return sendLanding(request, reply, cached);
    const domain = await domains.findPublic(id);
    // Not public: the app decides (its owner may preview it signed in; others see not found).
    if (!domain) return sendApp(reply, 404);
    return sendLanding(request, reply, render(key, domain, '', `${config.publicUrl}/landing/${domain.id}`));
  });

  app.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.url !== '/') return;
    const host = (request.headers.host ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    if (!host || own.has(host)) return;
    const name = host.replace(/^www\./, '');
    const key = `host:${name}`;
    const cached = pages.fresh(key);
    if (cached) return sendLanding(request, reply, cached);
    const domain = await domains.findParked(name);
    if (!domain) return;
    return sendLanding(request, reply, render(key, domain, config.publicUrl, `https://${domain.domain_name}/`));
  });
}
