import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { DomainLeadsTable, NegotiationsTable } from '../../db/schema.js';
import type { Executor } from '../../db/database.js';

export type LeadRow = Selectable<DomainLeadsTable>;
export type EntryRow = Selectable<NegotiationsTable>;

export function findLead(db: Executor, id: number): Promise<LeadRow | undefined> {
  return db.selectFrom('domain_leads').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOpenLead(db: Executor, domainId: number, buyerId: number): Promise<LeadRow | undefined> {
  return db
    .selectFrom('domain_leads')
    .selectAll()
    .where('domain_id', '=', domainId)
    .where('buyer_id', '=', buyerId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

export async function insertLead(db: Executor, lead: Insertable<DomainLeadsTable>): Promise<LeadRow> {
  return db.insertInto('domain_leads').values(lead).returningAll().executeTakeFirstOrThrow();
}

export async function updateLead(db: Executor, id: number, patch: Updateable<DomainLeadsTable>): Promise<void> {
  await db.updateTable('domain_leads').set(patch).where('id', '=', id).execute();
}

/** The lead becomes the accepted one only while still open: of concurrent accepts one changes the row. */
export async function acceptLead(db: Executor, id: number, amount: number, now: string): Promise<boolean> {
  const won = await db
    .updateTable('domain_leads')
    .set({ status: 'accepted', accepted_amount: amount, accepted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(won.numUpdatedRows) === 1;
}

/** The seller's "no": only an open lead is declined, so a decline never undoes a concurrent accept. */
export async function declineLead(db: Executor, id: number, now: string): Promise<boolean> {
  const done = await db.updateTable('domain_leads').set({ status: 'declined', updated_at: now }).where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** The domain's open leads (all but `exceptId` when given): who is bidding on it. */
export function openLeadsOfDomain(db: Executor, domainId: number, exceptId?: number): Promise<Pick<LeadRow, 'id' | 'buyer_id'>[]> {
  let q = db.selectFrom('domain_leads').select(['id', 'buyer_id']).where('domain_id', '=', domainId);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.where('status', '=', 'open').execute();
}

/** The domain is sold or reserved: its open leads close. */
export async function closeOpenLeads(db: Executor, domainId: number, now: string): Promise<void> {
  await db.updateTable('domain_leads').set({ status: 'closed', updated_at: now }).where('domain_id', '=', domainId).where('status', '=', 'open').execute();
}

/**
 * Takes the domain off the market while its order runs (sold once the deal completes), only if
 * it is still available: of concurrent sales exactly one changes the row. Every sale of the
 * domain queues on this row lock, in one order, so sales on different leads cannot deadlock.
 */
export async function reserveDomain(db: Executor, domainId: number, now: string): Promise<boolean> {
  const reserved = await db
    .updateTable('domains')
    .set({ sale_status: 'under_order', updated_at: now })
    .where('id', '=', domainId)
    .where('sale_status', '=', 'available')
    .executeTakeFirst();
  return Number(reserved.numUpdatedRows) === 1;
}

export function leadsOfDomain(db: Executor, domainId: number) {
  return db.selectFrom('domain_leads').selectAll().where('domain_id', '=', domainId).orderBy('id').execute();
}

export function entriesOfLeads(db: Executor, leadIds: number[]): Promise<EntryRow[]> {
  if (leadIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('negotiations').selectAll().where('domain_lead_id', 'in', leadIds).orderBy('id').execute();
}

export async function insertEntry(db: Executor, entry: Insertable<NegotiationsTable>): Promise<EntryRow> {
  return db.insertInto('negotiations').values(entry).returningAll().executeTakeFirstOrThrow();
}

export function listNotifications(db: Executor, userId: number, limit: number) {
  return db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
}

export async function countUnread(db: Executor, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function markRead(db: Executor, userId: number, ids: number[] | 'all', now: string): Promise<void> {
  let q = db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids !== 'all') q = q.where('id', 'in', ids.length ? ids : [0]);
  await q.execute();
}

/**
 * Per domain and side the viewer is party to: inquiries, the last bid, and whether any of these
 * leads is with the domain's current owner (if none is, the domain has changed hands since).
 * A buyer who later resells a name they negotiated for has a row on each side.
 */
export function leadSummary(db: Executor, userId: number) {
  return db
    .selectFrom('domain_leads as l')
    .innerJoin('domains as d', 'd.id', 'l.domain_id')
    .leftJoin('negotiations as n', 'n.domain_lead_id', 'l.id')
    .select(['l.domain_id', 'd.domain_unicode as domain_name', 'd.sale_status'])
    .select((eb) => [
      eb.case().when('l.buyer_id', '=', userId).then(sql.lit('buyer')).else(sql.lit('seller')).end().$castTo<'buyer' | 'seller'>().as('role'),
      eb.fn.count<number>('l.id').distinct().as('total_inquiries'),
      eb.fn.max('n.created_at').as('last_bid_date'),
      eb.fn.max('l.updated_at').as('last_activity'),
      eb.fn.max(eb.case().when('l.seller_id', '=', eb.ref('d.user_id')).then(1).else(0).end()).as('with_owner'),
    ])
    .where((eb) => eb.or([eb('l.buyer_id', '=', userId), eb('l.seller_id', '=', userId)]))
    // By the output name: the role's expression carries the viewer's id as a parameter, and
    // PostgreSQL does not see two parameters as the same expression.
    .groupBy(['l.domain_id', 'd.domain_unicode', 'd.sale_status', sql.ref('role')])
    .orderBy('last_activity', 'desc')
    .execute();
}

/** The offers among leads the viewer is party to on these domains, newest first, with each lead's buyer. */
export function lastBids(db: Executor, userId: number, domainIds: number[]) {
  if (domainIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('negotiations as n')
    .innerJoin('domain_leads as l', 'l.id', 'n.domain_lead_id')
    .select(['l.domain_id', 'l.buyer_id', 'n.amount', 'n.id', 'n.status'])
    .where('l.domain_id', 'in', domainIds)
    .where('n.amount', '>', 0)
    .where((eb) => eb.or([eb('l.buyer_id', '=', userId), eb('l.seller_id', '=', userId)]))
    .orderBy('n.id', 'desc')
    .execute();
}

export async function countOpenLeads(db: Executor, userId: number): Promise<{ asSeller: number; asBuyer: number }> {
  const rows = await db
    .selectFrom('domain_leads')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('seller_id', '=', userId).then(1).else(0).end()).as('seller'),
      eb.fn.sum<number>(eb.case().when('buyer_id', '=', userId).then(1).else(0).end()).as('buyer'),
    ])
    .where('status', '=', 'open')
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .executeTakeFirstOrThrow();
  return { asSeller: Number(rows.seller ?? 0), asBuyer: Number(rows.buyer ?? 0) };
}

/**
 * Video pitches from others waiting for the user's decision: the ones sent to them as seller,
 * including those on a domain they have since sold (they may still answer them).
 */
export async function countVideoPitchLeads(db: Executor, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('videos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('seller_id', '=', userId)
    .where('status', '=', 'undecided')
    .where('uploader_id', '!=', userId)
    .executeTakeFirstOrThrow();
  return Number(n);
}
