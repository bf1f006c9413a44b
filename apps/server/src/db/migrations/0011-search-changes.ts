import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { FILTER_COLUMNS } from './0010-listed-indexes.js';

/**
 * A change log of the listing, read by the in-memory search index of every server instance:
 * a row for each domain that enters, leaves or changes within the listing (approved and
 * available), written by triggers so that no code path that touches a domain can forget it.
 * Only the columns search reads count as a change; a landing-page visit does not.
 */
const SEARCHED_COLUMNS = ['status', 'sale_status', ...FILTER_COLUMNS];

const listed = (row: 'NEW' | 'OLD') => `(${row}.status = 'approved' AND ${row}.sale_status = 'available')`;

export function searchChanges(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        await sql`CREATE TABLE domain_search_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL)`.execute(db);
        const changed = SEARCHED_COLUMNS.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
        await sql.raw(`CREATE TRIGGER domains_search_insert AFTER INSERT ON domains WHEN ${listed('NEW')} BEGIN
          INSERT INTO domain_search_changes (domain_id) VALUES (NEW.id); END`).execute(db);
        await sql.raw(`CREATE TRIGGER domains_search_update AFTER UPDATE ON domains
          WHEN (${listed('OLD')} OR ${listed('NEW')}) AND (${changed}) BEGIN
          INSERT INTO domain_search_changes (domain_id) VALUES (NEW.id); END`).execute(db);
        await sql.raw(`CREATE TRIGGER domains_search_delete AFTER DELETE ON domains WHEN ${listed('OLD')} BEGIN
          INSERT INTO domain_search_changes (domain_id) VALUES (OLD.id); END`).execute(db);
        return;
      }
      await sql`CREATE TABLE domain_search_changes (seq bigserial PRIMARY KEY, domain_id integer NOT NULL)`.execute(db);
      // The table is named without a schema: it resolves through the search_path of the
      // connection that changes the domain, which is the app's own schema.
      await sql`CREATE FUNCTION domain_search_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO domain_search_changes (domain_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
          RETURN NULL;
        END $$`.execute(db);
      const columns = (row: 'NEW' | 'OLD') => SEARCHED_COLUMNS.map((c) => `${row}.${c}`).join(', ');
      await sql.raw(`CREATE TRIGGER domains_search_insert AFTER INSERT ON domains FOR EACH ROW
        WHEN ${listed('NEW')} EXECUTE FUNCTION domain_search_change()`).execute(db);
      await sql.raw(`CREATE TRIGGER domains_search_update AFTER UPDATE ON domains FOR EACH ROW
        WHEN ((${listed('OLD')} OR ${listed('NEW')}) AND ROW(${columns('OLD')}) IS DISTINCT FROM ROW(${columns('NEW')}))
        EXECUTE FUNCTION domain_search_change()`).execute(db);
      await sql.raw(`CREATE TRIGGER domains_search_delete AFTER DELETE ON domains FOR EACH ROW
        WHEN ${listed('OLD')} EXECUTE FUNCTION domain_search_change()`).execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const trigger of ['domains_search_insert', 'domains_search_update', 'domains_search_delete']) {
        await sql.raw(dialect === 'sqlite' ? `DROP TRIGGER ${trigger}` : `DROP TRIGGER ${trigger} ON domains`).execute(db);
      }
      if (dialect === 'postgres') await sql`DROP FUNCTION domain_search_change()`.execute(db);
      await sql`DROP TABLE domain_search_changes`.execute(db);
    },
  };
}
