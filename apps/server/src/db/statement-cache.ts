import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/** Enough for every query shape the app runs; chunked imports and IN lists beyond it rotate out. */
const DEFAULT_SIZE = 256;

/**
 * Kysely's SQLite driver calls `prepare` for every query it runs; compiling the SQL again is a
 * measurable share of a short lookup (a landing page by id). This keeps the most recently used
 * statements by their SQL text. better-sqlite3 runs a statement to completion synchronously, so
 * reuse is safe; a statement still being iterated (a streamed query) is never handed out twice.
 */
export function withStatementCache(database: SqliteDatabase, size = DEFAULT_SIZE): KyselySqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Map order is insertion order: re-inserting marks it most recently used.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > size) statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
