import {
  adminUserSchema,
  adminVideoSchema,
  auditEntrySchema,
  brokerDashboardSchema,
  brokerLeadSchema,
  claimSchema,
  domainSchema,
  recordId,
  setRoleRequest,
  setRoleResultSchema,
  setSubscriptionResultSchema,
  subscriptionTiers,
  takeBrokerLeadResultSchema,
  USER_GRID_PAGE_SIZE,
  USER_LIST_CAP,
  videoFilterChips,
} from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireAdmin, requireAuth } from '../../lib/auth-guard.js';
import type { AuthService } from '../auth/index.js';
import type { AdminService } from './admin.service.js';

const id = recordId;
const paging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(USER_GRID_PAGE_SIZE),
  search: z.string().max(200).default(''),
});
/** The user list pages only when asked to (page or limit); without either it is the whole list. */
const userPaging = paging.extend({ page: paging.shape.page.unwrap().optional(), limit: paging.shape.limit.unwrap().optional() });

/** Every route here answers only to Admin or SuperAdmin (docs/product.md section 2). */
export const adminRoutes: FastifyPluginAsyncZod<{ auth: AuthService; admin: AdminService }> = async (app, { auth, admin }) => {
  app.addHook('onRequest', requireAuth(auth));
  app.addHook('onRequest', requireAdmin);
  const tags = ['admin'];

  // The user calls: the grid list and set-role.
  app.get('/users/', { schema: { tags, querystring: userPaging, response: { 200: z.array(adminUserSchema) } } }, async (request, reply) => {
    const { page, limit, search } = request.query;
    const paged = page !== undefined || limit !== undefined;
    const { users, total } = await admin.listUsers(search, page ?? 1, paged ? (limit ?? USER_GRID_PAGE_SIZE) : USER_LIST_CAP);
    reply.header('X-Total-Count', String(total));
    return users;
  });

  app.post('/users/', { schema: { tags, body: setRoleRequest, response: { 200: setRoleResultSchema } } }, async (request) =>
    admin.setRole(principalOf(request), request.body.id, request.body.role),
  );

  app.post(
    '/users/:id/subscription/',
    {
      schema: {
        tags,
        params: z.object({ id }),
        body: z.object({ subscription: z.enum(subscriptionTiers) }),
        response: { 200: setSubscriptionResultSchema },
      },
    },
    async (request) => admin.setSubscription(principalOf(request), request.params.id, request.body.subscription),
  );

  app.get('/admin/broker-dashboard/', { schema: { tags, querystring: paging, response: { 200: brokerDashboardSchema } } }, async (request) =>
    admin.brokerTable(request.query.page, request.query.limit),
  );

  app.get('/admin/broker-leads/', { schema: { tags, response: { 200: z.array(brokerLeadSchema) } } }, async () => admin.brokerLeads());

  app.post('/admin/broker-leads/:id/take/', { schema: { tags, params: z.object({ id }), response: { 200: takeBrokerLeadResultSchema } } }, async (request) =>
    admin.takeBrokerLead(principalOf(request), request.params.id),
  );

  app.get(
    '/admin/domain-lists/:kind/',
    {
      schema: {
        tags,
        params: z.object({ kind: z.enum(['thoroughbred', 'startup-breeders']) }),
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) }),
        response: { 200: z.array(domainSchema) },
      },
    },
    async (request) => admin.domainList(request.params.kind, request.query.limit),
  );

  app.get(
    '/admin/videos/',
    {
      schema: {
        tags,
        querystring: z.object({ filter: z.enum(videoFilterChips.map((c) => c.filter) as [string, ...string[]]).default('all') }),
        response: { 200: z.array(adminVideoSchema) },
      },
    },
    async (request) => admin.videos(request.query.filter),
  );

  app.get('/admin/claims/', { schema: { tags, response: { 200: z.array(claimSchema) } } }, async () => admin.claims());

  app.get(
    '/admin/audit/',
    {
      schema: {
        tags,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: z.array(auditEntrySchema) },
      },
    },
    async (request) => admin.audit(request.query.limit),
  );
};
