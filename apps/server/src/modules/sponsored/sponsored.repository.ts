import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { SponsoredOrdersTable } from '../../db/schema.js';

export type SponsoredOrderRow = Selectable<SponsoredOrdersTable>;
export interface SponsoredOrderView extends SponsoredOrderRow {
  first_name: string;
  last_name: string;
  email: string;
}
export interface SponsoredItemRow {
  cart_id: number;
  domain_id: number;
  domain_name: string;
  category: string;
  unit_price: number;
}
export interface SponsoredHeadlineRow {
  order_id: number;
  domain_id: number;
  domain_name: string;
  category: string;
  advertisement_price: number;
  starts_at: string;
  ends_at: string;
}

function selectOrders(db: Executor) {
  return db
    .selectFrom('sponsored_orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select(['u.first_name', 'u.last_name', 'u.email']);
}

export function findOrder(db: Executor, id: number): Promise<SponsoredOrderView | undefined> {
  return selectOrders(db).where('o.id', '=', id).executeTakeFirst();
}

export function findOrderByCheckoutSession(db: Executor, sessionId: string): Promise<SponsoredOrderView | undefined> {
  return selectOrders(db).where('o.checkout_session_id', '=', sessionId).executeTakeFirst();
}

export function ordersOfUser(db: Executor, userId: number, limit = 200): Promise<SponsoredOrderView[]> {
  return selectOrders(db).where('o.user_id', '=', userId).orderBy('o.id', 'desc').limit(limit).execute();
}

/** The admin's list: newest first, optionally one status. */
export function listOrders(db: Executor, status: string | undefined, limit: number): Promise<SponsoredOrderView[]> {
  let query = selectOrders(db);
  if (status) query = query.where('o.status', '=', status);
  return query.orderBy('o.id', 'desc').limit(limit).execute();
}

export function overdueOrders(db: Executor, now: string, limit = 500): Promise<SponsoredOrderView[]> {
  return selectOrders(db).where('o.status', '=', 'awaiting_payment').where('o.pay_by', '<', now).orderBy('o.id').limit(limit).execute();
}

/** What each order buys: its cart's lines, with the domains' names. */
export async function itemsOfOrders(db: Executor, orders: readonly Pick<SponsoredOrderRow, 'cart_id'>[]): Promise<SponsoredItemRow[]> {
  if (orders.length === 0) return [];
  return db
    .selectFrom('sponsored_cart_items as i')
    .innerJoin('domains as d', 'd.id', 'i.domain_id')
    .select(['i.cart_id', 'i.domain_id', 'd.domain_unicode as domain_name', 'i.category', 'i.unit_price'])
    .where('i.cart_id', 'in', orders.map((o) => o.cart_id))
    .orderBy('i.id')
    .execute();
}

export async function headlinesOfOrders(db: Executor, orderIds: readonly number[]): Promise<SponsoredHeadlineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('sponsored_headlines as h')
    .innerJoin('domains as d', 'd.id', 'h.domain_id')
    .select(['h.order_id', 'h.domain_id', 'd.domain_unicode as domain_name', 'h.category', 'h.advertisement_price', 'h.starts_at', 'h.ends_at'])
    .where('h.order_id', 'in', orderIds)
    .orderBy('h.id')
    .execute();
}

/** Domain and category pairs already in an order that waits for its payment. */
export function pendingItems(db: Executor, domainIds: readonly number[]): Promise<{ domain_id: number; category: string }[]> {
  if (domainIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sponsored_cart_items as i')
    .innerJoin('sponsored_orders as o', 'o.cart_id', 'i.cart_id')
    .select(['i.domain_id', 'i.category'])
    .where('o.status', '=', 'awaiting_payment')
    .where('i.domain_id', 'in', [...domainIds])
    .execute();
}

/** Moves an order only from the status it was read in: one of two racing moves wins. */
export async function moveOrder(
  db: Executor,
  id: number,
  from: string,
  patch: Partial<Omit<SponsoredOrderRow, 'id'>>,
): Promise<boolean> {
  const result = await db.updateTable('sponsored_orders').set(patch).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
