import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { notNull, withId } from './columns.js';

/** Leads, their negotiation entries, notifications, Buy Now orders and a domain's sale state. */
export function leads(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // available | under_order | sold: only available domains appear in search and take offers.
      await db.schema.alterTable('domains').addColumn('sale_status', 'text', (c) => c.notNull().defaultTo('available')).execute();

      await withId(db.schema.createTable('domain_leads'), dialect)
        .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
        .addColumn('buyer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('category', 'text')
        .addColumn('broker_requested_at', 'text')
        .addColumn('accepted_amount', 'integer')
        .addColumn('accepted_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('domain_leads_domain_idx').on('domain_leads').columns(['domain_id', 'status']).execute();
      await db.schema.createIndex('domain_leads_buyer_idx').on('domain_leads').columns(['buyer_id', 'updated_at']).execute();
      await db.schema.createIndex('domain_leads_seller_idx').on('domain_leads').columns(['seller_id', 'updated_at']).execute();

      await withId(db.schema.createTable('negotiations'), dialect)
        .addColumn('domain_lead_id', 'integer', (c) => c.notNull().references('domain_leads.id').onDelete('cascade'))
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', notNull)
        .addColumn('created_at', 'text', notNull)
        .addColumn('expires_at', 'text')
        .execute();
      await db.schema.createIndex('negotiations_lead_idx').on('negotiations').columns(['domain_lead_id', 'id']).execute();

      await withId(db.schema.createTable('notifications'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('domain_lead_id', 'integer', (c) => c.references('domain_leads.id').onDelete('cascade'))
        .addColumn('category', 'text')
        .addColumn('message', 'text', notNull)
        .addColumn('link', 'text')
        .addColumn('read_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();

      await withId(db.schema.createTable('purchase_orders'), dialect)
        .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
        .addColumn('buyer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('domain_lead_id', 'integer', (c) => c.references('domain_leads.id').onDelete('set null'))
        .addColumn('price', 'integer', notNull)
        .addColumn('commission', 'integer', notNull)
        .addColumn('buyer_total', 'integer', notNull)
        .addColumn('seller_net', 'integer', notNull)
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('placed'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('purchase_orders_buyer_idx').on('purchase_orders').columns(['buyer_id', 'id']).execute();
      await db.schema.createIndex('purchase_orders_seller_idx').on('purchase_orders').columns(['seller_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('purchase_orders').execute();
      await db.schema.dropTable('notifications').execute();
      await db.schema.dropTable('negotiations').execute();
      await db.schema.dropTable('domain_leads').execute();
      await db.schema.alterTable('domains').dropColumn('sale_status').execute();
    },
  };
}
