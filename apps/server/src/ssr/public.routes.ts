import { createHash } from 'node:crypto';
import { htmlPage, SEARCH_COUNT_CAP, staticPages, stylesheet } from '@market/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../config.js';
import { AppError } from '../errors.js';
import type { DomainsService } from '../modules/domains/index.js';
import type { FreelancersService } from '../modules/freelancers/index.js';
import type { JobsService } from '../modules/jobs/index.js';
import { presentSearchRow } from '../modules/search/index.js';
import { directoryHref, directoryQueryFrom, renderDirectoryPage } from './directory-page.js';
import { jobsHref, jobsQueryFrom, renderJobNotFound, renderJobPage, renderJobsPage } from './jobs-page.js';
import { pageId } from './page-security.js';
import { appShellAssets, publicStylesheetRoute, sendPublicPage } from './public-page.js';
import { createRenderCache } from './render-cache.js';
import { CARD_ROWS, cardFilters, renderSearchPage, type SearchAnswer, searchFiltersOf, searchHref, searchQueryFrom } from './search-page.js';
import { renderContactPage, renderStaticPage } from './static-pages.js';

const pageParams = z.object({ id: z.string() });
// Any parameters: unknown or bad values are ignored, as the app's pages ignore them.
const anyQuery = z.object({}).passthrough();

/**
 * A filter form sent without a script names every field, the empty ones too: such an address is
 * sent on to the list's own (the app's), which leaves them out, so addresses stay short and shared.
 */
function hasEmpty(query: Record<string, unknown>): boolean {
  return Object.values(query).some((v) => v === '' || (Array.isArray(v) && v.includes('')));
}

/**
 * Public lists and pages rendered on the server, complete without the app (docs/decisions.md,
 * Public pages without the app): search results (`/homeSearch`, `/homesearch`), the freelancer
 * directory, the open jobs and a job's page, and the static pages. On the pages the app shows
 * differently to a signed-in user (search, jobs) a signed-in session starts the app
 * (public-page.ts), and signed-in views (`/jobs?view=mine`) are the app's.
 */
export async function publicPageRoutes(
  app: FastifyInstance,
  opts: { config: AppConfig; domains: DomainsService; freelancers: FreelancersService; jobs: JobsService },
) {
  const { config, domains, freelancers, jobs } = opts;
  const shell = appShellAssets(config.webDist);
  const pages = createRenderCache();
  const schema = { querystring: anyQuery, hide: true, response: { 200: htmlPage, 304: z.null().describe('Not modified'), 404: htmlPage } };

  /** The app's page, with the app's usual security headers (skipped for these routes). */
  async function sendApp(reply: FastifyReply) {
    await reply.helmet();
    return reply.sendApp();
  }

  publicStylesheetRoute(app, stylesheet);

  app.get('/jobs', { helmet: false, schema }, async (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    if (raw.view !== undefined) return sendApp(reply);
    const q = jobsQueryFrom(raw);
    if (hasEmpty(raw)) return reply.redirect(jobsHref(q, q.page), 303);
    const key = `jobs:${JSON.stringify(q)}`;
    const cached = pages.fresh(key);
    if (cached) return sendPublicPage(request, reply, cached);
    const list = await jobs.list(q);
    return sendPublicPage(request, reply, pages.keep(key, renderJobsPage(list, q, { canonicalUrl: `${config.publicUrl}/jobs`, shell })));
  });

  app.get('/jobs/:id', { helmet: false, schema: { ...schema, params: pageParams } }, async (request, reply) => {
    const text = (request.params as z.infer<typeof pageParams>).id;
    // /jobs/new and any other word are the app's.
    if (!/^\d+$/.test(text)) return sendApp(reply);
    const id = pageId(text);
    const notFound = () => sendPublicPage(request, reply, pages.keep('job:none', renderJobNotFound(shell)), 404);
    if (id === undefined) return notFound();
    const key = `job:${id}`;
    const cached = pages.fresh(key);
    if (cached) return sendPublicPage(request, reply, cached);
    try {
      const job = await jobs.get(id, undefined);
      return sendPublicPage(request, reply, pages.keep(key, renderJobPage(job, { canonicalUrl: `${config.publicUrl}/jobs/${id}`, shell })));
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return notFound();
      throw error;
    }
  });

  app.get('/freelancers', { helmet: false, schema }, async (request, reply) => {
    const q = directoryQueryFrom(request.query as Record<string, unknown>);
    if (hasEmpty(request.query as Record<string, unknown>)) return reply.redirect(directoryHref(q, q.page), 303);
    const key = `freelancers:${JSON.stringify(q)}`;
    const cached = pages.fresh(key);
    if (cached) return sendPublicPage(request, reply, cached);
    const directory = await freelancers.directory(q);
    return sendPublicPage(request, reply, pages.keep(key, renderDirectoryPage(directory, q, { canonicalUrl: `${config.publicUrl}/freelancers` })));
  });

  const search = async (text: string, filters: ReturnType<typeof searchFiltersOf>, limit: number, offset: number): Promise<SearchAnswer> => {
    const found = await domains.search({ text, extensions: [], filters, limit, offset });
    return { rows: found.rows.map((r) => presentSearchRow(r, found.leaseLines.get(r.id))), total: found.total, capped: found.capped };
  };
  for (const path of ['/homeSearch', '/homesearch']) {
    app.get(path, { helmet: false, schema }, async (request, reply) => {
      const q = searchQueryFrom(request.query as Record<string, unknown>);
      if (hasEmpty(request.query as Record<string, unknown>)) return reply.redirect(searchHref(q, q.page), 303);
      const key = `search:${JSON.stringify(q)}`;
      const cached = pages.fresh(key);
      if (cached) return sendPublicPage(request, reply, cached);
      const filters = searchFiltersOf(q);
      // The service pages up to offset SEARCH_COUNT_CAP; a page past it shows the last one there is.
      let offset = Math.min((q.page - 1) * q.rows, SEARCH_COUNT_CAP);
      const [trade, buyNow, breeders, first] = await Promise.all([
        search(q.search, cardFilters(filters, 'trade'), CARD_ROWS, 0),
        search(q.search, cardFilters(filters, 'buy-now'), CARD_ROWS, 0),
        search(q.search, cardFilters(filters, 'breeders'), CARD_ROWS, 0),
        search(q.search, filters, q.rows, offset),
      ]);
      let all = first;
      if (all.rows.length === 0 && all.total > 0 && offset > 0) {
        offset = Math.min(Math.floor((Math.min(all.total, SEARCH_COUNT_CAP + q.rows) - 1) / q.rows) * q.rows, SEARCH_COUNT_CAP);
        all = await search(q.search, filters, q.rows, offset);
      }
      const body = renderSearchPage({ ...q, page: Math.floor(offset / q.rows) + 1 }, { trade, buyNow, breeders, all }, {
        canonicalUrl: `${config.publicUrl}/homeSearch${q.search ? `?search=${encodeURIComponent(q.search)}` : ''}`,
        shell,
      });
      return sendPublicPage(request, reply, pages.keep(key, body));
    });
  }

  const contactBody = Buffer.from(renderContactPage(config.supportEmail), 'utf8');
  const contact = { body: contactBody, etag: `"${createHash('sha1').update(contactBody).digest('base64url')}"` };
  app.get('/contact', { helmet: false, schema }, (request, reply) => sendPublicPage(request, reply, contact));

  for (const page of staticPages) {
    // The same for everyone until the next deployment: rendered once (and once with every section open).
    const once = (expanded: boolean) => {
      const body = Buffer.from(renderStaticPage(page, { expanded }), 'utf8');
      return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    };
    const [folded, open] = [once(false), once(true)];
    app.get(page.path, { helmet: false, schema }, (request, reply) =>
      sendPublicPage(request, reply, (request.query as Record<string, unknown>).sections === 'all' ? open : folded),
    );
  }
}
