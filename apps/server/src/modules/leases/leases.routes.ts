import {
  authCodeSchema,
  bankRecordRequest,
  checkoutUrlSchema,
  disputeRequest,
  leaseFinanceSchema,
  leaseOfferSchema,
  leaseSchema,
  leaseTermsRequest,
  recordId,
  resolveLeaseRequest,
  startLeaseRequest,
  startTransferRequest,
} from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireAdmin, requireAuth } from '../../lib/auth-guard.js';
import type { AuthService } from '../auth/index.js';
import type { LeasesService } from './leases.service.js';

const idParams = z.object({ id: recordId });
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** A domain's lease offer (public) and its owner's terms: `/api/domains/{id}/lease-...`. */
export const leaseOfferRoutes: FastifyPluginAsyncZod<{ auth: AuthService; leases: LeasesService }> = async (app, { auth, leases }) => {
  const tags = ['leases'];
  app.get('/:id/lease-offer', { schema: { tags, params: idParams, response: { 200: leaseOfferSchema } } }, async (request) => leases.offer(request.params.id));
  app.put('/:id/lease-terms', { onRequest: requireAuth(auth), schema: { tags, params: idParams, body: leaseTermsRequest, response: { 200: leaseOfferSchema } } }, async (request) =>
    leases.setTerms(principalOf(request), request.params.id, request.body),
  );
};

/** The parties' side of a lease: `/api/leases/...`. */
export const leasesRoutes: FastifyPluginAsyncZod<{ auth: AuthService; leases: LeasesService }> = async (app, { auth, leases }) => {
  app.addHook('onRequest', requireAuth(auth));
  const tags = ['leases'];
  const one = { 200: leaseSchema };
  app.get('/', { schema: { tags, response: { 200: z.array(leaseSchema) } } }, async (request) => leases.list(principalOf(request)));
  app.post('/', { config: perMinute(20), schema: { tags, body: startLeaseRequest, response: { 201: leaseSchema } } }, async (request, reply) =>
    reply.status(201).send(await leases.start(principalOf(request), request.body.domain_id)),
  );
  app.get('/:id', { schema: { tags, params: idParams, response: one } }, async (request) => leases.get(principalOf(request), request.params.id));
  app.post('/:id/cancel', { schema: { tags, params: idParams, response: one } }, async (request) => leases.cancel(principalOf(request), request.params.id));
  app.post('/:id/pay-off', { schema: { tags, params: idParams, response: one } }, async (request) => leases.payOff(principalOf(request), request.params.id));
  app.post('/:id/transfer', { schema: { tags, params: idParams, body: startTransferRequest, response: one } }, async (request) =>
    leases.startTransfer(principalOf(request), request.params.id, request.body),
  );
  app.get('/:id/auth-code', { config: perMinute(30), schema: { tags, params: idParams, response: { 200: authCodeSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return leases.authCode(principalOf(request), request.params.id);
  });
  app.post('/:id/dns-check', { config: perMinute(20), schema: { tags, params: idParams, response: one } }, async (request) => leases.checkDns(principalOf(request), request.params.id));
  app.post('/:id/confirm', { schema: { tags, params: idParams, response: one } }, async (request) => leases.confirm(principalOf(request), request.params.id));
  app.post('/:id/dispute', { config: perMinute(10), schema: { tags, params: idParams, body: disputeRequest, response: one } }, async (request) =>
    leases.dispute(principalOf(request), request.params.id, request.body.reason),
  );
  app.post('/instalments/:id/checkout', { config: perMinute(20), schema: { tags, params: idParams, response: { 200: checkoutUrlSchema } } }, async (request) =>
    leases.checkout(principalOf(request), request.params.id),
  );
};

/** The admin's side: instalment payments, payouts and refunds, disputes, and the leases in Finance. */
export const leasesAdminRoutes: FastifyPluginAsyncZod<{ auth: AuthService; leases: LeasesService }> = async (app, { auth, leases }) => {
  app.addHook('onRequest', requireAuth(auth));
  app.addHook('onRequest', requireAdmin);
  const tags = ['admin'];
  const one = { 200: leaseSchema };
  app.get('/finance/leases', { schema: { tags, response: { 200: leaseFinanceSchema } } }, async () => leases.finance());
  app.post('/leases/:id/resolve', { schema: { tags, params: idParams, body: resolveLeaseRequest, response: one } }, async (request) =>
    leases.resolve(principalOf(request), request.params.id, request.body.decision, request.body.note),
  );
  app.post('/instalments/:id/payment', { schema: { tags, params: idParams, body: bankRecordRequest, response: one } }, async (request) =>
    leases.adminRecordPayment(principalOf(request), request.params.id, request.body),
  );
  app.post('/instalments/:id/payout', { schema: { tags, params: idParams, body: bankRecordRequest, response: one } }, async (request) =>
    leases.recordPayout(principalOf(request), request.params.id, request.body.reference),
  );
  app.post('/instalments/:id/refund', { schema: { tags, params: idParams, response: one } }, async (request) => leases.refundInstalment(principalOf(request), request.params.id));
  app.post('/instalments/:id/record-refund', { schema: { tags, params: idParams, body: bankRecordRequest, response: one } }, async (request) =>
    leases.recordRefund(principalOf(request), request.params.id, request.body.reference),
  );
};
