import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DealStatus } from '@market/shared';
import type { Executor } from '../../db/database.js';
import type { OrderEventsTable, PurchaseOrdersTable } from '../../db/schema.js';

export type OrderRow = Selectable<PurchaseOrdersTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;

/** The names a page shows beside a sale or a lease: the domain's and both parties'. */
export interface PartyNames {
  domain_unicode: string;
  domain_ascii: string;
  buyer_first_name: string;
  buyer_last_name: string;
  seller_first_name: string;
  seller_last_name: string;
}

/** The columns of PartyNames, from the item joined to `domains as d`, `users as b` (buyer) and `users as s` (seller). */
export const PARTY_NAME_COLUMNS = [
  'd.domain_unicode',
  'd.domain_name as domain_ascii',
  'b.first_name as buyer_first_name',
  'b.last_name as buyer_last_name',
  's.first_name as seller_first_name',
  's.last_name as seller_last_name',
] as const;

/** An order with the names a page shows beside it. */
export type OrderView = OrderRow & PartyNames;

function selectOrders(db: Executor) {
  return db
    .selectFrom('purchase_orders as o')
    .innerJoin('domains as d', 'd.id', 'o.domain_id')
    .innerJoin('users as b', 'b.id', 'o.buyer_id')
    .innerJoin('users as s', 's.id', 'o.seller_id')
    .selectAll('o')
    .select(PARTY_NAME_COLUMNS);
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

export async function updateOrder(db: Executor, id: number, patch: Updateable<PurchaseOrdersTable>): Promise<void> {
  await db.updateTable('purchase_orders').set(patch).where('id', '=', id).execute();
}

export async function insertEvent(db: Executor, event: Insertable<OrderEventsTable>): Promise<void> {
  await db.insertInto('order_events').values(event).execute();
}

export function eventsOf(db: Executor, orderId: number): Promise<OrderEventRow[]> {
  return db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** Orders whose deadline `column` has passed while in `status`: the timers' work list. */
export function overdueOrders(
  db: Executor,
  statuses: readonly DealStatus[],
  column: 'pay_by' | 'transfer_by' | 'confirm_by',
  now: string,
  limit = 200,
): Promise<OrderView[]> {
  return selectOrders(db)
    .where('o.status', 'in', [...statuses])
    .where(`o.${column}`, 'is not', null)
    .where(`o.${column}`, '<=', now)
    .orderBy('o.id')
    .limit(limit)
    .execute();
}

/** The checkout page opened for an order still in the state it was checked in (the newest page wins). */
export async function setCheckoutSession(db: Executor, id: number, status: string, sessionId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('purchase_orders')
    .set({ checkout_session_id: sessionId, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The newest order opened from each of these leads (an accepted offer's order). */
export async function orderIdsOfLeads(db: Executor, leadIds: number[]): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  if (leadIds.length === 0) return found;
  const rows = await db.selectFrom('purchase_orders').select(['id', 'domain_lead_id']).where('domain_lead_id', 'in', leadIds).orderBy('id').execute();
  for (const r of rows) if (r.domain_lead_id !== null) found.set(r.domain_lead_id, r.id);
  return found;
}
