import type { Kysely } from 'kysely';

/**
 * Search reads its candidates newest first; an index on (status, seller_price) tempted the
 * planner into collecting every priced match and sorting it. The (status, id) index serves
 * price filters by walking newest first and stopping once the window is full.
 */
export function searchOrder() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('domains_status_price_idx').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('domains_status_price_idx').on('domains').columns(['status', 'seller_price']).execute();
    },
  };
}
