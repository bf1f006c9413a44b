import {
  authCodeSchema,
  bankRecordRequest,
  checkoutUrlSchema,
  csvFile,
  dealSchema,
  dealStatuses,
  disputeRequest,
  financeSchema,
  formatCents,
  resolveDisputeRequest,
  recordId,
  startTransferRequest,
} from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireAdmin, requireAuth } from '../../lib/auth-guard.js';
import type { AuthService } from '../auth/index.js';
import { csvLines } from '../../lib/csv.js';
import { periodOf } from '../escrow/index.js';
import type { DealsService } from './deals.service.js';

const idParams = z.object({ id: recordId });
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** The parties' side of an order: `/api/orders/...`. */
export const dealsRoutes: FastifyPluginAsyncZod<{ auth: AuthService; deals: DealsService }> = async (app, { auth, deals }) => {
  app.addHook('onRequest', requireAuth(auth));
  const tags = ['orders'];
  const one = { 200: dealSchema };

  app.get('/', { schema: { tags, response: { 200: z.array(dealSchema) } } }, async (request) => deals.list(principalOf(request)));
  app.get('/:id', { schema: { tags, params: idParams, response: one } }, async (request) => deals.get(principalOf(request), request.params.id));
  app.post(
    '/:id/checkout',
    { config: perMinute(20), schema: { tags, params: idParams, response: { 200: checkoutUrlSchema } } },
    async (request) => deals.checkout(principalOf(request), request.params.id),
  );
  app.post('/:id/cancel', { schema: { tags, params: idParams, response: one } }, async (request) =>
    deals.cancel(principalOf(request), request.params.id),
  );
  app.post('/:id/transfer', { schema: { tags, params: idParams, body: startTransferRequest, response: one } }, async (request) =>
    deals.startTransfer(principalOf(request), request.params.id, request.body),
  );
  app.get(
    '/:id/auth-code',
    { config: perMinute(30), schema: { tags, params: idParams, response: { 200: authCodeSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return deals.authCode(principalOf(request), request.params.id);
    },
  );
  app.post('/:id/dns-check', { config: perMinute(20), schema: { tags, params: idParams, response: one } }, async (request) =>
    deals.checkDns(principalOf(request), request.params.id),
  );
  app.post('/:id/confirm', { schema: { tags, params: idParams, response: one } }, async (request) =>
    deals.confirm(principalOf(request), request.params.id),
  );
  app.post('/:id/dispute', { config: perMinute(10), schema: { tags, params: idParams, body: disputeRequest, response: one } }, async (request) =>
    deals.dispute(principalOf(request), request.params.id, request.body.reason),
  );
};

const financeQuery = z.object({
  status: z.enum(dealStatuses).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

function financeFilter(query: z.infer<typeof financeQuery>) {
  return { statuses: query.status ? [query.status] : undefined, ...periodOf(query) };
}

/** The admin's side: record bank payments, payouts and refunds, settle disputes, see the money. */
export const dealsAdminRoutes: FastifyPluginAsyncZod<{ auth: AuthService; deals: DealsService }> = async (app, { auth, deals }) => {
  app.addHook('onRequest', requireAuth(auth));
  app.addHook('onRequest', requireAdmin);
  const tags = ['admin'];
  const one = { 200: dealSchema };

  app.post('/orders/:id/payment', { schema: { tags, params: idParams, body: bankRecordRequest, response: one } }, async (request) =>
    deals.adminRecordPayment(principalOf(request), request.params.id, request.body),
  );
  app.post('/orders/:id/payout', { schema: { tags, params: idParams, body: bankRecordRequest, response: one } }, async (request) =>
    deals.recordPayout(principalOf(request), request.params.id, request.body.reference),
  );
  app.post('/orders/:id/refund', { schema: { tags, params: idParams, body: bankRecordRequest, response: one } }, async (request) =>
    deals.recordRefund(principalOf(request), request.params.id, request.body.reference),
  );
  app.post('/orders/:id/resolve', { schema: { tags, params: idParams, body: resolveDisputeRequest, response: one } }, async (request) =>
    deals.resolve(principalOf(request), request.params.id, request.body.decision, request.body.note),
  );
  app.get('/finance', { schema: { tags, querystring: financeQuery, response: { 200: financeSchema } } }, async (request) =>
    deals.finance(financeFilter(request.query)),
  );
  app.get('/finance/orders.csv', { schema: { tags, querystring: financeQuery, response: { 200: csvFile } } }, async (request, reply) => {
    const { orders } = await deals.finance(financeFilter(request.query), 100_000);
    const header = ['order', 'reference', 'domain', 'buyer', 'seller', 'status', 'price', 'buyer fee', 'seller fee', 'buyer total', 'seller net', 'created', 'paid', 'payout', 'refunded'];
    const rows = orders.map((o) => [
      o.id,
      o.payment_reference,
      o.domain_name,
      `${o.buyer.first_name} ${o.buyer.last_name}`,
      `${o.seller.first_name} ${o.seller.last_name}`,
      o.status_label,
      formatCents(o.price_cents),
      formatCents(o.buyer_fee_cents),
      formatCents(o.seller_fee_cents),
      formatCents(o.buyer_total_cents),
      formatCents(o.seller_net_cents),
      o.created_at,
      o.paid_at ?? '',
      o.payout_at ?? '',
      o.refunded_at ?? '',
    ]);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="orders.csv"')
      .send(csvLines([header, ...rows]));
  });
};
