import { reviewRating } from '@market/shared';
import { type Kysely, sql } from 'kysely';

/**
 * Every freelancer profile's review count and rating, worked out again from the clients' reviews
 * that exist (packages/shared `reputationOf`). The demo seed used to write figures no review
 * backed: a profile read "4.9 of 5 stars from 12 reviewed engagements" beside "No reviews yet",
 * held certifications on those figures, and lost them at its first real review.
 * Down leaves the figures as they are: the ones replaced came from nothing that could restore them.
 */
export function reviewAggregates() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`UPDATE freelancer_profiles SET completed_engagements = 0, rating = NULL
        WHERE user_id NOT IN (SELECT subject_id FROM engagement_reviews WHERE author_role = 'client')`.execute(db);
      const totals = await sql<{ subject_id: number; count: number | string; stars: number | string }>`SELECT subject_id, COUNT(*) AS count, SUM(stars) AS stars
        FROM engagement_reviews WHERE author_role = 'client' GROUP BY subject_id`.execute(db);
      for (const t of totals.rows) {
        const count = Number(t.count);
        await sql`UPDATE freelancer_profiles SET completed_engagements = ${count}, rating = ${reviewRating(count, Number(t.stars))}
          WHERE user_id = ${t.subject_id}`.execute(db);
      }
    },
    async down(): Promise<void> {
      // Nothing to restore: see above.
    },
  };
}
