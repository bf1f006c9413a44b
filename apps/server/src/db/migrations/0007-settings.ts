import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { notNull, withId } from './columns.js';

/** Newsletter subscribers and a user's e-mail notification preference. */
export function settings(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('subscribers'), dialect)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.alterTable('users').addColumn('notify_email', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').dropColumn('notify_email').execute();
      await db.schema.dropTable('subscribers').execute();
    },
  };
}
