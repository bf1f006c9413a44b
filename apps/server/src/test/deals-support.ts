import type { EscrowKind, ReconcileReport } from '@market/shared';
import { expect } from 'vitest';
import { bearer, json, type TestApp } from './test-app.js';

/** Lists these names for sale at Buy Now prices (approved by the admin); answers their ids. */
export async function listForBuyNow(t: TestApp, sellerToken: string, adminToken: string, prices: Record<string, number>): Promise<Record<string, number>> {
  const names = Object.keys(prices);
  await t.app.inject({ method: 'POST', url: '/api/domains/', headers: bearer(sellerToken), payload: { domain_list: names.join(' ') } });
  const { domains } = json<{ domains: { id: number; domain_ascii: string }[] }>(await t.app.inject({ method: 'GET', url: '/api/domains/', headers: bearer(sellerToken) }));
  const ids: Record<string, number> = {};
  for (const d of domains) if (d.domain_ascii in prices) ids[d.domain_ascii] = d.id;
  for (const name of names) {
    await t.app.inject({ method: 'PUT', url: `/api/domains/${ids[name]}/`, headers: bearer(sellerToken), payload: { seller_price: prices[name], business_status: 'Buy Now' } });
  }
  await t.app.inject({ method: 'POST', url: '/api/domains/admin/approval/', headers: bearer(adminToken), payload: { ids: Object.values(ids), action: 'approve' } });
  return ids;
}

/**
 * The books reconcile: every item holds exactly what its state says (the reconcile report is
 * empty) and every movement's postings sum to zero.
 */
export async function expectLedgerBalanced(t: TestApp, adminToken: string): Promise<void> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/finance/reconcile/', headers: bearer(adminToken) });
  expect(res.statusCode, res.body).toBe(200);
  const report = json<ReconcileReport>(res);
  expect(report.mismatches).toEqual([]);
  expect(report.unbalanced_movements).toEqual([]);
}

/** The money of one item as the ledger has it: each movement's kind and its postings, oldest first. */
export async function movementsOf(t: TestApp, kind: EscrowKind, id: number): Promise<{ kind: string; reference: string; postings: Record<string, number> }[]> {
  const movements = await t.db.kysely.selectFrom('ledger_movements').selectAll().where('item_kind', '=', kind).where('item_id', '=', id).orderBy('id').execute();
  const postings = movements.length
    ? await t.db.kysely.selectFrom('ledger_postings').selectAll().where('movement_id', 'in', movements.map((m) => m.id)).orderBy('id').execute()
    : [];
  return movements.map((m) => ({
    kind: m.kind,
    reference: m.reference,
    postings: Object.fromEntries(postings.filter((p) => p.movement_id === m.id).map((p) => [p.account, Number(p.amount_cents)])),
  }));
}
