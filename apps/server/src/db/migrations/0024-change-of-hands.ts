import { type Kysely, sql } from 'kysely';

/**
 * A completed sale hands the domain to its buyer (domains module, pass-to-buyer.ts). What was
 * the seller's must stay the seller's when the row changes hands:
 * - `videos.seller_id`: the owner a pitch was sent to (it was read from the domain at read
 *   time, so a new owner would have seen the pitches sent to the one before);
 * - `domains.owned_since`: when the current owner got the name (null: since the row was
 *   created); its traffic is counted from that day.
 * Leads already keep their seller (`domain_leads.seller_id`, set when the lead opens).
 *
 * Sales completed before this stayed in the seller's portfolio as `sold`; they pass to their
 * buyers here, the way a sale completed from now on does.
 */
export function changeOfHands() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // No foreign key: SQLite adds a referencing column only with a NULL default.
      await db.schema.alterTable('videos').addColumn('seller_id', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await sql`UPDATE videos SET seller_id = (SELECT d.user_id FROM domains d WHERE d.id = videos.domain_id)`.execute(db);
      await db.schema.createIndex('videos_seller_idx').on('videos').columns(['seller_id', 'id']).execute();
      await db.schema.alterTable('domains').addColumn('owned_since', 'text').execute();

      const sold = await sql<{ domain_id: number; buyer_id: number; seller_id: number; completed_at: string | null; updated_at: string }>`
        SELECT o.domain_id, o.buyer_id, o.seller_id, o.completed_at, o.updated_at
        FROM purchase_orders o INNER JOIN domains d ON d.id = o.domain_id
        WHERE d.sale_status = 'sold' AND o.status = 'completed' AND o.seller_id = d.user_id
        ORDER BY o.id`.execute(db);
      // The newest completed order of each domain decides its buyer.
      const byDomain = new Map(sold.rows.map((r) => [r.domain_id, r]));
      const now = new Date().toISOString();
      for (const o of byDomain.values()) {
        const at = o.completed_at ?? o.updated_at;
        // Everything the seller's listing was (and the approval of it) is reset, as for a new import.
        await sql`UPDATE domains SET user_id = ${o.buyer_id}, owned_since = ${at},
            status = 'pending', reviewed_by = NULL, reviewed_at = NULL,
            ns_status = 'unchecked', ns_checked_at = NULL, ns_found = NULL, sale_status = 'available',
            business_status = '', seller_price = 0, buyer_price = 0, min_offer = 0,
            trade_option = NULL, trade_switch = 0, startup_breeders = NULL, startup_breeders_switch = 0,
            description = NULL, visits = 0, video_pitch_leads = 0, updated_at = ${now}
          WHERE id = ${o.domain_id} AND user_id = ${o.seller_id}`.execute(db);
        await sql`UPDATE domain_leads SET status = 'closed', updated_at = ${now} WHERE domain_id = ${o.domain_id} AND status = 'open'`.execute(db);
        await sql`UPDATE domain_claims SET resolved_at = ${now} WHERE domain_id = ${o.domain_id} AND resolved_at IS NULL`.execute(db);
        await sql`UPDATE sponsored_headlines SET ends_at = ${now} WHERE domain_id = ${o.domain_id} AND ends_at > ${now}`.execute(db);
        // Visits of the sold page from the day of the sale on were the seller's; the buyer's count from then.
        await sql`DELETE FROM domain_visits WHERE domain_id = ${o.domain_id} AND day >= ${at.slice(0, 10)}`.execute(db);
        await sql`DELETE FROM recently_viewed WHERE domain_id = ${o.domain_id} AND user_id = ${o.buyer_id}`.execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      // Names that passed stay with their buyers: to the code before this, a domain its buyer
      // holds is simply one of their domains.
      await db.schema.alterTable('domains').dropColumn('owned_since').execute();
      await db.schema.dropIndex('videos_seller_idx').execute();
      await db.schema.alterTable('videos').dropColumn('seller_id').execute();
    },
  };
}
