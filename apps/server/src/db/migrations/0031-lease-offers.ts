import type { Kysely } from 'kysely';

/**
 * An offer in a negotiation may be one in instalments (lease to own): the entry keeps the lease
 * terms it was made on, so accepting it starts the lease the parties saw, whatever the seller's
 * published terms are by then. `lease_months` is null for an offer paid at once. The lease an
 * accepted offer became is found by its lead, for the negotiation page's link.
 */
export function leaseOffers() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('negotiations').addColumn('lease_months', 'integer').execute();
      await db.schema.alterTable('negotiations').addColumn('lease_down_payment_cents', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('negotiations').addColumn('lease_rate_bp', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('leases_lead_idx').on('leases').column('domain_lead_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('leases_lead_idx').execute();
      for (const column of ['lease_rate_bp', 'lease_down_payment_cents', 'lease_months']) {
        await db.schema.alterTable('negotiations').dropColumn(column).execute();
      }
    },
  };
}
