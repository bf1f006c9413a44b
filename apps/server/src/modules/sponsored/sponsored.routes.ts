import { sponsoredCategories, sponsoredCategoryNames, sponsoredMessages } from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireAuth } from '../../lib/auth-guard.js';
import type { AuthService } from '../auth/auth.service.js';
import { presentDomain } from '../domains/domains.presenter.js';
import type { SponsoredService } from './sponsored.service.js';

const id = z.number().int().positive().max(2_147_483_647);
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

  app.get('/', { schema: { tags } }, async () =>
    (await sponsored.active()).map((row) => ({
      id: row.headline_id,
      category_obj: categoryObj.get(row.category as (typeof sponsoredCategoryNames)[number]),
      domain_obj: presentDomain(row),
      advertisement_price: row.advertisement_price,
      created_at: row.headline_created_at,
      ends_at: row.ends_at,
    })),
  );

  app.get('/payment-mode/', { schema: { tags } }, async () => ({
    mode: sponsored.paymentMode(),
    message: sponsored.paymentMode() === 'test' ? sponsoredMessages.testMode : null,
  }));

  app.get('/eligible/', { onRequest: authenticated, schema: { tags } }, async (request) => sponsored.eligible(principalOf(request)));

  app.post('/cart/', { onRequest: authenticated, schema: { tags, body: cartBody } }, async (request, reply) =>
    reply.status(201).send(await sponsored.createCart(principalOf(request), request.body.items)),
  );

  app.post(
    '/order/',
    { onRequest: authenticated, schema: { tags, body: z.object({ cart_id: id }).strict() } },
    async (request, reply) => reply.status(201).send(await sponsored.placeOrder(principalOf(request), request.body.cart_id)),
  );

  app.get('/orders/', { onRequest: authenticated, schema: { tags } }, async (request) => sponsored.orders(principalOf(request)));
};
