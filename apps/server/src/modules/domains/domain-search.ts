import { BROKER_ABOVE, CHARACTER_FILTER_RANGE, PRICE_FILTER_RANGE, SEARCH_COUNT_CAP, type SearchFilters } from '@market/shared';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
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
  const and: Expression<SqlBool>[] = [eb('d.status', '=', 'approved'), eb('d.sale_status', '=', 'available')];
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
 * LIKE on PostgreSQL, where the text_pattern_ops index serves it whatever the collation.
 */
function prefixMatch(dialect: Dialect, prefix: string): Expression<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`d.domain_label LIKE ${`${prefix}%`}`
    : sql<SqlBool>`(d.domain_label >= ${prefix} AND d.domain_label < ${`${prefix}\x7f`})`;
}

/**
 * A page of approved domains and a count capped at SEARCH_COUNT_CAP. Substring matches of 3+
 * characters go through the trigram index (FTS5 or pg_trgm); shorter text matches label prefixes.
 */
export async function searchDomains(db: Db, c: SearchCriteria): Promise<{ rows: DomainWithOwner[]; total: number; capped: boolean }> {
  const text = splitQuery(c.text);
  const k = db.kysely;
  const useFts = db.dialect === 'sqlite' && text.label.length >= 3;

  const base = () => {
    let q = selectWithOwner(k);
    if (useFts) {
      q = q.where(sql<SqlBool>`d.id IN (SELECT rowid FROM domains_fts WHERE domains_fts MATCH ${`"${text.label}"`})`);
    } else if (text.label.length >= 3) {
      q = q.where(sql<SqlBool>`d.domain_label LIKE ${`%${text.label}%`}`);
    } else if (text.label) {
      q = q.where(prefixMatch(db.dialect, text.label));
    }
    return q.where((eb) => eb.and(filterConditions(eb as unknown as Eb, db.dialect, c, text)));
  };

  const rows = await base().orderBy('d.id', 'desc').limit(c.limit).offset(c.offset).execute();
  const counted = await k
    .selectFrom(base().clearSelect().select(sql`1`.as('one')).limit(SEARCH_COUNT_CAP + 1).as('matches'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(counted.n);
  return { rows, total: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP };
}
