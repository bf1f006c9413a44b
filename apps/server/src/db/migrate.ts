import { type MigrationResult, Migrator, sql } from 'kysely';
import { type Db, quoteIdent } from './database.js';
import { migrationsFor } from './migrations/index.js';

function migrator(db: Db): Migrator {
  return new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrationsFor(db.dialect) },
    // On PostgreSQL name the schema: introspection sees every schema, and another one's
    // bookkeeping table must not be mistaken for ours.
    ...(db.dialect === 'postgres' ? { migrationTableSchema: db.schema ?? 'public' } : {}),
  });
}

function check(results: { error?: unknown; results?: MigrationResult[] }): MigrationResult[] {
  if (results.error) {
    const failed = results.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(results.error)}`, {
      cause: results.error,
    });
  }
  return results.results ?? [];
}

async function ensureSchema(db: Db): Promise<void> {
  if (db.dialect === 'postgres' && db.schema) {
    await sql.raw(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(db.schema)}`).execute(db.kysely);
  }
}

export async function migrateToLatest(db: Db): Promise<MigrationResult[]> {
  await ensureSchema(db);
  return check(await migrator(db).migrateToLatest());
}

export async function migrateDown(db: Db): Promise<MigrationResult[]> {
  return check(await migrator(db).migrateDown());
}

/** Undoes (or applies) migrations until `name` is the last one applied: tests of one migration start there. */
export async function migrateTo(db: Db, name: string): Promise<MigrationResult[]> {
  await ensureSchema(db);
  return check(await migrator(db).migrateTo(name));
}
