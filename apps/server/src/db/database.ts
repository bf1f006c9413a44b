import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { withPreparedStatements } from './prepared-statements.js';
import { withStatementCache } from './statement-cache.js';
import { pdnsSqliteFile } from '../dns/pdns-schema.js';
import { SearchWriteWatch } from './search-write-watch.js';

export type Dialect = 'sqlite' | 'postgres';

/** What repositories take first: the database, or the transaction a service opened. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  schema?: string;
  /** How it was opened, so another thread can open its own connection to the same database. */
  options?: DbOptions;
  /** When this process last wrote something search shows (search-write-watch.ts). */
  searchWrites?: SearchWriteWatch;
  destroy(): Promise<void>;
}

export interface DbOptions {
  databaseUrl?: string;
  /** Postgres schema to work in (created if missing); tests give each file its own. */
  schema?: string;
  sqliteFile: string;
}

// COUNT(*) and BIGINT arrive as strings from pg by default; our ids and counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) {
    // Parallel workers help big scans, not our short indexed queries, where starting them costs
    // more than the query (measured on search).
    const settings = ['-c max_parallel_workers_per_gather=0'];
    if (options.schema) settings.push(`-c search_path=${quoteIdent(options.schema)},public`);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: settings.join(' ') });
    const searchWrites = new SearchWriteWatch();
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }), plugins: [searchWrites] });
    return { kysely, dialect: 'postgres', schema: options.schema, options, searchWrites, destroy: () => kysely.destroy() };
  }
  if (options.sqliteFile !== ':memory:') fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // PowerDNS's tables, in a file of their own that PowerDNS opens (dns/pdns-schema.ts).
  sqlite.prepare('ATTACH DATABASE ? AS pdns').run(pdnsSqliteFile(options.sqliteFile));
  sqlite.pragma('pdns.journal_mode = WAL');
  sqlite.pragma('pdns.synchronous = NORMAL');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { kysely, dialect: 'sqlite', options, destroy: () => kysely.destroy() };
}

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`Unsafe identifier: ${name}`);
  return `"${name}"`;
}

export function nowIso(): string {
  return new Date().toISOString();
}
