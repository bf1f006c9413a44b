import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { notNull, withId } from './columns.js';

/** Video pitches: one row from the moment an upload is authorised until it is deleted. */
export function videos(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('videos'), dialect)
        .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
        .addColumn('uploader_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('storage_key', 'text', (c) => c.notNull().unique())
        .addColumn('file_name', 'text', notNull)
        .addColumn('content_type', 'text', notNull)
        .addColumn('size', 'integer', notNull)
        // uploading -> undecided -> accepted | declined; deleted by its uploader at any time.
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('uploading'))
        .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('reviewed_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('videos_domain_idx').on('videos').columns(['domain_id', 'status']).execute();
      await db.schema.createIndex('videos_uploader_idx').on('videos').columns(['uploader_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('videos').execute();
    },
  };
}
