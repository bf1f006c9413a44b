import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { notNull, withId } from './columns.js';

/** Text columns an order gains for its lifecycle (times are ISO strings, like every other table). */
const ORDER_TEXT_COLUMNS = [
  'payment_reference',
  'pay_by',
  'paid_at',
  'transfer_by',
  'transfer_method',
  'push_account',
  'auth_code_secret',
  'transfer_started_at',
  'dns_token',
  'dns_checked_at',
  'dns_verified_at',
  'confirm_by',
  'confirmed_at',
  'payout_at',
  'completed_at',
  'refunded_at',
  'cancelled_at',
  'dispute_reason',
  'disputed_from',
  'resolution_note',
  'checkout_session_id',
] as const;

const ORDER_CENT_COLUMNS = [
  'price_cents',
  'commission_cents',
  'buyer_fee_cents',
  'seller_fee_cents',
  'buyer_total_cents',
  'seller_net_cents',
] as const;

/**
 * Deals that close: an order's lifecycle (payment held in escrow, transfer, confirmation,
 * payout, disputes), its money in cents, a ledger of every movement, the order's history, and
 * the payment provider events already processed (a retried webhook is applied once).
 */
export function deals(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('purchase_orders').addColumn('provider', 'text', (c) => c.notNull().defaultTo('manual')).execute();
      await db.schema.alterTable('purchase_orders').addColumn('disputed_by', 'integer').execute();
      for (const column of ORDER_CENT_COLUMNS) {
        await db.schema.alterTable('purchase_orders').addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      }
      for (const column of ORDER_TEXT_COLUMNS) {
        await db.schema.alterTable('purchase_orders').addColumn(column, 'text').execute();
      }
      // Orders placed before: their whole-dollar figures in cents, a reference, and three days to pay.
      await sql`UPDATE purchase_orders SET
          price_cents = price * 100, commission_cents = commission * 100,
          buyer_fee_cents = (buyer_total - price) * 100, seller_fee_cents = (price - seller_net) * 100,
          buyer_total_cents = buyer_total * 100, seller_net_cents = seller_net * 100,
          payment_reference = 'DM-' || id,
          pay_by = created_at`.execute(db);
      await sql`UPDATE purchase_orders SET status = 'awaiting_payment' WHERE status = 'placed'`.execute(db);
      await db.schema.createIndex('purchase_orders_reference_idx').on('purchase_orders').column('payment_reference').unique().execute();
      await db.schema.createIndex('purchase_orders_status_idx').on('purchase_orders').columns(['status', 'id']).execute();

      await withId(db.schema.createTable('ledger_entries'), dialect)
        .addColumn('order_id', 'integer', (c) => c.references('purchase_orders.id').onDelete('restrict'))
        .addColumn('kind', 'text', notNull)
        .addColumn('amount_cents', 'bigint', notNull)
        .addColumn('reference', 'text', notNull)
        .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('ledger_entries_order_idx').on('ledger_entries').columns(['order_id', 'id']).execute();
      await db.schema.createIndex('ledger_entries_created_idx').on('ledger_entries').columns(['created_at', 'id']).execute();

      await withId(db.schema.createTable('order_events'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('purchase_orders.id').onDelete('cascade'))
        .addColumn('status', 'text', notNull)
        .addColumn('note', 'text')
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'id']).execute();

      await db.schema
        .createTable('payment_events')
        .addColumn('event_id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('payment_events').execute();
      await db.schema.dropTable('order_events').execute();
      await db.schema.dropTable('ledger_entries').execute();
      await db.schema.dropIndex('purchase_orders_status_idx').execute();
      await db.schema.dropIndex('purchase_orders_reference_idx').execute();
      await sql`UPDATE purchase_orders SET status = 'placed' WHERE status = 'awaiting_payment'`.execute(db);
      for (const column of [...ORDER_TEXT_COLUMNS, ...ORDER_CENT_COLUMNS, 'disputed_by', 'provider']) {
        await db.schema.alterTable('purchase_orders').dropColumn(column).execute();
      }
    },
  };
}
