import {
  dealSchema,
  domainLeadCreatedSchema,
  leadRequestBody,
  leadRequestResultSchema,
  leadSummaryRowSchema,
  negotiationEntrySchema,
  negotiationStatusValues,
  negotiationStepResultSchema,
  negotiationViewSchema,
  noContent,
  notificationSchema,
  recordId,
  stableCountsSchema,
} from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireAuth } from '../../lib/auth-guard.js';
import type { AuthService } from '../auth/index.js';
import type { DomainsService } from '../domains/index.js';
import type { LeadsService } from './leads.service.js';

const id = recordId;

export const leadsRoutes: FastifyPluginAsyncZod<{ auth: AuthService; leads: LeadsService; domains: DomainsService }> = async (
  app,
  { auth, leads, domains },
) => {
  app.addHook('onRequest', requireAuth(auth));
  const tags = ['leads'];

  app.post('/domain-leads/', { schema: { tags, body: z.object({ domain_id: id }), response: { 200: domainLeadCreatedSchema, 201: domainLeadCreatedSchema } } }, async (request, reply) => {
    const result = await leads.negotiation.createLead(principalOf(request), request.body.domain_id);
    return reply.status(result.created ? 201 : 200).send({ domain_lead_id: result.domain_lead_id });
  });

  app.post(
    '/notifications/',
    { schema: { tags, body: leadRequestBody, response: { 201: leadRequestResultSchema } } },
    async (request, reply) => reply.status(201).send(await leads.notifications.notify(principalOf(request), request.body.domain_lead_id, request.body.category)),
  );

  app.get(
    '/notifications/',
    {
      schema: {
        tags,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.array(notificationSchema) },
      },
    },
    async (request) => leads.notifications.list(principalOf(request), request.query.limit),
  );

  app.post(
    '/notifications/read/',
    { schema: { tags, body: z.object({ ids: z.union([z.array(id).max(500), z.literal('all')]) }), response: { 204: noContent } } },
    async (request, reply) => {
      await leads.notifications.markRead(principalOf(request), request.body.ids);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/negotiation/',
    {
      schema: {
        tags,
        body: z.object({
          domain_lead_id: id,
          // Checked by the service, so a bad amount gets the negotiation's own message.
          amount: z.union([z.number(), z.string().max(20), z.null()]).optional(),
          status: z.union(negotiationStatusValues.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<2>]),
          /** An offer in instalments, on the seller's lease-to-own terms. */
          lease: z.boolean().optional(),
        }),
        response: { 201: negotiationStepResultSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await leads.negotiation.post(principalOf(request), request.body)),
  );

  app.get('/negotiation/', { schema: { tags, querystring: z.object({ domain_id: id }), response: { 200: z.array(negotiationEntrySchema) } } }, async (request) =>
    leads.negotiation.entries(principalOf(request), request.query.domain_id),
  );

  app.get('/negotiation/view/', { schema: { tags, querystring: z.object({ domain_id: id }), response: { 200: negotiationViewSchema } } }, async (request) =>
    leads.negotiation.view(principalOf(request), request.query.domain_id),
  );

  app.get('/domain-leads-summary/', { schema: { tags, response: { 200: z.array(leadSummaryRowSchema) } } }, async (request) => leads.negotiation.summary(principalOf(request)));

  app.get('/my-stable', { schema: { tags, response: { 200: stableCountsSchema } } }, async (request) => {
    const principal = principalOf(request);
    return leads.negotiation.counts(principal, await domains.countRecentlyViewed(principal));
  });

  app.post('/buy-now/', { schema: { tags, body: z.object({ domain_id: id }), response: { 201: dealSchema } } }, async (request, reply) =>
    reply.status(201).send(await leads.orders.buyNow(principalOf(request), request.body.domain_id)),
  );
};
