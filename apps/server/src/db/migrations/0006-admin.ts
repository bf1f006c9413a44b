import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { notNull, withId } from './columns.js';

/** The admin audit log, and which broker took a lead. */
export function admin(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('admin_audit'), dialect)
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('action', 'text', notNull)
        .addColumn('target_type', 'text', notNull)
        .addColumn('target_id', 'integer')
        .addColumn('outcome', 'text', notNull)
        .addColumn('details', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('admin_audit_created_idx').on('admin_audit').columns(['id']).execute();
      await db.schema.alterTable('domain_leads').addColumn('broker_id', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
      await db.schema.alterTable('domain_leads').addColumn('broker_taken_at', 'text').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('domain_leads').dropColumn('broker_taken_at').execute();
      await db.schema.alterTable('domain_leads').dropColumn('broker_id').execute();
      await db.schema.dropTable('admin_audit').execute();
    },
  };
}
