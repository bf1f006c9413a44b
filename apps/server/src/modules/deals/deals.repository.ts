import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DealStatus, LedgerKind } from '@market/shared';
import type { Executor } from '../../db/database.js';
import type { LedgerEntriesTable, OrderEventsTable, PurchaseOrdersTable } from '../../db/schema.js';

export type OrderRow = Selectable<PurchaseOrdersTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;

/** An order with the names a page shows beside it. */
export type OrderView = OrderRow & {
  domain_unicode: string;
  domain_ascii: string;
  buyer_first_name: string;
  buyer_last_name: string;
  seller_first_name: string;
  seller_last_name: string;
};

function selectOrders(db: Executor) {
  return db
    .selectFrom('purchase_orders as o')
    .innerJoin('domains as d', 'd.id', 'o.domain_id')
    .innerJoin('users as b', 'b.id', 'o.buyer_id')
    .innerJoin('users as s', 's.id', 'o.seller_id')
    .selectAll('o')
    .select([
      'd.domain_unicode',
      'd.domain_name as domain_ascii',
      'b.first_name as buyer_first_name',
      'b.last_name as buyer_last_name',
      's.first_name as seller_first_name',
      's.last_name as seller_last_name',
    ]);
}

export function findOrder(db: Executor, id: number): Promise<OrderView | undefined> {
  return selectOrders(db).where('o.id', '=', id).executeTakeFirst();
}

export function findOrderByCheckoutSession(db: Executor, sessionId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('purchase_orders').selectAll().where('checkout_session_id', '=', sessionId).executeTakeFirst();
}

export function ordersOfUser(db: Executor, userId: number): Promise<OrderView[]> {
  return selectOrders(db)
    .where((eb) => eb.or([eb('o.buyer_id', '=', userId), eb('o.seller_id', '=', userId)]))
    .orderBy('o.id', 'desc')
    .limit(500)
    .execute();
}

export interface OrderFilter {
  statuses?: DealStatus[];
  from?: string;
  to?: string;
}

/** Orders for the admin's finance page, newest first, by status and creation date. */
export function listOrders(db: Executor, filter: OrderFilter, limit: number): Promise<OrderView[]> {
  let q = selectOrders(db);
  if (filter.statuses?.length) q = q.where('o.status', 'in', filter.statuses);
  if (filter.from) q = q.where('o.created_at', '>=', filter.from);
  if (filter.to) q = q.where('o.created_at', '<', filter.to);
  return q.orderBy('o.id', 'desc').limit(limit).execute();
}

export async function insertOrder(db: Executor, order: Insertable<PurchaseOrdersTable>): Promise<OrderRow> {
  return db.insertInto('purchase_orders').values(order).returningAll().executeTakeFirstOrThrow();
}

/**
 * Moves an order from one of `from` to a new status with `patch`, only if it is still in one
 * of them: of concurrent attempts (two clicks, two instances' timers) exactly one changes a row.
 */
export async function moveOrder(
  db: Executor,
  id: number,
  from: readonly DealStatus[],
  patch: Updateable<PurchaseOrdersTable> & { status?: DealStatus },
): Promise<boolean> {
  const result = await db.updateTable('purchase_orders').set(patch).where('id', '=', id).where('status', 'in', [...from]).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateOrder(db: Executor, id: number, patch: Updateable<PurchaseOrdersTable>): Promise<void> {
  await db.updateTable('purchase_orders').set(patch).where('id', '=', id).execute();
}

/** What is owed now: seller nets of confirmed orders (payouts due) and buyer totals of refunds due, in cents. */
/** Money due out of escrow: payouts of confirmed orders and approved milestones, refunds of both. */
export async function dueTotals(db: Executor): Promise<{ payoutsCents: number; refundsCents: number }> {
  const orders = await db
    .selectFrom('purchase_orders')
    .select(['status', (eb) => eb.fn.sum<number>('seller_net_cents').as('net'), (eb) => eb.fn.sum<number>('buyer_total_cents').as('total')])
    .where('status', 'in', ['confirmed', 'refund_due'])
    .groupBy('status')
    .execute();
  // Freelance milestones hold money in the same ledger: their payouts and refunds are due too.
  const milestones = await db
    .selectFrom('engagement_milestones')
    .select(['status', (eb) => eb.fn.sum<number>('freelancer_net_cents').as('net'), (eb) => eb.fn.sum<number>('amount_cents').as('total')])
    .where('status', 'in', ['approved', 'refund_due'])
    .groupBy('status')
    .execute();
  const sum = (rows: { status: string; net: number | null; total: number | null }[], status: string, column: 'net' | 'total') =>
    Number(rows.find((d) => d.status === status)?.[column] ?? 0);
  return {
    payoutsCents: sum(orders, 'confirmed', 'net') + sum(milestones, 'approved', 'net'),
    refundsCents: sum(orders, 'refund_due', 'total') + sum(milestones, 'refund_due', 'total'),
  };
}

export async function insertEvent(db: Executor, event: Insertable<OrderEventsTable>): Promise<void> {
  await db.insertInto('order_events').values(event).execute();
}

export function eventsOf(db: Executor, orderId: number): Promise<OrderEventRow[]> {
  return db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export async function insertLedger(db: Executor, entry: Insertable<LedgerEntriesTable> & { kind: LedgerKind }): Promise<void> {
  await db.insertInto('ledger_entries').values(entry).execute();
}

/** Sum of each kind of movement, in cents, over the ledger (optionally one period). */
export async function ledgerTotals(db: Executor, range: { from?: string; to?: string } = {}): Promise<Record<LedgerKind, number>> {
  let q = db.selectFrom('ledger_entries').select(['kind', (eb) => eb.fn.sum<number>('amount_cents').as('total')]).groupBy('kind');
  if (range.from) q = q.where('created_at', '>=', range.from);
  if (range.to) q = q.where('created_at', '<', range.to);
  const totals: Record<LedgerKind, number> = { payment: 0, refund: 0, payout: 0, commission: 0 };
  for (const row of await q.execute()) totals[row.kind as LedgerKind] = Number(row.total ?? 0);
  return totals;
}

/** Orders whose deadline `column` has passed while in `status`: the timers' work list. */
export function overdueOrders(
  db: Executor,
  status: DealStatus,
  column: 'pay_by' | 'transfer_by' | 'confirm_by',
  now: string,
  limit = 200,
): Promise<OrderView[]> {
  return selectOrders(db)
    .where('o.status', '=', status)
    .where(`o.${column}`, 'is not', null)
    .where(`o.${column}`, '<=', now)
    .orderBy('o.id')
    .limit(limit)
    .execute();
}

/**
 * Records a payment provider's event id in the change's transaction; false when it was already
 * there. ON CONFLICT rather than a look-first: a duplicate delivered at the same moment waits for
 * the first one's transaction and then finds the id taken, instead of failing on the key.
 */
export async function claimPaymentEvent(db: Executor, eventId: string, provider: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('payment_events')
    .values({ event_id: eventId, provider, created_at: now })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The checkout page opened for an order still awaiting payment (the newest one wins). */
export async function setCheckoutSession(db: Executor, id: number, sessionId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('purchase_orders')
    .set({ checkout_session_id: sessionId, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'awaiting_payment')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The card processor's id of the order's payment, which its refund goes back through. */
export async function setPaymentReference(db: Executor, id: number, reference: string): Promise<void> {
  await db.updateTable('purchase_orders').set({ payment_reference: reference }).where('id', '=', id).execute();
}

/** The newest order opened from each of these leads (an accepted offer's order). */
export async function orderIdsOfLeads(db: Executor, leadIds: number[]): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  if (leadIds.length === 0) return found;
  const rows = await db.selectFrom('purchase_orders').select(['id', 'domain_lead_id']).where('domain_lead_id', 'in', leadIds).orderBy('id').execute();
  for (const r of rows) if (r.domain_lead_id !== null) found.set(r.domain_lead_id, r.id);
  return found;
}
