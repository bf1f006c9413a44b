import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * What lets the in-memory search index answer from memory alone:
 * - a change of an owner's name is a change of their listed domains in the search change log
 *   (search rows show the owner's name, which the index now keeps);
 * - on PostgreSQL, every statement that adds to the change log notifies the channel of its
 *   schema at commit, so an instance that hears nothing knows its index is current without
 *   asking (apps/server/src/modules/search/search-change-listener.ts).
 */
const LISTED = `status = 'approved' AND sale_status = 'available'`;

export function searchFreshness(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        await sql.raw(`CREATE TRIGGER users_name_search AFTER UPDATE OF first_name, last_name ON users
          WHEN OLD.first_name IS NOT NEW.first_name OR OLD.last_name IS NOT NEW.last_name BEGIN
          INSERT INTO domain_search_changes (domain_id) SELECT id FROM domains WHERE user_id = NEW.id AND ${LISTED}; END`).execute(db);
        return;
      }
      await sql`CREATE FUNCTION users_name_search_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO domain_search_changes (domain_id) SELECT id FROM domains WHERE user_id = NEW.id AND status = 'approved' AND sale_status = 'available';
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE TRIGGER users_name_search AFTER UPDATE OF first_name, last_name ON users FOR EACH ROW
        WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
        EXECUTE FUNCTION users_name_search_change()`.execute(db);
      // One notice per statement (and PostgreSQL folds equal notices of one transaction into
      // one), sent at commit: a bulk approval of a million names is one notice.
      await sql`CREATE FUNCTION domain_search_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_notify(left(lower('market_search_' || current_schema()), 63), '');
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE TRIGGER domain_search_changes_notify AFTER INSERT ON domain_search_changes FOR EACH STATEMENT
        EXECUTE FUNCTION domain_search_notify()`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        await sql`DROP TRIGGER users_name_search`.execute(db);
        return;
      }
      await sql`DROP TRIGGER domain_search_changes_notify ON domain_search_changes`.execute(db);
      await sql`DROP FUNCTION domain_search_notify()`.execute(db);
      await sql`DROP TRIGGER users_name_search ON users`.execute(db);
      await sql`DROP FUNCTION users_name_search_change()`.execute(db);
    },
  };
}
