import { BROKER_ABOVE, CHARACTER_FILTER_RANGE, PRICE_FILTER_RANGE, SEARCH_COUNT_CAP, type SearchFilters } from '@market/shared';
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { type DomainWithOwner, selectWithOwner } from './domains.repository.js';

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

type Candidates = SelectQueryBuilder<Database & { d: Database['domains'] }, 'd', { id: number }>;

/**
 * Search works on a window of at most SEARCH_COUNT_CAP + 1 matching ids, read in an order the
 * indexes give for free, so no request ever touches more rows than that:
 * - 3+ characters on SQLite: the FTS5 trigram index drives the join, newest first;
 * - 3+ characters on PostgreSQL: the pg_trgm bitmap scan stops after the window fills, and the
 *   window is then ordered newest first;
 * - 1–2 characters or "starting with": the label index, alphabetically;
 * - filters only: the (status, id) index, newest first.
 * The window gives the capped total; the page is a slice of it, read by primary key.
 */
export async function searchDomains(db: Db, c: SearchCriteria): Promise<{ rows: DomainWithOwner[]; total: number; capped: boolean }> {
  const text = splitQuery(c.text);
  const k = db.kysely;
  const window = SEARCH_COUNT_CAP + 1;
  const sqlite = db.dialect === 'sqlite';
  const substring = text.label.length >= 3;
  const prefix = !substring && (text.label || labelFragment(c.filters.starting_with));
  // On SQLite a unary "+" keeps the planner off the status index where another index must lead.
  const status = (column: 'd.status' | 'd.sale_status') => (sqlite && (substring || prefix) ? sql.raw(`+${column}`) : sql.ref(column));

  const filtered = (q: Candidates) =>
    q.where((eb) => {
      const conditions = filterConditions(eb as unknown as Eb, db.dialect, c, text);
      return eb.and([eb(status('d.status'), '=', 'approved'), eb(status('d.sale_status'), '=', 'available'), ...conditions]);
    });

  let ids: number[];
  if (substring && sqlite) {
    // CROSS JOIN fixes the join order: the FTS index leads and the LIMIT stops it early.
    const rows = await k
      .selectFrom('domains_fts')
      .crossJoin('domains as d')
      .select('d.id')
      .whereRef('d.id', '=', sql.ref('domains_fts.rowid'))
      .where(sql<SqlBool>`domains_fts MATCH ${`"${text.label}"`}`)
      .$call((q) => filtered(q as unknown as Candidates))
      .orderBy(sql`domains_fts.rowid`, 'desc')
      .limit(window)
      .execute();
    ids = rows.map((r) => r.id);
  } else if (substring) {
    const rows = await filtered(k.selectFrom('domains as d').select('d.id').where(sql<SqlBool>`d.domain_label LIKE ${`%${text.label}%`}`))
      .limit(window)
      .execute();
    ids = rows.map((r) => r.id).sort((a, b) => b - a);
  } else if (prefix) {
    const rows = await filtered(k.selectFrom('domains as d').select('d.id').where(prefixMatch(db.dialect, prefix)))
      .orderBy(sqlite ? sql`d.domain_label` : sql`d.domain_label COLLATE "C"`)
      .orderBy('d.id')
      .limit(window)
      .execute();
    ids = rows.map((r) => r.id);
  } else {
    const rows = await filtered(k.selectFrom('domains as d').select('d.id')).orderBy('d.id', 'desc').limit(window).execute();
    ids = rows.map((r) => r.id);
  }

  const pageIds = ids.slice(c.offset, c.offset + c.limit);
  const found = pageIds.length ? await selectWithOwner(k).where('d.id', 'in', pageIds).execute() : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  return {
    rows: pageIds.map((id) => byId.get(id)).filter((r): r is DomainWithOwner => r !== undefined),
    total: Math.min(ids.length, SEARCH_COUNT_CAP),
    capped: ids.length > SEARCH_COUNT_CAP,
  };
}
