import type { Kysely } from 'kysely';

/**
 * The reviews a user wrote, newest first (My Stable's Reviews tab): the unique index leads with
 * the engagement, so without this one each visit read every review there is.
 */
export function reviewsByAuthor() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('engagement_reviews_written_idx').on('engagement_reviews').columns(['author_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('engagement_reviews_written_idx').execute();
    },
  };
}
