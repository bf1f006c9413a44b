import { CompiledQuery, type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Dialect, Executor } from '../../db/database.js';
import type { DomainsTable } from '../../db/schema.js';
import type { DomainNameParts } from './domain-name.js';

export type DomainRow = Selectable<DomainsTable>;
export type DomainWithOwner = DomainRow & { owner_first_name: string; owner_last_name: string };

// Well under SQLite's and PostgreSQL's bound-parameter limits for a 14-column insert.
const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function selectWithOwner(db: Executor) {
  return db
    .selectFrom('domains as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .selectAll('d')
    .select(['u.first_name as owner_first_name', 'u.last_name as owner_last_name']);
}

export function findDomain(db: Executor, id: number): Promise<DomainWithOwner | undefined> {
  return selectWithOwner(db).where('d.id', '=', id).executeTakeFirst();
}

export function findDomainByName(db: Executor, asciiName: string): Promise<DomainWithOwner | undefined> {
  return selectWithOwner(db).where('d.domain_name', '=', asciiName).executeTakeFirst();
}

/**
 * The owners of the given names in one query, however many: the names travel as one JSON
 * (SQLite) or array (PostgreSQL) parameter, instead of one IN list per 500 names.
 */
export async function findOwnersOf(db: Executor, names: string[], dialect: Dialect): Promise<Map<string, { id: number; user_id: number }>> {
  const found = new Map<string, { id: number; user_id: number }>();
  if (names.length === 0) return found;
  const list = dialect === 'postgres' ? sql`ANY(${names}::text[])` : sql`(SELECT value FROM json_each(${JSON.stringify(names)}))`;
  const rows = await sql<{ id: number; user_id: number; domain_name: string }>`
    SELECT id, user_id, domain_name FROM domains WHERE domain_name ${dialect === 'postgres' ? sql`=` : sql`IN`} ${list}`.execute(db);
  for (const r of rows.rows) found.set(r.domain_name, { id: r.id, user_id: r.user_id });
  return found;
}

/** The columns an import sets; every other column takes its default. */
export type ImportedDomain = Pick<
  Insertable<DomainsTable>,
  | 'user_id'
  | 'domain_name'
  | 'domain_unicode'
  | 'domain_label'
  | 'domain_extension'
  | 'label_length'
  | 'has_digit'
  | 'has_hyphen'
  | 'is_idn'
  | 'created_at'
  | 'updated_at'
>;

/** The row an import writes for one described name (flags stored as 0/1). */
export function importedDomain(userId: number, parts: DomainNameParts, now: string): ImportedDomain {
  return {
    user_id: userId,
    domain_name: parts.domain_name,
    domain_unicode: parts.domain_unicode,
    domain_label: parts.domain_label,
    domain_extension: parts.domain_extension,
    label_length: parts.label_length,
    has_digit: parts.has_digit ? 1 : 0,
    has_hyphen: parts.has_hyphen ? 1 : 0,
    is_idn: parts.is_idn ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
}

const IMPORT_COLUMNS: [keyof ImportedDomain, string][] = [
  ['user_id', 'int4'],
  ['domain_name', 'text'],
  ['domain_unicode', 'text'],
  ['domain_label', 'text'],
  ['domain_extension', 'text'],
  ['label_length', 'int4'],
  ['has_digit', 'int4'],
  ['has_hyphen', 'int4'],
  ['is_idn', 'int4'],
  ['created_at', 'text'],
  ['updated_at', 'text'],
];

// Rows per statement: each statement runs without a pause, so these keep one to a few
// milliseconds of this thread's time (building and binding the values, reading what it returns).
const SQLITE_ROWS_PER_INSERT = 250;
const PG_ROWS_PER_INSERT = 2_500;
const sqliteInsertText = new Map<number, string>();

/**
 * The multi-row insert of `rows` rows, written once per size: the same text each time lets the
 * statement cache reuse the prepared statement, and skips building and compiling a query of
 * 2,750 values for every batch.
 */
function sqliteInsert(rows: number): string {
  let text = sqliteInsertText.get(rows);
  if (!text) {
    const tuple = `(${IMPORT_COLUMNS.map(() => '?').join(', ')})`;
    text =
      `insert into "domains" (${IMPORT_COLUMNS.map(([name]) => `"${name}"`).join(', ')}) values ` +
      `${Array.from({ length: rows }, () => tuple).join(', ')} on conflict ("domain_name") do nothing returning "domain_name"`;
    sqliteInsertText.set(rows, text);
  }
  return text;
}

/**
 * Bulk insert for imports that skips names already taken, returning the names it did insert.
 * A name taken by a concurrent import that committed first is skipped rather than failing the
 * whole import on the unique index; the caller then treats it as existing. `between` runs after
 * each batch (the caller lets other requests run there).
 *
 * PostgreSQL gets one array per column and unnests them, so a statement carries 11 parameters
 * however many rows (faster to bind and plan than one placeholder per value).
 */
export async function insertDomains(
  db: Executor,
  rows: ImportedDomain[],
  dialect: Dialect,
  between: () => Promise<void> = async () => undefined,
): Promise<Set<string>> {
  const inserted = new Set<string>();
  if (dialect !== 'postgres') {
    for (const part of chunks(rows, SQLITE_ROWS_PER_INSERT)) {
      // Written out in IMPORT_COLUMNS order: looping over the column list for every row showed
      // up in profiles of large imports.
      const params: unknown[] = [];
      for (const r of part) {
        params.push(r.user_id, r.domain_name, r.domain_unicode, r.domain_label, r.domain_extension, r.label_length);
        params.push(r.has_digit, r.has_hyphen, r.is_idn, r.created_at, r.updated_at);
      }
      const done = await db.executeQuery<{ domain_name: string }>(CompiledQuery.raw(sqliteInsert(part.length), params));
      for (const r of done.rows) inserted.add(r.domain_name);
      await between();
    }
    return inserted;
  }
  // A large import would otherwise merge the trigram index's pending list into the index many
  // times over; one larger list is merged once, later, off the request.
  await sql`SET LOCAL gin_pending_list_limit = '65536'`.execute(db);
  for (const part of chunks(rows, PG_ROWS_PER_INSERT)) {
    const columns = sql.join(IMPORT_COLUMNS.map(([name]) => sql.ref(name)));
    const arrays = sql.join(IMPORT_COLUMNS.map(([name, type]) => sql`${part.map((r) => r[name])}::${sql.raw(type)}[]`));
    const done = await sql<{ domain_name: string }>`
      INSERT INTO domains (${columns}) SELECT * FROM unnest(${arrays})
      ON CONFLICT (domain_name) DO NOTHING RETURNING domain_name`.execute(db);
    for (const r of done.rows) inserted.add(r.domain_name);
    await between();
  }
  return inserted;
}

export async function insertClaims(db: Executor, claims: { domain_id: number; user_id: number; created_at: string }[]): Promise<void> {
  for (const part of chunks(claims)) {
    await db.insertInto('domain_claims').values(part).onConflict((oc) => oc.columns(['domain_id', 'user_id']).doNothing()).execute();
  }
}

export async function listOwnDomains(
  db: Executor,
  userId: number,
  page: number,
  limit: number,
): Promise<{ rows: DomainWithOwner[]; count: number }> {
  const rows = await selectWithOwner(db)
    .where('d.user_id', '=', userId)
    .orderBy('d.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const { n } = await db
    .selectFrom('domains')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { rows, count: Number(n) };
}

export async function updateDomain(db: Executor, id: number, changes: Updateable<DomainsTable>): Promise<void> {
  await db.updateTable('domains').set(changes).where('id', '=', id).execute();
}

/**
 * The domain becomes `buyerId`'s if it is still `sellerId`'s (true when it did), reset to what
 * an import writes: the seller's listing (prices, options, description, counters) and its
 * approval and nameserver state are not the buyer's.
 */
export async function handOver(db: Executor, id: number, sellerId: number, buyerId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('domains')
    .set({
      user_id: buyerId,
      owned_since: at,
      status: 'pending',
      reviewed_by: null,
      reviewed_at: null,
      ns_status: 'unchecked',
      ns_checked_at: null,
      ns_found: null,
      sale_status: 'available',
      business_status: '',
      seller_price: 0,
      buyer_price: 0,
      min_offer: 0,
      trade_option: null,
      trade_switch: 0,
      startup_breeders: null,
      startup_breeders_switch: 0,
      description: null,
      visits: 0,
      video_pitch_leads: 0,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('user_id', '=', sellerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * What the seller's holding left on a domain that changed hands at `at`: their leads still open
 * close, claims against it are settled, their headlines stop, the visits of the day of the sale
 * (theirs; the buyer's traffic counts from that day) go, and the buyer's own "recently viewed"
 * entry goes (owners' views of their own pages are not recorded).
 */
export async function leaveSellerBehind(db: Executor, id: number, buyerId: number, at: string): Promise<void> {
  await db.updateTable('domain_leads').set({ status: 'closed', updated_at: at }).where('domain_id', '=', id).where('status', '=', 'open').execute();
  await db.updateTable('domain_claims').set({ resolved_at: at }).where('domain_id', '=', id).where('resolved_at', 'is', null).execute();
  await db.updateTable('sponsored_headlines').set({ ends_at: at }).where('domain_id', '=', id).where('ends_at', '>', at).execute();
  await db.deleteFrom('domain_visits').where('domain_id', '=', id).where('day', '>=', at.slice(0, 10)).execute();
  await db.deleteFrom('recently_viewed').where('domain_id', '=', id).where('user_id', '=', buyerId).execute();
}

/** The nameserver sweep's batch: never-checked domains first, then the longest unchecked; denied ones are skipped. */
export function domainsDueForNsCheck(db: Executor, limit: number): Promise<Pick<DomainRow, 'id' | 'domain_name' | 'ns_status'>[]> {
  return db
    .selectFrom('domains')
    .select(['id', 'domain_name', 'ns_status'])
    .where('status', '!=', 'denied')
    .orderBy(sql`coalesce(ns_checked_at, '')`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Those of `ids` whose nameservers were verified to point at us. */
export async function nsVerifiedAmong(db: Executor, ids: number[]): Promise<number[]> {
  const found: number[] = [];
  for (const part of chunks(ids)) {
    const rows = await db.selectFrom('domains').select('id').where('id', 'in', part).where('ns_status', '=', 'verified').execute();
    found.push(...rows.map((r) => r.id));
  }
  return found;
}

export async function deleteDomain(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('domains').where('id', '=', id).execute();
}

/** One page of the approval queue, oldest first, after the id the previous page ended at. */
export function pendingDomainsQuery(db: Executor, limit: number, afterId = 0) {
  return selectWithOwner(db).where('d.status', '=', 'pending').where('d.id', '>', afterId).orderBy('d.id', 'asc').limit(limit);
}

export function listPendingDomains(db: Executor, limit: number, afterId = 0) {
  return pendingDomainsQuery(db, limit, afterId).execute();
}

/** A seller's share of one approval or decline: how many of their domains, and a couple of their names. */
export interface SellerReviewed {
  count: number;
  names: string[];
}

/**
 * Per seller, the domains among `ids` that a review to `status` will change (not already in it),
 * read before the change: one grouped query per chunk, however many domains a bulk review holds.
 */
export async function sellersChangedByReview(db: Executor, ids: number[], status: 'approved' | 'denied'): Promise<Map<number, SellerReviewed>> {
  const bySeller = new Map<number, SellerReviewed>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('domains')
      .select((eb) => ['user_id', eb.fn.countAll<number | string>().as('count'), eb.fn.min('domain_unicode').as('first'), eb.fn.max('domain_unicode').as('last')])
      .where('id', 'in', part)
      .where('status', '<>', status)
      .groupBy('user_id')
      .execute();
    for (const r of rows) {
      const seen = bySeller.get(r.user_id) ?? { count: 0, names: [] };
      seen.count += Number(r.count);
      for (const name of [r.first, r.last]) if (name && seen.names.length < 3 && !seen.names.includes(name)) seen.names.push(name);
      bySeller.set(r.user_id, seen);
    }
  }
  return bySeller;
}

export async function setReview(
  db: Executor,
  ids: number[],
  status: 'approved' | 'denied',
  reviewerId: number,
  now: string,
): Promise<number> {
  let changed = 0;
  for (const part of chunks(ids)) {
    const result = await db
      .updateTable('domains')
      .set({ status, reviewed_by: reviewerId, reviewed_at: now, updated_at: now })
      .where('id', 'in', part)
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
}

/** One visit: the running total on the domain and the per-day, per-referrer counter. */
export async function recordVisit(db: Executor, domainId: number, day: string, referrer: string): Promise<void> {
  await db
    .updateTable('domains')
    .set((eb) => ({ visits: eb('visits', '+', 1) }))
    .where('id', '=', domainId)
    .execute();
  await db
    .insertInto('domain_visits')
    .values({ domain_id: domainId, day, referrer, visits: 1 })
    .onConflict((oc) => oc.columns(['domain_id', 'day', 'referrer']).doUpdateSet({ visits: sql`domain_visits.visits + 1` }))
    .execute();
}

export async function recordRecentlyViewed(db: Executor, userId: number, domainId: number, now: string): Promise<void> {
  await db
    .insertInto('recently_viewed')
    .values({ user_id: userId, domain_id: domainId, viewed_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'domain_id']).doUpdateSet({ viewed_at: now }))
    .execute();
}

export function listRecentlyViewed(db: Executor, userId: number, limit: number) {
  return selectWithOwner(db)
    .innerJoin('recently_viewed as rv', 'rv.domain_id', 'd.id')
    .select('rv.viewed_at')
    .where('rv.user_id', '=', userId)
    .where('d.status', '=', 'approved')
    .orderBy('rv.viewed_at', 'desc')
    .limit(limit)
    .execute();
}

export async function countRecentlyViewed(db: Executor, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('recently_viewed as rv')
    .innerJoin('domains as d', 'd.id', 'rv.domain_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('rv.user_id', '=', userId)
    .where('d.status', '=', 'approved')
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A bought domain's visits from before its owner got it were the seller's. */
const sinceOwned = sql<string>`substr(coalesce(d.owned_since, ''), 1, 10)`;

/** Daily visit totals of one owner's domains since a day (inclusive). */
export function dailyVisits(db: Executor, userId: number, sinceDay: string, domainId?: number) {
  let q = db
    .selectFrom('domain_visits as v')
    .innerJoin('domains as d', 'd.id', 'v.domain_id')
    .select(['v.domain_id', 'd.domain_unicode as domain_name', 'v.day'])
    .select((eb) => eb.fn.sum<number>('v.visits').as('visits'))
    .where('d.user_id', '=', userId)
    .where('v.day', '>=', sinceDay)
    .where('v.day', '>=', sinceOwned)
    .groupBy(['v.domain_id', 'd.domain_unicode', 'v.day'])
    .orderBy('v.day');
  if (domainId !== undefined) q = q.where('v.domain_id', '=', domainId);
  return q.execute();
}

export function topReferrers(db: Executor, userId: number, sinceDay: string, limit: number) {
  return db
    .selectFrom('domain_visits as v')
    .innerJoin('domains as d', 'd.id', 'v.domain_id')
    .select('v.referrer')
    .select((eb) => eb.fn.sum<number>('v.visits').as('visits'))
    .where('d.user_id', '=', userId)
    .where('v.day', '>=', sinceDay)
    .where('v.day', '>=', sinceOwned)
    .groupBy('v.referrer')
    .orderBy('visits', 'desc')
    .limit(limit)
    .execute();
}
