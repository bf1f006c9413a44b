import { sql } from 'kysely';
import type { Db } from './database.js';

/** The fewest changed rows that make a refresh worth its cost (a sampled read of the table). */
export const REFRESH_AFTER_ROWS = 10_000;
/** Beyond that, the share of the table that must have changed, as autovacuum would count it. */
const REFRESH_AFTER_SHARE = 0.1;

/**
 * Keeps PostgreSQL's planner statistics of a table current after bulk writes. Autovacuum
 * analyzes a table only after a tenth of it changed, and on its own schedule; until then the
 * planner plans with the old picture. A bulk import of pending names left it expecting a few
 * hundred pending rows where there were half a million, so the approval queue read them all and
 * sorted them for each page instead of reading its index in order. ANALYZE of a few columns
 * with the default statistics target reads a fixed sample (30,000 rows) however large the
 * table. SQLite plans
 * without such statistics here: nothing to do.
 */
export function createStatisticsRefresher(db: Db, table: 'domains', columns: readonly string[], minRows = REFRESH_AFTER_ROWS) {
  let written = 0;
  let threshold = minRows;
  return {
    /** Counts rows a committed write changed; refreshes once enough have. */
    async wrote(rows: number): Promise<void> {
      if (db.dialect !== 'postgres') return;
      written += rows;
      if (written < threshold) return;
      written = 0;
      // Only the columns bulk writes shift: domain_label's statistics target of 1000 (for
      // search) would make the sample ten times larger.
      await sql`ANALYZE ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})`.execute(db.kysely);
      // Scaled to the table, so a million approvals in pages of a thousand refresh ten times, not a thousand.
      const { rows: found } = await sql<{ reltuples: number }>`SELECT reltuples FROM pg_class WHERE oid = ${table}::regclass`.execute(db.kysely);
      threshold = Math.max(minRows, REFRESH_AFTER_SHARE * Number(found[0]?.reltuples ?? 0));
    },
  };
}
