import { BROKER_ABOVE, orderFlow, statesAfter } from '@market/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { type DomainWithOwner, selectWithOwner } from '../domains/index.js';

export interface UserListRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: number;
  user_role: string | null;
  subscription: string;
  created_at: string;
}

/** A page of users, newest first, whose e-mail or full name contains `search` (any case), and how many match. */
export async function listUsers(db: Executor, search: string, page: { limit: number; offset: number }): Promise<{ rows: UserListRow[]; total: number }> {
  let q = db.selectFrom('users');
  const term = search.trim().toLowerCase();
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(email)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(first_name || ' ' || last_name)`, 'like', sql`${like} escape '\\'`),
      ]),
    );
  }
  const rows = await q
    .select(['id', 'first_name', 'last_name', 'email', 'role', 'user_role', 'subscription', 'created_at'])
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export async function countUsers(db: Executor): Promise<number> {
  const { n } = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

export function brokerUsers(db: Executor, page: { limit: number; offset: number }) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'role', 'user_role', 'subscription'])
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export interface DomainStatsRow {
  user_id: number;
  breeders: number;
  thoroughbred: number;
}

/** Per owner: domains open to startup breeders, and priced above the broker threshold. */
export async function domainStatsOf(db: Executor, userIds: readonly number[]): Promise<DomainStatsRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('domains')
    .select('user_id')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('startup_breeders_switch', '=', 1).then(1).else(0).end()).as('breeders'),
      eb.fn.sum<number>(eb.case().when('seller_price', '>', BROKER_ABOVE).then(1).else(0).end()).as('thoroughbred'),
    ])
    .where('user_id', 'in', [...userIds])
    .groupBy('user_id')
    .execute();
}

/** Per seller: completed sales (a sold domain is the buyer's by then, so the orders count them). */
export async function salesCountsOf(db: Executor, userIds: readonly number[]): Promise<{ seller_id: number; n: number }[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('purchase_orders')
    .select('seller_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('seller_id', 'in', [...userIds])
    .where('status', 'in', statesAfter(orderFlow, 'record_payout'))
    .groupBy('seller_id')
    .execute();
}

/** Per uploader: video pitches uploaded and not deleted. */
export async function videoCountsOf(db: Executor, userIds: readonly number[]): Promise<{ uploader_id: number; n: number }[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('videos')
    .select('uploader_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('uploader_id', 'in', [...userIds])
    .where('status', 'not in', ['uploading', 'deleted'])
    .groupBy('uploader_id')
    .execute();
}

/** Per user: sponsored headlines their orders bought. */
export async function headlineCountsOf(db: Executor, userIds: readonly number[]): Promise<{ user_id: number; n: number }[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('sponsored_headlines as h')
    .innerJoin('sponsored_orders as o', 'o.id', 'h.order_id')
    .select('o.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('o.user_id', 'in', [...userIds])
    .groupBy('o.user_id')
    .execute();
}

/** Leads that asked for a broker, newest first, with who took each. */
export function brokerLeads(db: Executor) {
  return db
    .selectFrom('domain_leads as l')
    .innerJoin('domains as d', 'd.id', 'l.domain_id')
    .innerJoin('users as b', 'b.id', 'l.buyer_id')
    .innerJoin('users as s', 's.id', 'l.seller_id')
    .leftJoin('users as br', 'br.id', 'l.broker_id')
    .select([
      'l.id',
      'l.domain_id',
      'd.domain_unicode as domain_name',
      'd.seller_price',
      'l.status',
      'l.broker_requested_at',
      'l.broker_taken_at',
      'l.broker_id',
    ])
    .select((eb) => [
      sql<string>`${eb.ref('b.first_name')} || ' ' || ${eb.ref('b.last_name')}`.as('buyer_name'),
      sql<string>`${eb.ref('s.first_name')} || ' ' || ${eb.ref('s.last_name')}`.as('seller_name'),
      sql<string | null>`${eb.ref('br.first_name')} || ' ' || ${eb.ref('br.last_name')}`.as('broker_name'),
    ])
    .where('l.broker_requested_at', 'is not', null)
    .orderBy('l.broker_requested_at', 'desc')
    .limit(500)
    .execute();
}

/** The broker takes the lead only if nobody has: of two admins at once, one changes the row. */
export async function takeBrokerLead(db: Executor, leadId: number, brokerId: number, now: string): Promise<boolean> {
  const taken = await db
    .updateTable('domain_leads')
    .set({ broker_id: brokerId, broker_taken_at: now, updated_at: now })
    .where('id', '=', leadId)
    .where('broker_id', 'is', null)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Thoroughbred: approved, available names above the broker threshold, dearest first; startup breeders: those open to founders, newest first. */
export function domainList(db: Executor, kind: 'thoroughbred' | 'startup-breeders', limit: number): Promise<DomainWithOwner[]> {
  let q = selectWithOwner(db).where('d.status', '=', 'approved').where('d.sale_status', '=', 'available');
  q = kind === 'thoroughbred' ? q.where('d.seller_price', '>', BROKER_ABOVE).orderBy('d.seller_price', 'desc') : q.where('d.startup_breeders_switch', '=', 1).orderBy('d.id', 'desc');
  return q.limit(limit).execute();
}

/** Video pitches for the admin's review, newest first: `all` is every one not deleted. */
export function videos(db: Executor, filter: string) {
  let q = db
    .selectFrom('videos as v')
    .innerJoin('domains as d', 'd.id', 'v.domain_id')
    .innerJoin('users as u', 'u.id', 'v.uploader_id')
    .select(['v.id', 'v.domain_id', 'd.domain_unicode as domain_name', 'v.file_name', 'v.status', 'v.moderation', 'v.created_at', 'u.email as uploader_email'])
    .where('v.status', '!=', 'uploading')
    .orderBy('v.id', 'desc')
    .limit(500);
  q = filter === 'all' ? q.where('v.status', '!=', 'deleted') : q.where('v.status', '=', filter);
  return q.execute();
}

/** Open ownership claims, newest first, with the claimant and the current holder. */
export function openClaims(db: Executor) {
  return db
    .selectFrom('domain_claims as c')
    .innerJoin('domains as d', 'd.id', 'c.domain_id')
    .innerJoin('users as claimant', 'claimant.id', 'c.user_id')
    .innerJoin('users as holder', 'holder.id', 'd.user_id')
    .select(['c.id', 'c.domain_id', 'd.domain_unicode as domain_name', 'd.ns_status', 'claimant.email as claimant_email', 'holder.email as holder_email', 'c.created_at'])
    .where('c.resolved_at', 'is', null)
    .orderBy('c.id', 'desc')
    .limit(500)
    .execute();
}

/** The audit log, newest first, with the actor's e-mail. */
export function auditLog(db: Executor, limit: number) {
  return db
    .selectFrom('admin_audit as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.id', 'a.action', 'a.target_type', 'a.target_id', 'a.outcome', 'a.details', 'a.created_at', 'u.email as actor_email'])
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}
