import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { notNull, withId } from './columns.js';

/** Carts of sponsored-headline listings, paid orders, and the headlines they run. */
export function sponsored(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('sponsored_carts'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('total_amount', 'integer', notNull)
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();

      await withId(db.schema.createTable('sponsored_cart_items'), dialect)
        .addColumn('cart_id', 'integer', (c) => c.notNull().references('sponsored_carts.id').onDelete('cascade'))
        .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
        .addColumn('category', 'text', notNull)
        .addColumn('unit_price', 'integer', notNull)
        .addUniqueConstraint('sponsored_cart_items_unique', ['cart_id', 'domain_id', 'category'])
        .execute();

      await withId(db.schema.createTable('sponsored_orders'), dialect)
        .addColumn('cart_id', 'integer', (c) => c.notNull().unique().references('sponsored_carts.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('total_amount', 'integer', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('payment_mode', 'text', notNull)
        .addColumn('payment_reference', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('sponsored_orders_user_idx').on('sponsored_orders').columns(['user_id', 'id']).execute();

      await withId(db.schema.createTable('sponsored_headlines'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('sponsored_orders.id').onDelete('cascade'))
        .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
        .addColumn('category', 'text', notNull)
        .addColumn('advertisement_price', 'integer', notNull)
        .addColumn('starts_at', 'text', notNull)
        .addColumn('ends_at', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('sponsored_headlines_active_idx').on('sponsored_headlines').columns(['category', 'ends_at']).execute();
      await db.schema.createIndex('sponsored_headlines_domain_idx').on('sponsored_headlines').columns(['domain_id', 'ends_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('sponsored_headlines').execute();
      await db.schema.dropTable('sponsored_orders').execute();
      await db.schema.dropTable('sponsored_cart_items').execute();
      await db.schema.dropTable('sponsored_carts').execute();
    },
  };
}
