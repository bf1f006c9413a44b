import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { notNull, withId } from './columns.js';

/**
 * Hiring freelancers: a request and, once its terms are accepted, the engagement (one row for
 * both), its milestones each paid into escrow, its history, its conversation and how far each
 * party has read it. Milestone money moves through the deals' ledger (`milestone_id`).
 */
export function engagements(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('engagements'), dialect)
        .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('freelancer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('domain_id', 'integer', (c) => c.references('domains.id').onDelete('set null'))
        .addColumn('order_id', 'integer', (c) => c.references('purchase_orders.id').onDelete('set null'))
        .addColumn('title', 'text', notNull)
        .addColumn('brief', 'text', notNull)
        .addColumn('budget_cents', 'bigint', notNull)
        .addColumn('deadline', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('terms_version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('commission_percent', 'integer', notNull)
        .addColumn('decline_reason', 'text')
        .addColumn('accepted_at', 'text')
        .addColumn('first_funded_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('engagements_client_idx').on('engagements').columns(['client_id', 'id']).execute();
      await db.schema.createIndex('engagements_freelancer_idx').on('engagements').columns(['freelancer_id', 'id']).execute();

      await withId(db.schema.createTable('engagement_milestones'), dialect)
        .addColumn('engagement_id', 'integer', (c) => c.notNull().references('engagements.id').onDelete('cascade'))
        .addColumn('position', 'integer', notNull)
        .addColumn('title', 'text', notNull)
        .addColumn('due_date', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('amount_cents', 'bigint', notNull)
        .addColumn('commission_cents', 'bigint', notNull)
        .addColumn('freelancer_net_cents', 'bigint', notNull)
        .addColumn('provider', 'text', notNull)
        .addColumn('payment_reference', 'text', notNull)
        .addColumn('checkout_session_id', 'text')
        .addColumn('paid_at', 'text')
        .addColumn('delivered_at', 'text')
        .addColumn('delivery_note', 'text')
        .addColumn('approve_by', 'text')
        .addColumn('approved_at', 'text')
        .addColumn('payout_at', 'text')
        .addColumn('refunded_at', 'text')
        .addColumn('cancelled_at', 'text')
        .addColumn('dispute_reason', 'text')
        .addColumn('disputed_by', 'integer')
        .addColumn('resolution_note', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('engagement_milestones_engagement_idx').on('engagement_milestones').columns(['engagement_id', 'position']).execute();
      await db.schema.createIndex('engagement_milestones_status_idx').on('engagement_milestones').columns(['status', 'id']).execute();
      await db.schema.createIndex('engagement_milestones_reference_idx').on('engagement_milestones').column('payment_reference').unique().execute();

      await withId(db.schema.createTable('engagement_events'), dialect)
        .addColumn('engagement_id', 'integer', (c) => c.notNull().references('engagements.id').onDelete('cascade'))
        .addColumn('milestone_id', 'integer')
        .addColumn('status', 'text', notNull)
        .addColumn('note', 'text')
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('engagement_events_engagement_idx').on('engagement_events').columns(['engagement_id', 'id']).execute();

      await withId(db.schema.createTable('engagement_messages'), dialect)
        .addColumn('engagement_id', 'integer', (c) => c.notNull().references('engagements.id').onDelete('cascade'))
        .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('body', 'text', notNull)
        .addColumn('attachment_key', 'text')
        .addColumn('attachment_name', 'text')
        .addColumn('attachment_type', 'text')
        .addColumn('attachment_size', 'integer')
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('engagement_messages_engagement_idx').on('engagement_messages').columns(['engagement_id', 'id']).execute();

      await db.schema
        .createTable('engagement_reads')
        .addColumn('engagement_id', 'integer', (c) => c.notNull().references('engagements.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('last_read_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('engagement_reads_pk', ['engagement_id', 'user_id'])
        .execute();

      await db.schema.alterTable('ledger_entries').addColumn('milestone_id', 'integer').execute();
      await db.schema.createIndex('ledger_entries_milestone_idx').on('ledger_entries').columns(['milestone_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('ledger_entries_milestone_idx').execute();
      await db.schema.alterTable('ledger_entries').dropColumn('milestone_id').execute();
      await db.schema.dropTable('engagement_reads').execute();
      await db.schema.dropTable('engagement_messages').execute();
      await db.schema.dropTable('engagement_events').execute();
      await db.schema.dropTable('engagement_milestones').execute();
      await db.schema.dropTable('engagements').execute();
    },
  };
}
