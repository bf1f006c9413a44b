import path from 'node:path';
import type { Dialect } from '../db/database.js';

/**
 * Where PowerDNS's own tables live: PowerDNS reads them with its stock schema and queries, and
 * their names (`domains`, `records`) must not meet ours. On PostgreSQL a schema of their own
 * (`pdns`, or `<schema>_pdns` beside a named app schema such as a test's); on SQLite a database
 * file of their own beside the app's, attached to every connection as `pdns`.
 */
export function pdnsSchemaOf(db: { dialect: Dialect; schema?: string }): string {
  return db.dialect === 'postgres' && db.schema ? `${db.schema}_pdns` : 'pdns';
}

/** The SQLite file PowerDNS reads (`gsqlite3-database`): `market.sqlite` → `market-pdns.sqlite`. */
export function pdnsSqliteFile(sqliteFile: string): string {
  if (sqliteFile === ':memory:') return ':memory:';
  const ext = path.extname(sqliteFile);
  return path.join(path.dirname(sqliteFile), `${path.basename(sqliteFile, ext)}-pdns${ext || '.sqlite'}`);
}
