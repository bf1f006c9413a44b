import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { notNull, withId } from './columns.js';

/**
 * Reviews of completed engagements: each party reviews the other once (a unique index on the
 * engagement and the author), and the reviewed party may reply once. The client's reviews feed
 * the freelancer profile's `completed_engagements` and `rating`.
 */
export function reviews(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('engagement_reviews'), dialect)
        .addColumn('engagement_id', 'integer', (c) => c.notNull().references('engagements.id').onDelete('cascade'))
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('author_role', 'text', notNull)
        .addColumn('stars', 'integer', notNull)
        .addColumn('body', 'text', notNull)
        .addColumn('reply', 'text')
        .addColumn('replied_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('engagement_reviews_author_idx').on('engagement_reviews').columns(['engagement_id', 'author_id']).unique().execute();
      await db.schema.createIndex('engagement_reviews_subject_idx').on('engagement_reviews').columns(['subject_id', 'author_role', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('engagement_reviews').execute();
    },
  };
}
