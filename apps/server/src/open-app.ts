import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app.js';
import type { AppConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';

/**
 * The app as the server runs it: on the configured database, migrated first, which the app
 * closes itself once its workers have stopped.
 */
export async function openApp(config: AppConfig, options: Pick<BuildOptions, 'mailer' | 'logger'> = {}): Promise<FastifyInstance> {
  const db = openDatabase({ databaseUrl: config.databaseUrl, schema: config.databaseSchema, sqliteFile: config.sqliteFile });
  await migrateToLatest(db);
  return buildApp(config, { ...options, db, closeDb: true });
}
