import { type Kysely, sql } from 'kysely';

/**
 * A video pitch has two separate decisions: the admins' moderation (`moderation`: new, approved,
 * denied; may it be shown at all) and the domain owner's answer (`status`: undecided, accepted,
 * declined). Until now an admin's review wrote the owner's answer; those reviews become what
 * they were, moderation, and the pitch waits for its owner again.
 */
export function roughVideoModeration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('videos').addColumn('moderation', 'text', (c) => c.notNull().defaultTo('new')).execute();
      await db.schema.alterTable('videos').addColumn('moderated_by', 'integer').execute();
      await db.schema.alterTable('videos').addColumn('moderated_at', 'text').execute();
      const byAdmins = sql`reviewed_by IS NOT NULL AND reviewed_by <> seller_id AND status IN ('accepted', 'declined')`;
      const domains = await sql<{ domain_id: number }>`SELECT DISTINCT domain_id FROM videos WHERE ${byAdmins}`.execute(db);
      await sql`
        UPDATE videos
        SET moderation = CASE status WHEN 'accepted' THEN 'approved' ELSE 'denied' END,
            moderated_by = reviewed_by, moderated_at = reviewed_at,
            status = 'undecided', reviewed_by = NULL, reviewed_at = NULL
        WHERE ${byAdmins}`.execute(db);
      // The owner's "to decide" badge counts those pitches again.
      for (const { domain_id } of domains.rows) {
        await sql`
          UPDATE domains SET video_pitch_leads = (
            SELECT COUNT(*) FROM videos v
            WHERE v.domain_id = domains.id AND v.status = 'undecided' AND v.moderation <> 'denied'
              AND v.seller_id = domains.user_id AND v.uploader_id <> domains.user_id)
          WHERE id = ${domain_id}`.execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const column of ['moderated_at', 'moderated_by', 'moderation']) {
        await db.schema.alterTable('videos').dropColumn(column).execute();
      }
    },
  };
}
