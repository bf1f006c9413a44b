import { type Finance, fundedMilestoneStatuses } from '@market/shared';
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

/** Held funds (the ledger) equal the totals of the orders and freelance milestones that hold money right now. */
export async function expectLedgerBalanced(t: TestApp, adminToken: string): Promise<void> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/finance/', headers: bearer(adminToken) });
  expect(res.statusCode, res.body).toBe(200);
  const finance = json<Finance>(res);
  const holding = await t.db.kysely
    .selectFrom('purchase_orders')
    .select(['buyer_total_cents', 'status', 'paid_at'])
    .where('status', 'in', ['paid', 'transfer_in_progress', 'confirmed', 'disputed', 'refund_due'])
    .execute();
  const milestones = await t.db.kysely
    .selectFrom('engagement_milestones')
    .select(['amount_cents', 'paid_at'])
    .where('status', 'in', [...fundedMilestoneStatuses])
    .execute();
  const expected =
    holding.filter((o) => o.paid_at !== null).reduce((sum, o) => sum + Number(o.buyer_total_cents), 0) +
    milestones.filter((m) => m.paid_at !== null).reduce((sum, m) => sum + Number(m.amount_cents), 0);
  expect(finance.held_cents).toBe(expected);
  const rows = await t.db.kysely.selectFrom('ledger_entries').select(['kind', 'amount_cents']).execute();
  const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((n, r) => n + Number(r.amount_cents), 0);
  expect(finance.held_cents).toBe(sum('payment') - sum('refund') - sum('payout') - sum('commission'));
}
