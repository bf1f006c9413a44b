import {
  bankRecordRequest,
  checkoutUrlSchema,
  eligibleDomainSchema,
  recordId,
  type SponsoredHeadline,
  sponsoredCartSchema,
  sponsoredCategories,
  sponsoredCategoryNames,
  sponsoredHeadlineSchema,
  sponsoredMessages,
  sponsoredOrderSchema,
  sponsoredOrderStatuses,
  sponsoredPaymentModeSchema,
} from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireAdmin, requireAuth } from '../../lib/auth-guard.js';
import type { AuthService } from '../auth/index.js';
import { presentDomain } from '../domains/index.js';
import type { SponsoredService } from './sponsored.service.js';

const id = z.number().int().positive().max(2_147_483_647);
const idParams = z.object({ id: recordId });
// Strict: a client cannot send prices or totals; anything but ids and a category is refused.
const cartBody = z
  .object({
    items: z
      .array(z.object({ domain_ids: z.array(id).max(5000), category: z.enum(sponsoredCategoryNames) }).strict())
      .max(10),
  })
  .strict();

export const sponsoredRoutes: FastifyPluginAsyncZod<{ auth: AuthService; sponsored: SponsoredService }> = async (
  app,
  { auth, sponsored },
) => {
  const authenticated = requireAuth(auth);
  const tags = ['sponsored headlines'];
  const categoryObj = new Map(sponsoredCategories.map((c) => [c.name, c]));

  app.get('/', { schema: { tags, response: { 200: z.array(sponsoredHeadlineSchema) } } }, async () =>
    (await sponsored.active()).map((row): SponsoredHeadline => ({
      id: row.headline_id,
      category_obj: categoryObj.get(row.category as (typeof sponsoredCategoryNames)[number])!,
      domain_obj: presentDomain(row),
      advertisement_price: row.advertisement_price,
      created_at: row.headline_created_at,
      ends_at: row.ends_at,
    })),
  );

  app.get('/payment-mode/', { schema: { tags, response: { 200: sponsoredPaymentModeSchema } } }, async () => ({
    mode: sponsored.paymentMode(),
    message: sponsoredMessages.awaitingPayment,
  }));

  app.get('/eligible/', { onRequest: authenticated, schema: { tags, response: { 200: z.array(eligibleDomainSchema) } } }, async (request) => sponsored.eligible(principalOf(request)));

  app.post('/cart/', { onRequest: authenticated, schema: { tags, body: cartBody, response: { 201: sponsoredCartSchema } } }, async (request, reply) =>
    reply.status(201).send(await sponsored.createCart(principalOf(request), request.body.items)),
  );

  app.post(
    '/order/',
    { onRequest: authenticated, schema: { tags, body: z.object({ cart_id: id }).strict(), response: { 201: sponsoredOrderSchema } } },
    async (request, reply) => reply.status(201).send(await sponsored.placeOrder(principalOf(request), request.body.cart_id)),
  );

  app.get('/orders/', { onRequest: authenticated, schema: { tags, response: { 200: z.array(sponsoredOrderSchema) } } }, async (request) =>
    sponsored.orders(principalOf(request)),
  );
  app.get('/orders/:id/', { onRequest: authenticated, schema: { tags, params: idParams, response: { 200: sponsoredOrderSchema } } }, async (request) =>
    sponsored.order(principalOf(request), request.params.id),
  );
  app.post(
    '/orders/:id/checkout/',
    {
      onRequest: authenticated,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags, params: idParams, response: { 200: checkoutUrlSchema } },
    },
    async (request) => sponsored.checkout(principalOf(request), request.params.id),
  );
  app.post('/orders/:id/cancel/', { onRequest: authenticated, schema: { tags, params: idParams, response: { 200: sponsoredOrderSchema } } }, async (request) =>
    sponsored.cancel(principalOf(request), request.params.id),
  );
};

/** The admin's side: sponsored orders waiting for a bank transfer, and recording it. */
export const sponsoredAdminRoutes: FastifyPluginAsyncZod<{ auth: AuthService; sponsored: SponsoredService }> = async (app, { auth, sponsored }) => {
  app.addHook('onRequest', requireAuth(auth));
  app.addHook('onRequest', requireAdmin);
  const tags = ['admin'];

  app.get(
    '/sponsored-orders/',
    { schema: { tags, querystring: z.object({ status: z.enum(sponsoredOrderStatuses).optional() }), response: { 200: z.array(sponsoredOrderSchema) } } },
    async (request) => sponsored.adminList(request.query.status),
  );
  app.post(
    '/sponsored-orders/:id/payment/',
    { schema: { tags, params: idParams, body: bankRecordRequest, response: { 200: sponsoredOrderSchema } } },
    async (request) => sponsored.adminRecordPayment(principalOf(request), request.params.id, request.body),
  );
};
