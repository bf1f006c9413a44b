import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Public search only ever reads listed domains (approved and available). Indexes restricted to
 * them, carrying the columns the filters test, let a search decide on a candidate without
 * reading its table row, which measured as most of a filtered search's time on 1M rows:
 * - both: a covering index in id order, for filter-only searches (newest first) and, on SQLite,
 *   for testing the FTS5 candidates;
 * - PostgreSQL: the trigram GIN index also holds the equality filters (btree_gin), so a text
 *   search with an extension or listing-type filter intersects posting lists instead of
 *   rechecking every candidate's row; it replaces the unrestricted trigram index;
 * - PostgreSQL: the prefix index in byte order, restricted the same way (index-only scans).
 * The search query must state the restriction with literal values for the planner to use them.
 */
const LISTED = sql`status = 'approved' AND sale_status = 'available'`;

/** The columns search filters read (migration 0011 logs changes to them too). */
export const FILTER_COLUMNS = [
  'domain_extension',
  'seller_price',
  'business_status',
  'trade_switch',
  'trade_option',
  'startup_breeders_switch',
  'label_length',
  'has_digit',
  'has_hyphen',
  'is_idn',
  'domain_label',
];

export function listedIndexes(dialect: Dialect) {
  const filterColumns = sql.join(FILTER_COLUMNS.map((c) => sql.ref(c)));
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        await sql`CREATE INDEX domains_listed_idx ON domains (id, ${filterColumns}) WHERE ${LISTED}`.execute(db);
        return;
      }
      await sql`CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public`.execute(db);
      await sql`CREATE INDEX domains_listed_idx ON domains (id) INCLUDE (${filterColumns}) WHERE ${LISTED}`.execute(db);
      await sql`CREATE INDEX domains_listed_text_idx ON domains USING gin
        (domain_label public.gin_trgm_ops, domain_extension, business_status, trade_option, startup_breeders_switch) WHERE ${LISTED}`.execute(db);
      await sql`CREATE INDEX domains_listed_label_idx ON domains (domain_label COLLATE "C", id) WHERE ${LISTED}`.execute(db);
      await sql`DROP INDEX domains_label_trgm_idx`.execute(db);
      await sql`DROP INDEX domains_label_c_idx`.execute(db);
      // A substring's match count decides between the trigram bitmap and walking the label
      // index until the window fills; with the default 100-entry histogram PostgreSQL
      // overestimated the matches of some substrings ('%zero%') and walked the label index instead.
      await sql`ALTER TABLE domains ALTER COLUMN domain_label SET STATISTICS 1000`.execute(db);
      await sql`ANALYZE domains`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        await sql`DROP INDEX domains_listed_idx`.execute(db);
        return;
      }
      await sql`ALTER TABLE domains ALTER COLUMN domain_label SET STATISTICS -1`.execute(db);
      await sql`CREATE INDEX domains_label_c_idx ON domains (domain_label COLLATE "C", id)`.execute(db);
      await sql`CREATE INDEX domains_label_trgm_idx ON domains USING gin (domain_label public.gin_trgm_ops)`.execute(db);
      await sql`DROP INDEX domains_listed_label_idx`.execute(db);
      await sql`DROP INDEX domains_listed_text_idx`.execute(db);
      await sql`DROP INDEX domains_listed_idx`.execute(db);
    },
  };
}
