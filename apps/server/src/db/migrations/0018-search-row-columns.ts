import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { FILTER_COLUMNS } from './0010-listed-indexes.js';

/**
 * The in-memory search index answers a result list by itself (modules/search), so a change to
 * any column a search row shows must reach the change log too, not only the columns filters
 * read: the update trigger of migration 0011 is recreated with the shown columns added.
 */
export const FILTERED_COLUMNS = ['status', 'sale_status', ...FILTER_COLUMNS];
export const SHOWN_COLUMNS = ['min_offer', 'buyer_price', 'user_id', 'startup_breeders', 'domain_unicode', 'created_at'];

const listed = (row: 'NEW' | 'OLD') => `(${row}.status = 'approved' AND ${row}.sale_status = 'available')`;

export async function recreateUpdateTrigger(db: Kysely<unknown>, dialect: Dialect, columns: string[]): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`DROP TRIGGER domains_search_update`.execute(db);
    const changed = columns.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
    await sql.raw(`CREATE TRIGGER domains_search_update AFTER UPDATE ON domains
      WHEN (${listed('OLD')} OR ${listed('NEW')}) AND (${changed}) BEGIN
      INSERT INTO domain_search_changes (domain_id) VALUES (NEW.id); END`).execute(db);
    return;
  }
  await sql`DROP TRIGGER domains_search_update ON domains`.execute(db);
  const row = (r: 'NEW' | 'OLD') => columns.map((c) => `${r}.${c}`).join(', ');
  await sql.raw(`CREATE TRIGGER domains_search_update AFTER UPDATE ON domains FOR EACH ROW
    WHEN ((${listed('OLD')} OR ${listed('NEW')}) AND ROW(${row('OLD')}) IS DISTINCT FROM ROW(${row('NEW')}))
    EXECUTE FUNCTION domain_search_change()`).execute(db);
}

export function searchRowColumns(dialect: Dialect) {
  return {
    up: (db: Kysely<unknown>) => recreateUpdateTrigger(db, dialect, [...FILTERED_COLUMNS, ...SHOWN_COLUMNS]),
    down: (db: Kysely<unknown>) => recreateUpdateTrigger(db, dialect, FILTERED_COLUMNS),
  };
}
