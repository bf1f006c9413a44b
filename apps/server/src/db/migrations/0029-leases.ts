import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { notNull, withId } from './columns.js';

const LEASE_TEXT_COLUMNS = [
  'pay_by',
  'started_at',
  'ended_at',
  'completed_at',
  'cancelled_at',
  'transfer_method',
  'push_account',
  'auth_code_secret',
  'dns_token',
  'dns_checked_at',
  'dns_verified_at',
  'confirm_by',
  'transfer_started_at',
  'dispute_reason',
  'resolution_note',
  // The seller's DNS records and landing choice when the lease started, put back if it ends (JSON).
  'dns_snapshot',
] as const;

const INSTALMENT_TEXT_COLUMNS = [
  'checkout_session_id',
  'card_payment_id',
  'paid_at',
  'payout_at',
  'refunded_at',
  // Each timer's mark: set by the one sweep that fires it, in the transaction of its notice.
  'reminded_7_at',
  'reminded_1_at',
  'warned_at',
] as const;

/**
 * Lease to own (modules/leases):
 * - `domains`: the seller's lease terms (months, down payment, rate), and `dns_controller_id`,
 *   the lessee while a lease runs (dns/zones.ts dnsControllerId);
 * - `leases`: one per lease, its terms frozen at the start, the transfer at the end;
 * - `lease_instalments`: each an item of escrow with its own money, due date and timer marks;
 * - `lease_events`: the history both parties see.
 */
export function leases(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('domains').addColumn('lease_months', 'integer').execute();
      await db.schema.alterTable('domains').addColumn('lease_down_payment_cents', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('domains').addColumn('lease_rate_bp', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('domains').addColumn('dns_controller_id', 'integer').execute();

      let leases = withId(db.schema.createTable('leases'), dialect)
        .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('restrict'))
        .addColumn('buyer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('domain_lead_id', 'integer')
        .addColumn('status', 'text', notNull)
        .addColumn('provider', 'text', notNull)
        .addColumn('payment_reference', 'text', notNull)
        .addColumn('price_cents', 'bigint', notNull)
        .addColumn('total_cents', 'bigint', notNull)
        .addColumn('months', 'integer', notNull)
        .addColumn('down_payment_cents', 'bigint', notNull)
        .addColumn('rate_bp', 'integer', notNull)
        .addColumn('disputed_by', 'integer');
      for (const column of LEASE_TEXT_COLUMNS) leases = leases.addColumn(column, 'text');
      await leases.addColumn('created_at', 'text', notNull).addColumn('updated_at', 'text', notNull).execute();
      await db.schema.createIndex('leases_reference_idx').on('leases').column('payment_reference').unique().execute();
      await db.schema.createIndex('leases_status_idx').on('leases').columns(['status', 'id']).execute();
      await db.schema.createIndex('leases_domain_idx').on('leases').columns(['domain_id', 'id']).execute();
      await db.schema.createIndex('leases_buyer_idx').on('leases').columns(['buyer_id', 'id']).execute();
      await db.schema.createIndex('leases_seller_idx').on('leases').columns(['seller_id', 'id']).execute();

      let instalments = withId(db.schema.createTable('lease_instalments'), dialect)
        .addColumn('lease_id', 'integer', (c) => c.notNull().references('leases.id').onDelete('restrict'))
        .addColumn('number', 'integer', notNull)
        .addColumn('payoff', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', notNull)
        .addColumn('provider', 'text', notNull)
        .addColumn('payment_reference', 'text', notNull)
        .addColumn('amount_cents', 'bigint', notNull)
        .addColumn('commission_cents', 'bigint', notNull)
        .addColumn('buyer_total_cents', 'bigint', notNull)
        .addColumn('seller_net_cents', 'bigint', notNull)
        .addColumn('due_at', 'text', notNull);
      for (const column of INSTALMENT_TEXT_COLUMNS) instalments = instalments.addColumn(column, 'text');
      await instalments.addColumn('created_at', 'text', notNull).addColumn('updated_at', 'text', notNull).execute();
      await db.schema.createIndex('lease_instalments_reference_idx').on('lease_instalments').column('payment_reference').unique().execute();
      await db.schema.createIndex('lease_instalments_lease_idx').on('lease_instalments').columns(['lease_id', 'number', 'id']).execute();
      await db.schema.createIndex('lease_instalments_due_idx').on('lease_instalments').columns(['status', 'due_at']).execute();
      await db.schema.createIndex('lease_instalments_session_idx').on('lease_instalments').column('checkout_session_id').execute();

      await withId(db.schema.createTable('lease_events'), dialect)
        .addColumn('lease_id', 'integer', (c) => c.notNull().references('leases.id').onDelete('cascade'))
        .addColumn('instalment_id', 'integer')
        .addColumn('status', 'text', notNull)
        .addColumn('note', 'text')
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('lease_events_lease_idx').on('lease_events').columns(['lease_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('lease_events').execute();
      await db.schema.dropTable('lease_instalments').execute();
      await db.schema.dropTable('leases').execute();
      for (const column of ['dns_controller_id', 'lease_rate_bp', 'lease_down_payment_cents', 'lease_months']) {
        await db.schema.alterTable('domains').dropColumn(column).execute();
      }
    },
  };
}
