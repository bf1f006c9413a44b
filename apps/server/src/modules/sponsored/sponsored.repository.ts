import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { SponsoredCartItemsTable, SponsoredCartsTable, SponsoredHeadlinesTable, SponsoredOrdersTable } from '../../db/schema.js';
import { type DomainWithOwner, selectWithOwner } from '../domains/index.js';

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

export function overdueOrders(db: Executor, statuses: readonly string[], now: string, limit = 500): Promise<SponsoredOrderView[]> {
  return selectOrders(db).where('o.status', 'in', [...statuses]).where('o.pay_by', '<', now).orderBy('o.id').limit(limit).execute();
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

/**
 * Domain and category pairs in an order that waits for its payment (one of `waiting`), of the
 * domain's owner (an order a previous owner placed before the domain changed hands is not theirs).
 */
export function pendingItems(db: Executor, domainIds: readonly number[], waiting: readonly string[]): Promise<{ domain_id: number; category: string }[]> {
  if (domainIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sponsored_cart_items as i')
    .innerJoin('sponsored_orders as o', 'o.cart_id', 'i.cart_id')
    .innerJoin('domains as d', 'd.id', 'i.domain_id')
    .select(['i.domain_id', 'i.category'])
    .where('o.status', 'in', [...waiting])
    .where('i.domain_id', 'in', [...domainIds])
    .whereRef('o.user_id', '=', 'd.user_id')
    .execute();
}

/** The user's approved, available domains, by name: those a headline could be bought for. */
export function sellableDomainsOf(db: Executor, userId: number): Promise<DomainWithOwner[]> {
  return selectWithOwner(db)
    .where('d.user_id', '=', userId)
    .where('d.status', '=', 'approved')
    .where('d.sale_status', '=', 'available')
    .orderBy('d.domain_name')
    .limit(5000)
    .execute();
}

export function domainsByIds(db: Executor, ids: readonly number[]): Promise<DomainWithOwner[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectWithOwner(db).where('d.id', 'in', [...ids]).execute();
}

/**
 * Headlines of these domains still running at `now` (or starting later) that their owner paid
 * for: a previous owner's never run for the domain's new owner.
 */
export function runningHeadlines(db: Executor, domainIds: readonly number[], now: string): Promise<{ domain_id: number; category: string; ends_at: string }[]> {
  if (domainIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sponsored_headlines as h')
    .innerJoin('sponsored_orders as o', 'o.id', 'h.order_id')
    .innerJoin('domains as d', 'd.id', 'h.domain_id')
    .select(['h.domain_id', 'h.category', 'h.ends_at'])
    .where('h.domain_id', 'in', [...domainIds])
    .where('h.ends_at', '>', now)
    .whereRef('o.user_id', '=', 'd.user_id')
    .execute();
}

export type ActiveHeadlineRow = DomainWithOwner & {
  headline_id: number;
  category: string;
  advertisement_price: number;
  headline_created_at: string;
  ends_at: string;
};

/** Running headlines of approved, available domains, paid for by their owner, newest first. */
export function activeHeadlines(db: Executor, now: string, limit: number): Promise<ActiveHeadlineRow[]> {
  return selectWithOwner(db)
    .innerJoin('sponsored_headlines as h', 'h.domain_id', 'd.id')
    .innerJoin('sponsored_orders as o', (join) => join.onRef('o.id', '=', 'h.order_id').onRef('o.user_id', '=', 'd.user_id'))
    .select(['h.id as headline_id', 'h.category', 'h.advertisement_price', 'h.created_at as headline_created_at', 'h.ends_at'])
    .where('h.starts_at', '<=', now)
    .where('h.ends_at', '>', now)
    .where('d.status', '=', 'approved')
    .where('d.sale_status', '=', 'available')
    .orderBy('h.id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertHeadlines(db: Executor, headlines: Insertable<SponsoredHeadlinesTable>[]): Promise<void> {
  if (headlines.length === 0) return;
  await db.insertInto('sponsored_headlines').values(headlines).execute();
}

export type SponsoredCartRow = Selectable<SponsoredCartsTable>;
export type SponsoredCartItemRow = Selectable<SponsoredCartItemsTable>;

export function findCart(db: Executor, id: number): Promise<SponsoredCartRow | undefined> {
  return db.selectFrom('sponsored_carts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A new cart with its lines; returns its id. */
export async function insertCart(
  db: Executor,
  cart: Insertable<SponsoredCartsTable>,
  items: Omit<Insertable<SponsoredCartItemsTable>, 'cart_id'>[],
): Promise<number> {
  const { id } = await db.insertInto('sponsored_carts').values(cart).returning('id').executeTakeFirstOrThrow();
  if (items.length > 0) await db.insertInto('sponsored_cart_items').values(items.map((i) => ({ ...i, cart_id: id }))).execute();
  return id;
}

export function cartItems(db: Executor, cartId: number): Promise<SponsoredCartItemRow[]> {
  return db.selectFrom('sponsored_cart_items').selectAll().where('cart_id', '=', cartId).execute();
}

export interface CartLineRow {
  category: string;
  unit_price: number;
  domain_id: number;
  domain_name: string;
}

/** The cart's lines with their domains' names, in the order they were added. */
export function cartLines(db: Executor, cartId: number): Promise<CartLineRow[]> {
  return db
    .selectFrom('sponsored_cart_items as i')
    .innerJoin('domains as d', 'd.id', 'i.domain_id')
    .select(['i.category', 'i.unit_price', 'd.id as domain_id', 'd.domain_unicode as domain_name'])
    .where('i.cart_id', '=', cartId)
    .orderBy('i.id')
    .execute();
}

/**
 * Sets the cart's status; with `from`, only if it is still in that one (true when it moved), so
 * of two attempts to claim a cart one wins.
 */
export async function setCartStatus(db: Executor, id: number, status: string, now: string, from?: string): Promise<boolean> {
  let q = db.updateTable('sponsored_carts').set({ status, updated_at: now }).where('id', '=', id);
  if (from !== undefined) q = q.where('status', '=', from);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertOrder(db: Executor, order: Insertable<SponsoredOrdersTable>): Promise<number> {
  const { id } = await db.insertInto('sponsored_orders').values(order).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The checkout page opened for an order still in the state it was checked in (the newest page wins). */
export async function setCheckoutSession(db: Executor, id: number, status: string, sessionId: string): Promise<boolean> {
  const result = await db
    .updateTable('sponsored_orders')
    .set({ checkout_session_id: sessionId })
    .where('id', '=', id)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
