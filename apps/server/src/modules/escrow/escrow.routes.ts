import { bankRecordRequest, csvFile, formatCents, itemLedgerQuery, itemLedgerSchema, overpaymentSchema, paymentCommandSchema, reconcileReportSchema, recordId } from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvLines } from '../../lib/csv.js';
import { principalOf, requireAdmin, requireAuth } from '../../lib/auth-guard.js';
import type { AuthService } from '../auth/index.js';
import type { EscrowFinance } from './finance.js';
import type { OverpaymentsService } from './overpayments.service.js';

const idParams = z.object({ id: recordId });
const periodQuery = z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() });

/** A period of whole days, in UTC: from the first day's start to the end of the last. */
export function periodOf(query: { from?: string; to?: string }) {
  const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString();
  return { from: query.from ? `${query.from}T00:00:00.000Z` : undefined, to: query.to ? nextDay(query.to) : undefined };
}

/** Admin Finance over the ledger: `/api/admin/finance/...` (reconcile, movements, payment commands, held payments). */
export const escrowAdminRoutes: FastifyPluginAsyncZod<{ auth: AuthService; finance: EscrowFinance; overpayments: OverpaymentsService }> = async (
  app,
  { auth, finance, overpayments },
) => {
  app.addHook('onRequest', requireAuth(auth));
  app.addHook('onRequest', requireAdmin);
  const tags = ['admin'];

  app.get('/finance/reconcile', { schema: { tags, response: { 200: reconcileReportSchema } } }, async () => finance.reconcile());
  app.get('/finance/ledger', { schema: { tags, querystring: itemLedgerQuery, response: { 200: itemLedgerSchema } } }, async (request) =>
    finance.itemLedger(request.query.kind, request.query.id),
  );

  app.get('/finance/movements.csv', { schema: { tags, querystring: periodQuery, response: { 200: csvFile } } }, async (request, reply) => {
    const movements = await finance.movements(periodOf(request.query), 1_000_000);
    const header = ['movement', 'date', 'item', 'item id', 'movement kind', 'provider', 'reference', 'account', 'debit', 'credit'];
    const rows = movements.flatMap((m) =>
      m.postings.map((p) => [
        m.id,
        m.created_at,
        m.item_kind,
        m.item_id,
        m.kind,
        m.provider,
        m.reference,
        p.account,
        p.amount_cents > 0 ? formatCents(p.amount_cents) : '',
        p.amount_cents < 0 ? formatCents(-p.amount_cents as typeof p.amount_cents) : '',
      ]),
    );
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="ledger.csv"').send(csvLines([header, ...rows]));
  });

  app.post('/finance/commands/:id/retry', { schema: { tags, params: idParams, response: { 200: paymentCommandSchema } } }, async (request) =>
    finance.retry(principalOf(request), request.params.id),
  );
  app.post('/finance/overpayments/:id/refund', { schema: { tags, params: idParams, response: { 200: overpaymentSchema } } }, async (request) =>
    overpayments.refund(principalOf(request), request.params.id),
  );
  app.post('/finance/overpayments/:id/record-refund', { schema: { tags, params: idParams, body: bankRecordRequest, response: { 200: overpaymentSchema } } }, async (request) =>
    overpayments.recordRefund(principalOf(request), request.params.id, request.body.reference),
  );
};
