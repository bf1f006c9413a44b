import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../config.js';
import type { DomainWithOwner } from '../modules/domains/domains.repository.js';
import type { DomainsService } from '../modules/domains/domains.service.js';
import { LANDING_CSP, renderLandingPage } from './landing-page.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

function sendLanding(request: FastifyRequest, reply: FastifyReply, domain: DomainWithOwner, appOrigin: string, canonical: string) {
  const body = renderLandingPage(domain, { appOrigin, canonicalUrl: canonical });
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  reply
    .header('Content-Security-Policy', LANDING_CSP)
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

  app.get('/landing/:id', { schema: { params: idParams, hide: true } }, async (request, reply) => {
    const { id } = request.params as z.infer<typeof idParams>;
    const domain = await domains.findPublic(id);
    // Not public: the app decides (its owner may preview it signed in; others see not found).
    if (!domain) return reply.sendApp();
    return sendLanding(request, reply, domain, '', `${config.publicUrl}/landing/${domain.id}`);
  });

  app.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.url !== '/') return;
    const host = (request.headers.host ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    if (!host || own.has(host)) return;
    const domain = await domains.findParked(host.replace(/^www\./, ''));
    if (!domain) return;
    return sendLanding(request, reply, domain, config.publicUrl, `https://${domain.domain_name}/`);
  });
}
