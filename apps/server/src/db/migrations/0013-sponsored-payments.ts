import { type Kysely, sql } from 'kysely';

const TEXT_COLUMNS = ['pay_by', 'paid_at', 'paid_reference', 'checkout_session_id', 'cancelled_at'] as const;

/**
 * Sponsored headline orders are paid through the deals' payment providers: an order waits for
 * its money (a bank transfer an admin records, or a card payment the processor confirms) and
 * its headlines start only then. Orders placed before were marked paid at once; they stay paid.
 */
export function sponsoredPayments() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('sponsored_orders').addColumn('amount_cents', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('sponsored_orders').addColumn('recorded_by', 'integer').execute();
      for (const column of TEXT_COLUMNS) await db.schema.alterTable('sponsored_orders').addColumn(column, 'text').execute();
      await sql`UPDATE sponsored_orders SET amount_cents = total_amount * 100, paid_at = created_at, paid_reference = payment_reference`.execute(db);
      await db.schema.createIndex('sponsored_orders_status_idx').on('sponsored_orders').columns(['status', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('sponsored_orders_status_idx').execute();
      // Orders still waiting for money had no headlines: they did not exist before this change.
      await sql`DELETE FROM sponsored_orders WHERE status <> 'paid'`.execute(db);
      for (const column of [...TEXT_COLUMNS, 'recorded_by', 'amount_cents']) await db.schema.alterTable('sponsored_orders').dropColumn(column).execute();
    },
  };
}
