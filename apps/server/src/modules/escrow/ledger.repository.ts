import { asCents, type Cents, type EscrowAmounts, type EscrowKind, type HeldAccount, heldAccounts, type LedgerAccount, type MovementKind, postingsFor } from '@market/shared';
import type { Executor } from '../../db/database.js';

export interface ItemRef {
  kind: EscrowKind;
  id: number;
}

export interface MovementInput {
  item: ItemRef;
  kind: MovementKind;
  amounts: EscrowAmounts;
  provider: string;
  reference: string;
  recordedBy: number | null;
  at: string;
}

/** Writes one movement and its balanced postings, in the caller's transaction. */
export async function insertMovement(db: Executor, m: MovementInput): Promise<number> {
  const { id } = await db
    .insertInto('ledger_movements')
    .values({ item_kind: m.item.kind, item_id: m.item.id, kind: m.kind, provider: m.provider, reference: m.reference, recorded_by: m.recordedBy, created_at: m.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const postings = postingsFor(m.kind, m.amounts);
  await db
    .insertInto('ledger_postings')
    .values(postings.map((p) => ({ movement_id: id, item_kind: m.item.kind, item_id: m.item.id, account: p.account, amount_cents: p.amount_cents })))
    .execute();
  return id;
}

/** Whether a payment with this provider reference was already applied (to any item). */
export async function paymentApplied(db: Executor, reference: string): Promise<boolean> {
  const row = await db.selectFrom('ledger_movements').select('id').where('reference', '=', reference).where('kind', '=', 'payment').executeTakeFirst();
  return row !== undefined;
}

const zeroHeld = (): Record<HeldAccount, Cents> => ({ escrow: asCents(0), payable: asCents(0), refunds_payable: asCents(0) });

/**
 * What the marketplace holds for each item of a kind, per held account (positive: owed by the
 * marketplace; postings on these liability accounts are credits, so the sum is negated).
 */
export async function heldBalances(db: Executor, kind: EscrowKind, ids?: readonly number[]): Promise<Map<number, Record<HeldAccount, Cents>>> {
  const balances = new Map<number, Record<HeldAccount, Cents>>();
  if (ids && ids.length === 0) return balances;
  let q = db
    .selectFrom('ledger_postings')
    .select(['item_id', 'account', (eb) => eb.fn.sum<number>('amount_cents').as('total')])
    .where('item_kind', '=', kind)
    .where('account', 'in', [...heldAccounts])
    .groupBy(['item_id', 'account']);
  if (ids) q = q.where('item_id', 'in', [...ids]);
  for (const row of await q.execute()) {
    const held = balances.get(row.item_id) ?? zeroHeld();
    held[row.account as HeldAccount] = asCents(-Number(row.total ?? 0));
    balances.set(row.item_id, held);
  }
  return balances;
}

/** Balance of every account over the whole ledger (debit positive). */
export async function accountBalances(db: Executor): Promise<Record<LedgerAccount, Cents>> {
  const rows = await db.selectFrom('ledger_postings').select(['account', (eb) => eb.fn.sum<number>('amount_cents').as('total')]).groupBy('account').execute();
  const totals = { clearing: 0, escrow: 0, payable: 0, refunds_payable: 0, commission: 0, sponsored_sales: 0 } as Record<LedgerAccount, number>;
  for (const row of rows) totals[row.account as LedgerAccount] = Number(row.total ?? 0);
  return Object.fromEntries(Object.entries(totals).map(([a, v]) => [a, asCents(v)])) as Record<LedgerAccount, Cents>;
}

/** Sum of each account's postings per movement kind over a period: what moved when. */
export async function periodFlows(db: Executor, range: { from?: string; to?: string }): Promise<{ kind: MovementKind; account: LedgerAccount; total: Cents }[]> {
  let q = db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_movements as m', 'm.id', 'p.movement_id')
    .select(['m.kind', 'p.account', (eb) => eb.fn.sum<number>('p.amount_cents').as('total')])
    .groupBy(['m.kind', 'p.account']);
  if (range.from) q = q.where('m.created_at', '>=', range.from);
  if (range.to) q = q.where('m.created_at', '<', range.to);
  return (await q.execute()).map((r) => ({ kind: r.kind as MovementKind, account: r.account as LedgerAccount, total: asCents(Number(r.total ?? 0)) }));
}

/** Movements whose postings do not sum to zero (none, as long as every movement goes through insertMovement). */
export async function unbalancedMovements(db: Executor): Promise<{ movement_id: number; sum_cents: Cents }[]> {
  const rows = await db
    .selectFrom('ledger_postings')
    .select(['movement_id', (eb) => eb.fn.sum<number>('amount_cents').as('total')])
    .groupBy('movement_id')
    .having((eb) => eb.fn.sum('amount_cents'), '<>', 0)
    .execute();
  return rows.map((r) => ({ movement_id: r.movement_id, sum_cents: asCents(Number(r.total ?? 0)) }));
}

/** Movements with their postings, oldest first, for the export (optionally one period, one item). */
export async function movementsWithPostings(db: Executor, range: { from?: string; to?: string; item?: ItemRef }, limit: number) {
  let q = db.selectFrom('ledger_movements').selectAll().orderBy('id').limit(limit);
  if (range.from) q = q.where('created_at', '>=', range.from);
  if (range.to) q = q.where('created_at', '<', range.to);
  if (range.item) q = q.where('item_kind', '=', range.item.kind).where('item_id', '=', range.item.id);
  const movements = await q.execute();
  const postings = new Map<number, { account: LedgerAccount; amount_cents: Cents }[]>();
  // In slices: one IN list of a whole year's movements would pass the parameter limits.
  for (let i = 0; i < movements.length; i += 500) {
    const ids = movements.slice(i, i + 500).map((m) => m.id);
    const rows = await db.selectFrom('ledger_postings').select(['movement_id', 'account', 'amount_cents']).where('movement_id', 'in', ids).orderBy('id').execute();
    for (const r of rows) {
      const list = postings.get(r.movement_id) ?? [];
      list.push({ account: r.account as LedgerAccount, amount_cents: asCents(Number(r.amount_cents)) });
      postings.set(r.movement_id, list);
    }
  }
  return movements.map((m) => ({ ...m, postings: postings.get(m.id) ?? [] }));
}
