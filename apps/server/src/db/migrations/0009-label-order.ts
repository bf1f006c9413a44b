import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * PostgreSQL: prefix search orders by the label in byte order; a btree on the label in the "C"
 * collation serves both the LIKE 'ab%' range and that order, so a page stops after its rows.
 * (SQLite's label index already compares bytes.)
 */
export function labelOrder(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`CREATE INDEX domains_label_c_idx ON domains (domain_label COLLATE "C", id)`.execute(db);
      await sql`DROP INDEX domains_label_prefix_idx`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`CREATE INDEX domains_label_prefix_idx ON domains (domain_label text_pattern_ops)`.execute(db);
      await sql`DROP INDEX domains_label_c_idx`.execute(db);
    },
  };
}
