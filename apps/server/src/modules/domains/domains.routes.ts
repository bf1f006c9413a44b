import {
  bulkReviewResultSchema,
  domainDetailSchema,
  domainMessages as dm,
  type Domain,
  importResultSchema,
  MAX_UPLOAD_BYTES,
  nameserversSchema,
  noContent,
  ownDomainListSchema,
  ownDomainSchema,
  recentlyViewedDomainSchema,
  recordId,
  searchAnswerSchema,
  searchQuery,
  trafficSchema,
} from '@market/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { optionalAuth, principalOf, requireAdmin, requireAuth } from '../../lib/auth-guard.js';
import { wholeMultipart } from '../../lib/multipart.js';
import type { AuthService, Principal } from '../auth/index.js';
import { presentDomain, presentOwnDomain } from './domains.presenter.js';
import type { DomainsService } from './domains.service.js';
import type { ImportFile } from './import-reader.js';
import type { VideosService } from '../videos/index.js';
import type { NameserverService } from './nameservers.service.js';
import { presentSearchRow } from '../search/index.js';

const idParams = z.object({ id: recordId });
const yesNo = z.enum(['Yes', 'No']);
const dollars = z.union([z.number(), z.string().max(20)]).nullable();

const updateBody = z.object({
  domain_name: z.string().max(300).optional(),
  seller_price: dollars.optional(),
  min_offer: dollars.optional(),
  business_status: z.string().max(40).nullable().optional().transform((v) => v ?? undefined),
  trade_option: z.string().max(40).nullable().optional(),
  trade_switch: yesNo.optional(),
  startup_breeders: z.string().max(40).nullable().optional(),
  startup_breeders_switch: yesNo.optional(),
  description: z.string().max(2000).nullable().optional(),
});

const reviewAction = z.enum(['approve', 'deny']);

/** Why search rows never list pitches (docs/decisions.md, Video pitches); shown in the OpenAPI document. */
const SEARCH_ROWS_NOTE =
  'Listed domains, as a result list shows them: the full domain (description, counters, pitches) comes from ' +
  'GET /api/domains/{id}. `videos` is always empty on these rows: only a pitch\'s uploader, the seller and ' +
  'admins may play one, and GET /api/domains/{id} lists those for its caller.';

/** Reads `domain_list` and `file` from a multipart import, or `domain_list` from JSON. */
async function readImportRequest(request: FastifyRequest): Promise<{ text?: string; file?: ImportFile }> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as { domain_list?: unknown };
    return { text: typeof body.domain_list === 'string' ? body.domain_list : undefined };
  }
  let text: string | undefined;
  let file: ImportFile | undefined;
  for await (const part of wholeMultipart(request)) {
    if (part.type === 'file') {
      if (file || !part.filename) {
        part.file.resume();
        continue;
      }
      try {
        file = { filename: part.filename, data: await part.toBuffer() };
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          const message = dm.fileTooLarge(part.filename);
          throw new AppError('TOO_LARGE', message, { file: [message] });
        }
        throw error;
      }
    } else if (part.fieldname === 'domain_list' && typeof part.value === 'string') {
      text = part.value;
    }
  }
  return { text, file };
}

export const domainsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  domains: DomainsService;
  nameservers: NameserverService;
  videos: VideosService;
  importsPerMinute: number;
}> = async (app, { auth, domains, nameservers, videos, importsPerMinute }) => {
  const authenticated = requireAuth(auth);
  const tags = ['domains'];

  /** Fills Domain.videos with the pitches the caller may play, one query for the whole list. */
  async function withVideos<T extends Domain>(principal: Principal | undefined, shown: T[]): Promise<T[]> {
    const byDomain = await videos.playableOn(principal, shown.map((d) => d.id));
    return shown.map((d) => ({ ...d, videos: byDomain.get(d.id) ?? [] }));
  }
  const withVideosOne = async <T extends Domain>(principal: Principal | undefined, shown: T): Promise<T> =>
    (await withVideos(principal, [shown]))[0] ?? shown;

  app.get('/search/', { schema: { tags, querystring: searchQuery, description: SEARCH_ROWS_NOTE, response: { 200: searchAnswerSchema } } }, async (request, reply) => {
    const q = request.query;
    const result = await domains.search({
      text: q.domain_name,
      extensions: q.extensions ?? [],
      filters: q.filters ?? {},
      limit: q.limit,
      offset: q.offset,
    });
    reply.header('X-Total-Count', String(result.total));
    if (result.capped) reply.header('X-Total-Count-Capped', 'true');
    return result.rows.map((r) => presentSearchRow(r, result.leaseLines.get(r.id)));
  });

  app.get(
    '/',
    {
      onRequest: authenticated,
      schema: {
        tags,
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          limit: z.coerce.number().int().min(1).max(1000).default(1000),
        }),
        response: { 200: ownDomainListSchema },
      },
    },
    async (request) => {
      const { rows, count } = await domains.listOwn(principalOf(request), request.query.page, request.query.limit);
      return { domains: await withVideos(request.principal, rows.map(presentOwnDomain)), count };
    },
  );

  // Counted per user (the route's sign-in check runs first), in Redis when the app has it.
  const importLimit = {
    max: importsPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `import:${request.principal?.user.id ?? request.ip}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { max: number; ttl: number }) =>
      new AppError('RATE_LIMITED', dm.importsThrottled(context.max, Math.max(1, Math.ceil(context.ttl / 1000)))),
  };
  app.post('/', { onRequest: authenticated, bodyLimit: 3 * MAX_UPLOAD_BYTES, config: { rateLimit: importLimit }, schema: { tags, response: { 201: importResultSchema } } }, async (request, reply) => {
    const { text, file } = await readImportRequest(request);
    return reply.status(201).send(await domains.importDomains(principalOf(request), text, file));
  });

  app.get('/:id', { onRequest: optionalAuth(auth), schema: { tags, params: idParams, response: { 200: domainDetailSchema } } }, async (request) => {
    const domain = await domains.getVisible(request.principal, request.params.id);
    const shown = domains.canManage(request.principal, domain) ? presentOwnDomain(domain) : presentDomain(domain);
    return withVideosOne(request.principal, shown);
  });

  app.put('/:id', { onRequest: authenticated, schema: { tags, params: idParams, body: updateBody, response: { 200: ownDomainSchema } } }, async (request) =>
    withVideosOne(request.principal, presentOwnDomain(await domains.update(principalOf(request), request.params.id, request.body))),
  );

  app.delete('/:id', { onRequest: authenticated, schema: { tags, params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    await domains.remove(principalOf(request), request.params.id);
    return reply.status(204).send(null);
  });

  app.post(
    '/:id/view',
    {
      onRequest: optionalAuth(auth),
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags, params: idParams, body: z.object({ referrer: z.string().max(2048).optional() }).optional(), response: { 204: noContent } },
    },
    async (request, reply) => {
      const ownHost = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
      await domains.recordView(request.principal, request.params.id, request.body?.referrer ?? '', ownHost);
      return reply.status(204).send(null);
    },
  );

  app.get('/nameservers/', { schema: { tags, response: { 200: nameserversSchema } } }, async () => ({
    nameservers: nameservers.nameservers(),
    check_interval_minutes: nameservers.checkIntervalMinutes(),
  }));

  app.post(
    '/:id/verify-nameservers',
    { onRequest: authenticated, config: { rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: { tags, params: idParams, response: { 200: ownDomainSchema } } },
    async (request) => withVideosOne(request.principal, presentOwnDomain(await nameservers.verify(principalOf(request), request.params.id))),
  );

  app.get(
    '/recently-viewed/',
    {
      onRequest: authenticated,
      schema: {
        tags,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.array(recentlyViewedDomainSchema) },
      },
    },
    async (request) =>
      (await domains.recentlyViewed(principalOf(request), request.query.limit)).map((row) => ({
        ...presentDomain(row),
        viewed_at: row.viewed_at,
      })),
  );

  app.get(
    '/traffic/',
    {
      onRequest: authenticated,
      schema: {
        tags,
        querystring: z.object({
          days: z.coerce.number().int().min(1).max(365).default(30),
          domain_id: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: trafficSchema },
      },
    },
    async (request) => domains.traffic(principalOf(request), request.query.days, request.query.domain_id),
  );

  // Admin approval queue (docs/product.md section 5, Domains).
  const admin = [authenticated, requireAdmin];
  app.get(
    '/admin/approval/',
    {
      onRequest: admin,
      schema: {
        tags,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(1000).default(100),
          after: z.coerce.number().int().min(0).default(0),
        }),
        response: { 200: z.array(ownDomainSchema) },
      },
    },
    async (request) => (await domains.listPending(request.query.limit, request.query.after)).map(presentOwnDomain),
  );

  app.post(
    '/admin/approval/:id',
    { onRequest: admin, schema: { tags, params: idParams, body: z.object({ action: reviewAction }), response: { 200: ownDomainSchema } } },
    async (request) => {
      const result = await domains.review(principalOf(request), [request.params.id], request.body.action);
      if (result.updated === 0) throw new AppError('NOT_FOUND', 'Not found.');
      return withVideosOne(request.principal, presentOwnDomain(await domains.getVisible(request.principal, request.params.id)));
    },
  );

  app.post(
    '/admin/approval/',
    {
      onRequest: admin,
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(100_000), action: reviewAction }),
        response: { 200: bulkReviewResultSchema },
      },
    },
    async (request) => domains.review(principalOf(request), request.body.ids, request.body.action),
  );
};
