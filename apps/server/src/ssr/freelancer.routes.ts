import { createHash } from 'node:crypto';
import { freelancerMessages, htmlPage, stylesheet } from '@market/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../config.js';
import type { FreelancersService } from '../modules/freelancers/freelancers.service.js';
import { FREELANCER_CSP, FREELANCER_STYLESHEET, renderFreelancerNotFound, renderFreelancerPage } from './freelancer-page.js';
import { pageId, securePageHeaders } from './page-security.js';

// Any text: an address that names no profile gets the site's "Freelancer not found" page, not an API error.
const pageParams = z.object({ id: z.string() });


/** Helmet is off for these routes, as for landing pages (page-security.ts). */
const pageHeaders = (reply: FastifyReply) => securePageHeaders(reply, FREELANCER_CSP).type('text/html; charset=utf-8');

const notFoundPage = renderFreelancerNotFound(freelancerMessages.notFound);

/**
 * `/freelancers/{id}`: a published profile rendered on the server, so it is complete without the
 * app and can be shared and indexed. Shared caches may keep it half a minute (a badge or an edit
 * shows soon after); the ETag lets a browser revalidate for nothing.
 */
export async function freelancerPageRoutes(app: FastifyInstance, opts: { config: AppConfig; freelancers: FreelancersService }) {
  const { config, freelancers } = opts;

  app.get(FREELANCER_STYLESHEET.path, { helmet: false, schema: { hide: true, response: { 200: stylesheet } } }, (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(FREELANCER_STYLESHEET.body),
  );

  app.get('/freelancers/:id', { helmet: false, schema: { params: pageParams, hide: true, response: { 200: htmlPage, 304: z.null().describe('Not modified'), 404: htmlPage } } }, async (request, reply) => {
    const id = pageId((request.params as z.infer<typeof pageParams>).id);
    const profile = id === undefined ? undefined : await freelancers.publicPage(id);
    if (!profile) return pageHeaders(reply).status(404).header('Cache-Control', 'no-cache').send(notFoundPage);
    const body = renderFreelancerPage(profile, { canonicalUrl: `${config.publicUrl}/freelancers/${profile.id}` });
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    pageHeaders(reply).header('Cache-Control', 'public, max-age=30').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(body);
  });
}
