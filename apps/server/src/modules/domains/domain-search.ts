import { BROKER_ABOVE, CHARACTER_FILTER_RANGE, PRICE_FILTER_RANGE, SEARCH_COUNT_CAP, type SearchFilters } from '@market/shared';
import { type Expression, type ExpressionBuilder, expressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { DomainWithOwner } from './domains.repository.js';

export interface SearchCriteria {
  text: string;
  extensions: string[];
  filters: SearchFilters;
  limit: number;
  offset: number;
}

/** Only characters a domain label can hold: also makes FTS and LIKE syntax impossible. */
export function labelFragment(value: string | undefined): string {
  return (value ?? '').toLowerCase().replace(/[^a-z0-9-]/g, '');
}

/**
 * "shop.co.uk" searches label "shop" within extension "co.uk"; "shop" searches every label
 * containing "shop". A scheme or path pasted with the name is ignored.
 */
export function splitQuery(raw: string): { label: string; extension?: string } {
  const cleaned = raw.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/[/?#].*$/, '');
  const dot = cleaned.indexOf('.');
  if (dot < 0) return { label: labelFragment(cleaned) };
  const extension = cleaned.slice(dot + 1).replace(/[^a-z0-9.-]/g, '');
  return { label: labelFragment(cleaned.slice(0, dot)), extension: extension || undefined };
}

type Eb = ExpressionBuilder<Database & { d: Database['domains'] }, 'd'>;

function filterConditions(
  eb: Eb,
  dialect: Dialect,
  c: SearchCriteria,
  text: { label: string; extension?: string },
): Expression<SqlBool>[] {
  const f = c.filters;
  const and: Expression<SqlBool>[] = [];
  const extensions = [...c.extensions, ...(f.extensions ?? []), ...(text.extension ? [text.extension] : [])]
    .map((e) => e.trim().toLowerCase().replace(/^\./, ''))
    .filter(Boolean);
  if (extensions.length) and.push(eb('d.domain_extension', 'in', [...new Set(extensions)]));

  const listing = f.business_status ?? [];
  if (listing.length) {
    const any: Expression<SqlBool>[] = [];
    if (listing.includes('Buy Now')) any.push(eb('d.business_status', '=', 'Buy Now'));
    if (listing.includes('Price Upon Request')) any.push(eb('d.business_status', '=', 'Price Upon Request'));
    if (listing.includes('Throughbeeds')) any.push(eb('d.seller_price', '>', BROKER_ABOVE));
    if (listing.includes('Startup Breeders')) any.push(eb('d.startup_breeders_switch', '=', 1));
    and.push(eb.or(any));
  }
  if (f.trade_options?.length) {
    and.push(eb('d.trade_switch', '=', 1), eb('d.trade_option', 'in', f.trade_options));
  }
  // A slider at its end means "no bound" on that side.
  if (f.priceRange) {
    const [min, max] = f.priceRange;
    if (min > PRICE_FILTER_RANGE[0]) and.push(eb('d.seller_price', '>=', min));
    if (max < PRICE_FILTER_RANGE[1]) and.push(eb('d.seller_price', '<=', max));
  }
  if (f.characterRange) {
    const [min, max] = f.characterRange;
    if (min > CHARACTER_FILTER_RANGE[0]) and.push(eb('d.label_length', '>=', min));
    if (max < CHARACTER_FILTER_RANGE[1]) and.push(eb('d.label_length', '<=', max));
  }
  for (const ex of f.Exclude ?? []) {
    if (ex === 'Number') and.push(eb('d.has_digit', '=', 0));
    if (ex === 'No Hyphens') and.push(eb('d.has_hyphen', '=', 0));
    if (ex === 'IDN') and.push(eb('d.is_idn', '=', 0));
  }
  const starting = labelFragment(f.starting_with);
  if (starting) and.push(prefixMatch(dialect, starting));
  const ending = labelFragment(f.ending_with);
  if (ending) and.push(sql<SqlBool>`d.domain_label LIKE ${`%${ending}`}`);
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
function searchWindow(dialect: Dialect, c: SearchCriteria, text: { label: string; extension?: string }): Window {
  const sqlite = dialect === 'sqlite';
  const substring = text.label.length >= 3;
  const prefix = !substring && (text.label || labelFragment(c.filters.starting_with));
  const eb = expressionBuilder<Database & { d: Database['domains'] }, 'd'>();
  const conditions = filterConditions(eb, dialect, c, text);
  const limit = SEARCH_COUNT_CAP + 1;
  const and = (...more: Expression<SqlBool>[]) => sql.join([...more, ...conditions], sql` AND `);
  const newestFirst = (alias: string) => sql`${sql.ref(`${alias}.id`)} DESC`;

  if (substring && sqlite) {
    return {
      // CROSS JOIN fixes the join order: the FTS index leads and the LIMIT stops it early.
      query: sql`SELECT d.id FROM domains_fts CROSS JOIN domains AS d INDEXED BY domains_listed_idx
        WHERE ${and(sql`d.id = domains_fts.rowid`, sql`domains_fts MATCH ${`"${text.label}"`}`, LISTED)}
        ORDER BY domains_fts.rowid DESC LIMIT ${limit}`,
      order: newestFirst,
    };
  }
  if (substring) {
    return {
      query: sql`SELECT d.id FROM domains AS d WHERE ${and(sql`d.domain_label LIKE ${`%${text.label}%`}`, LISTED)} LIMIT ${limit}`,
      order: newestFirst,
    };
  }
  if (prefix) {
    const label = (alias: string) => (sqlite ? sql.ref(`${alias}.domain_label`) : sql`${sql.ref(`${alias}.domain_label`)} COLLATE "C"`);
    return {
      query: sql`SELECT d.id, d.domain_label FROM domains AS d
        WHERE ${and(prefixMatch(dialect, prefix), sqlite ? LISTED_UNINDEXED : LISTED)}
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

export async function searchDomains(db: Db, c: SearchCriteria): Promise<{ rows: DomainWithOwner[]; total: number; capped: boolean }> {
  const plan = searchWindow(db.dialect, c, splitQuery(c.text));
  // Pages end at the cap (the window's extra row only tells that there are more). The count
  // row is always there, so the total survives a page past the end of the window.
  const pageSize = Math.max(0, Math.min(c.limit, SEARCH_COUNT_CAP - c.offset));
  const { rows } = await sql<DomainWithOwner & { window_size: number }>`
    WITH w AS MATERIALIZED (${plan.query}),
    p AS (SELECT * FROM w ORDER BY ${plan.order('w')} LIMIT ${pageSize} OFFSET ${c.offset})
    SELECT c.window_size, r.* FROM (SELECT count(*) AS window_size FROM w) AS c
    LEFT JOIN (
      SELECT d.*, u.first_name AS owner_first_name, u.last_name AS owner_last_name
      FROM p JOIN domains AS d ON d.id = p.id JOIN users AS u ON u.id = d.user_id
    ) AS r ON 1 = 1
    ORDER BY ${plan.order('r')}`.execute(db.kysely);
  const size = Number(rows[0]?.window_size ?? 0);
  return {
    rows: rows.filter((r) => r.id !== null).map(({ window_size: _, ...domain }) => domain),
    total: Math.min(size, SEARCH_COUNT_CAP),
    capped: size > SEARCH_COUNT_CAP,
  };
}
