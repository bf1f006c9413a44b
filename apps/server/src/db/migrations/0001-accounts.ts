import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { notNull, withId } from './columns.js';

export function accounts(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('users'), dialect)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('first_name', 'text', notNull)
        .addColumn('last_name', 'text', notNull)
        .addColumn('role', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_role', 'text')
        .addColumn('country', 'text')
        .addColumn('subscription', 'text', (c) => c.notNull().defaultTo('Free'))
        .addColumn('authentication_type', 'text', (c) => c.notNull().defaultTo('custom'))
        .addColumn('authentication_label', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();

      await withId(db.schema.createTable('auth_tokens'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', notNull)
        .addColumn('last_used_at', 'text', notNull)
        .addColumn('expires_at', 'text', notNull)
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('auth_tokens_user_id_idx').on('auth_tokens').column('user_id').execute();

      await withId(db.schema.createTable('password_reset_tokens'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', notNull)
        .addColumn('expires_at', 'text', notNull)
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('password_reset_tokens_user_id_idx')
        .on('password_reset_tokens')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('password_reset_tokens').execute();
      await db.schema.dropTable('auth_tokens').execute();
      await db.schema.dropTable('users').execute();
    },
  };
}
