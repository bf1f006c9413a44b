import { freelancerMessages, htmlPage, stylesheet } from '@market/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../config.js';
import type { FreelancersService } from '../modules/freelancers/index.js';
import { FREELANCER_CSP, FREELANCER_STYLESHEET, renderFreelancerNotFound, renderFreelancerPage, renderFreelancerReviewsPage } from './freelancer-page.js';
import { pageId, securePageHeaders } from './page-security.js';
import { createRenderCache, type RenderedPage } from './render-cache.js';

// Any text: an address that names no profile gets the site's "Freelancer not found" page, not an API error.
const pageParams = z.object({ id: z.string() });
// Any page number: one out of range shows the last page (or the first when there are none).
const reviewsQuery = z.object({ page: z.string().optional() }).passthrough();

/** Helmet is off for these routes, as for landing pages (page-security.ts). */
const pageHeaders = (reply: FastifyReply) => securePageHeaders(reply, FREELANCER_CSP).type('text/html; charset=utf-8');

const notFoundPage = renderFreelancerNotFound(freelancerMessages.notFound);

/**
 * `/freelancers/{id}`: a published profile rendered on the server, so it is complete without the
 * app and can be shared and indexed, and `/freelancers/{id}/reviews`: all its clients' reviews,
 * a page at a time. Shared caches may keep them half a minute (a badge or an edit shows soon
 * after), and this server keeps a page asked for again a few seconds (render-cache.ts); the ETag
 * lets a browser revalidate for nothing.
 */
export async function freelancerPageRoutes(app: FastifyInstance, opts: { config: AppConfig; freelancers: FreelancersService }) {
  const { config, freelancers } = opts;
  const pages = createRenderCache();
  const notFound = (reply: FastifyReply) => pageHeaders(reply).status(404).header('Cache-Control', 'no-cache').send(notFoundPage);
  const send = (request: FastifyRequest, reply: FastifyReply, page: RenderedPage) => {
    pageHeaders(reply).header('Cache-Control', 'public, max-age=30').header('ETag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    return reply.send(page.body);
  };

  app.get(FREELANCER_STYLESHEET.path, { helmet: false, schema: { hide: true, response: { 200: stylesheet } } }, (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(FREELANCER_STYLESHEET.body),
  );

  const pageSchema = { params: pageParams, hide: true, response: { 200: htmlPage, 304: z.null().describe('Not modified'), 404: htmlPage } };

  app.get('/freelancers/:id', { helmet: false, schema: pageSchema }, async (request, reply) => {
    const id = pageId((request.params as z.infer<typeof pageParams>).id);
    if (id === undefined) return notFound(reply);
    const key = `profile:${id}`;
    const cached = pages.fresh(key);
    if (cached) return send(request, reply, cached);
    const profile = await freelancers.publicPage(id);
    if (!profile) return notFound(reply);
    return send(request, reply, pages.keep(key, renderFreelancerPage(profile, { canonicalUrl: `${config.publicUrl}/freelancers/${profile.id}` })));
  });

  app.get('/freelancers/:id/reviews', { helmet: false, schema: { ...pageSchema, querystring: reviewsQuery } }, async (request, reply) => {
    const id = pageId((request.params as z.infer<typeof pageParams>).id);
    if (id === undefined) return notFound(reply);
    const asked = Number((request.query as z.infer<typeof reviewsQuery>).page ?? '1');
    const page = Number.isSafeInteger(asked) && asked > 1 ? asked : 1;
    const key = `reviews:${id}:${page}`;
    const cached = pages.fresh(key);
    if (cached) return send(request, reply, cached);
    const found = await freelancers.publicReviews(id, page);
    if (!found) return notFound(reply);
    const canonicalUrl = `${config.publicUrl}/freelancers/${id}/reviews${found.page > 1 ? `?page=${found.page}` : ''}`;
    const body = renderFreelancerReviewsPage(found.freelancer, found.reviews, found, { canonicalUrl });
    return send(request, reply, pages.keep(key, body));
  });
}
