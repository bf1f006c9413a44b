import { BROKER_ABOVE, SEARCH_COUNT_CAP } from '@market/shared';
import { type Expression, type ExpressionBuilder, expressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import { PREPARED } from '../../db/prepared-statements.js';
import type { Database } from '../../db/schema.js';
import type { DomainRow } from '../domains/index.js';
import type { ShownRow } from './listed-index.js';
import type { ListedSearch } from './listed-search.js';
import { planSearch, prefixOf, type SearchCriteria, type SearchPlan, searchKind } from './search-plan.js';

export type { SearchCriteria } from './search-plan.js';

type Eb = ExpressionBuilder<Database & { d: Database['domains'] }, 'd'>;

function filterConditions(eb: Eb, dialect: Dialect, plan: SearchPlan): Expression<SqlBool>[] {
  const and: Expression<SqlBool>[] = [];
  if (plan.extensions.length) and.push(eb('d.domain_extension', 'in', plan.extensions));
  if (plan.listing) {
    const any: Expression<SqlBool>[] = [];
    if (plan.listing.buyNow) any.push(eb('d.business_status', '=', 'Buy Now'));
    if (plan.listing.priceUponRequest) any.push(eb('d.business_status', '=', 'Price Upon Request'));
    if (plan.listing.broker) any.push(eb('d.seller_price', '>', BROKER_ABOVE));
    if (plan.listing.breeder) any.push(eb('d.startup_breeders_switch', '=', 1));
    and.push(eb.or(any));
  }
  if (plan.tradeOptions) and.push(eb('d.trade_switch', '=', 1), eb('d.trade_option', 'in', plan.tradeOptions));
  if (plan.priceMin !== undefined) and.push(eb('d.seller_price', '>=', plan.priceMin));
  if (plan.priceMax !== undefined) and.push(eb('d.seller_price', '<=', plan.priceMax));
  if (plan.lengthMin !== undefined) and.push(eb('d.label_length', '>=', plan.lengthMin));
  if (plan.lengthMax !== undefined) and.push(eb('d.label_length', '<=', plan.lengthMax));
  if (plan.noDigit) and.push(eb('d.has_digit', '=', 0));
  if (plan.noHyphen) and.push(eb('d.has_hyphen', '=', 0));
  if (plan.noIdn) and.push(eb('d.is_idn', '=', 0));
  if (plan.startingWith) and.push(prefixMatch(dialect, plan.startingWith));
  if (plan.endingWith) and.push(sql<SqlBool>`d.domain_label LIKE ${`%${plan.endingWith}`}`);
  return and;
}

/**
 * Prefix test the label index can serve: a byte range on SQLite (labels hold only ASCII),
 * LIKE in the "C" collation on PostgreSQL, which its (label COLLATE "C", id) index serves.
 */
function prefixMatch(dialect: Dialect, prefix: string): Expression<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`(d.domain_label COLLATE "C") LIKE ${`${prefix}%`}`
    : sql<SqlBool>`(d.domain_label >= ${prefix} AND d.domain_label < ${`${prefix}\x7f`})`;
}

/** Listed = approved and available, spelled with literals so the partial indexes apply. */
const LISTED = sql<SqlBool>`d.status = 'approved' AND d.sale_status = 'available'`;
/** The same test with the columns made unindexable, so another index must lead (SQLite). */
const LISTED_UNINDEXED = sql<SqlBool>`+d.status = 'approved' AND +d.sale_status = 'available'`;

interface Window {
  /** Selects `id` (and `domain_label` when the order needs it) of at most SEARCH_COUNT_CAP + 1 matches. */
  query: RawBuilder<unknown>;
  /** Page order over the window's columns, `w.` replaced by the alias given. */
  order: (alias: 'w' | 'r') => RawBuilder<unknown>;
}

/**
 * Search works on a window of at most SEARCH_COUNT_CAP + 1 matching ids, read in an order the
 * indexes give for free, so no request ever touches more rows than that:
 * - 3+ characters on SQLite: the FTS5 trigram index drives the join, newest first, and each
 *   candidate is tested against the covering listed index instead of its table row;
 * - 3+ characters on PostgreSQL: the listed trigram GIN index (holding the equality filters too)
 *   feeds a bitmap scan that stops after the window fills; the window is then ordered newest first;
 * - 1–2 characters or "starting with": the label index, alphabetically;
 * - filters only: the covering listed index, newest first.
 * One statement returns the window's size (the capped total) and the page, read by primary key.
 */
function searchWindow(dialect: Dialect, plan: SearchPlan): Window {
  const sqlite = dialect === 'sqlite';
  const kind = searchKind(plan);
  const eb = expressionBuilder<Database & { d: Database['domains'] }, 'd'>();
  const conditions = filterConditions(eb, dialect, plan);
  const limit = SEARCH_COUNT_CAP + 1;
  const and = (...more: Expression<SqlBool>[]) => sql.join([...more, ...conditions], sql` AND `);
  const newestFirst = (alias: string) => sql`${sql.ref(`${alias}.id`)} DESC`;

  if (kind === 'substring' && sqlite) {
    return {
      // CROSS JOIN fixes the join order: the FTS index leads and the LIMIT stops it early.
      query: sql`SELECT d.id FROM domains_fts CROSS JOIN domains AS d INDEXED BY domains_listed_idx
        WHERE ${and(sql`d.id = domains_fts.rowid`, sql`domains_fts MATCH ${`"${plan.label}"`}`, LISTED)}
        ORDER BY domains_fts.rowid DESC LIMIT ${limit}`,
      order: newestFirst,
    };
  }
  if (kind === 'substring') {
    return {
      query: sql`SELECT d.id FROM domains AS d WHERE ${and(sql`d.domain_label LIKE ${`%${plan.label}%`}`, LISTED)} LIMIT ${limit}`,
      order: newestFirst,
    };
  }
  if (kind === 'prefix') {
    const label = (alias: string) => (sqlite ? sql.ref(`${alias}.domain_label`) : sql`${sql.ref(`${alias}.domain_label`)} COLLATE "C"`);
    return {
      query: sql`SELECT d.id, d.domain_label FROM domains AS d
        WHERE ${and(prefixMatch(dialect, prefixOf(plan)), sqlite ? LISTED_UNINDEXED : LISTED)}
        ORDER BY ${label('d')}, d.id LIMIT ${limit}`,
      order: (alias) => sql`${label(alias)}, ${sql.ref(`${alias}.id`)}`,
    };
  }
  return {
    query: sql`SELECT d.id FROM domains AS d ${sql.raw(sqlite ? 'INDEXED BY domains_listed_idx' : '')}
      WHERE ${and(LISTED)} ORDER BY d.id DESC LIMIT ${limit}`,
    order: newestFirst,
  };
}

/** The columns a search row shows (search.presenter.ts), and the label the prefix order needs. */
export type SearchRecord = Pick<
  DomainRow,
  | 'id'
  | 'domain_unicode'
  | 'domain_label'
  | 'business_status'
  | 'seller_price'
  | 'buyer_price'
  | 'min_offer'
  | 'trade_option'
  | 'trade_switch'
  | 'startup_breeders'
  | 'startup_breeders_switch'
  | 'created_at'
  | 'user_id'
> & { owner_first_name: string; owner_last_name: string };

/** Reads a SearchRecord from `domains AS d JOIN users AS u`: a page reads these, never the whole row. */
const RECORD_COLUMNS = sql.raw(`d.id, d.domain_unicode, d.domain_label, d.business_status, d.seller_price, d.buyer_price,
  d.min_offer, d.trade_option, d.trade_switch, d.startup_breeders, d.startup_breeders_switch, d.created_at, d.user_id,
  u.first_name AS owner_first_name, u.last_name AS owner_last_name`);

export interface SearchResult {
  rows: SearchRecord[];
  total: number;
  capped: boolean;
  /** True when the in-memory index answered (and was current): its lease lines are too. */
  fromIndex: boolean;
}

/**
 * A page of listed domains and the capped total. With an in-memory index (`listed`) that is
 * built, the index finds the window and shows the page's rows itself. When it knows it is
 * current (PostgreSQL's notices, `answersAlone`) and knows the owners' names, that is the
 * answer; otherwise the database is asked for the owners' names and the change log's highest
 * number (or, for a row the index cannot show exactly, for the page's rows). When the index is behind by more than it takes
 * in within its replay budget, the database answers while it catches up.
 */
export async function searchDomains(db: Db, c: SearchCriteria, listed?: ListedSearch): Promise<SearchResult> {
  const plan = planSearch(c);
  // Pages end at the cap (the window's extra row only tells that there are more).
  const pageSize = Math.max(0, Math.min(c.limit, SEARCH_COUNT_CAP - c.offset));
  // While the index builds (seconds, after a start), the database answers.
  if (!listed || !listed.isReady) {
    listed?.start();
    return searchInDatabase(db, plan, c.offset, pageSize);
  }
  for (let attempt = 1; ; attempt++) {
    const window = await listed.window(plan, SEARCH_COUNT_CAP);
    if (!window) return searchInDatabase(db, plan, c.offset, pageSize);
    const { ids, asOf } = window;
    const pageIds = ids.slice(c.offset, c.offset + pageSize);
    const shown = listed.showRows(pageIds);
    // Known current and every owner's name known: the index answers alone, with no round trip.
    if (shown && listed.answersAlone() && listed.fillOwners(shown)) {
      return { rows: shown, total: Math.min(ids.length, SEARCH_COUNT_CAP), capped: ids.length > SEARCH_COUNT_CAP, fromIndex: true };
    }
    const { rows, latestChange } = (shown && (await withOwners(db, shown, listed))) || (await pageWithLatestChange(db, pageIds));
    // A second answer is current as of its refresh, which began after this request did. The
    // first is compared as of its window: another search may refresh the index meanwhile.
    if (attempt === 2 || latestChange <= asOf) {
      return { rows, total: Math.min(ids.length, SEARCH_COUNT_CAP), capped: ids.length > SEARCH_COUNT_CAP, fromIndex: true };
    }
    // A backlog (a bulk write) is applied behind this answer, never inside it.
    if (!(await listed.catchUp())) return searchInDatabase(db, plan, c.offset, pageSize);
  }
}

/**
 * The page's rows (those still listed, in the order of `ids`) and the search change log's
 * highest number, in one statement of fixed text (the ids travel as one array), prepared once
 * on PostgreSQL.
 */
async function pageWithLatestChange(db: Db, ids: number[]): Promise<{ rows: SearchRecord[]; latestChange: number }> {
  const idList = db.dialect === 'postgres' ? sql`= ANY(${ids}::integer[])` : sql`IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
  const { rows } = await sql<SearchRecord & { latest_change: number | string | null }>`${sql.raw(db.dialect === 'postgres' ? PREPARED : '')}
    SELECT c.latest_change, r.* FROM (SELECT max(seq) AS latest_change FROM domain_search_changes) AS c
    LEFT JOIN (
      SELECT ${RECORD_COLUMNS}
      FROM domains AS d JOIN users AS u ON u.id = d.user_id
      WHERE d.id ${idList} AND ${LISTED}
    ) AS r ON 1 = 1`.execute(db.kysely);
  const byId = new Map(rows.filter((r) => r.id !== null).map(({ latest_change: _, ...domain }) => [domain.id, domain]));
  return {
    rows: ids.flatMap((id) => byId.get(id) ?? []),
    latestChange: Number(rows[0]?.latest_change ?? 0),
  };
}

/**
 * Rows the index showed, with their owners' names and the change log's highest number, in one
 * statement of fixed text that reads only users (a page's domain rows are never read: on a
 * large listing those reads are what a search waits on). Undefined when an owner is gone.
 */
async function withOwners(db: Db, shown: ShownRow[], listed: ListedSearch): Promise<{ rows: SearchRecord[]; latestChange: number } | undefined> {
  const ownersVersion = listed.ownersVersion;
  const userIds = [...new Set(shown.map((r) => r.user_id))];
  const idList = db.dialect === 'postgres' ? sql`= ANY(${userIds}::integer[])` : sql`IN (SELECT value FROM json_each(${JSON.stringify(userIds)}))`;
  const { rows } = await sql<{ latest_change: number | string | null; id: number | null; first_name: string; last_name: string }>`${sql.raw(db.dialect === 'postgres' ? PREPARED : '')}
    SELECT c.latest_change, u.id, u.first_name, u.last_name FROM (SELECT max(seq) AS latest_change FROM domain_search_changes) AS c
    LEFT JOIN (SELECT id, first_name, last_name FROM users WHERE id ${idList}) AS u ON 1 = 1`.execute(db.kysely);
  const owners = new Map(rows.filter((r) => r.id !== null).map((r) => [r.id, r]));
  listed.learnOwners(ownersVersion, [...owners.values()].map((r) => ({ id: r.id!, first_name: r.first_name, last_name: r.last_name })));
  for (const row of shown) {
    const owner = owners.get(row.user_id);
    if (!owner) return undefined;
    row.owner_first_name = owner.first_name;
    row.owner_last_name = owner.last_name;
  }
  return { rows: shown, latestChange: Number(rows[0]?.latest_change ?? 0) };
}

async function searchInDatabase(db: Db, search: SearchPlan, offset: number, pageSize: number): Promise<SearchResult> {
  const plan = searchWindow(db.dialect, search);
  // The count row is always there, so the total survives a page past the end of the window.
  const { rows } = await sql<SearchRecord & { window_size: number }>`
    WITH w AS MATERIALIZED (${plan.query}),
    p AS (SELECT * FROM w ORDER BY ${plan.order('w')} LIMIT ${pageSize} OFFSET ${offset})
    SELECT c.window_size, r.* FROM (SELECT count(*) AS window_size FROM w) AS c
    LEFT JOIN (
      SELECT ${RECORD_COLUMNS}
      FROM p JOIN domains AS d ON d.id = p.id JOIN users AS u ON u.id = d.user_id
    ) AS r ON 1 = 1
    ORDER BY ${plan.order('r')}`.execute(db.kysely);
  const size = Number(rows[0]?.window_size ?? 0);
  return {
    rows: rows.filter((r) => r.id !== null).map(({ window_size: _, ...domain }) => domain),
    total: Math.min(size, SEARCH_COUNT_CAP),
    capped: size > SEARCH_COUNT_CAP,
    fromIndex: false,
  };
}
