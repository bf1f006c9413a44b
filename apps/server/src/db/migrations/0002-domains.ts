import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { notNull, withId } from './columns.js';

/**
 * Domains, their visits, recently viewed lists and duplicate claims, plus the substring index
 * search depends on: FTS5 trigram on SQLite, pg_trgm GIN on PostgreSQL, both over the name's
 * label (the part before the public suffix) so ".com" does not match every row.
 */
export function domains(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('domains'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('domain_name', 'text', (c) => c.notNull().unique())
        .addColumn('domain_unicode', 'text', notNull)
        .addColumn('domain_label', 'text', notNull)
        .addColumn('domain_extension', 'text', notNull)
        .addColumn('label_length', 'integer', notNull)
        .addColumn('has_digit', 'integer', notNull)
        .addColumn('has_hyphen', 'integer', notNull)
        .addColumn('is_idn', 'integer', notNull)
        .addColumn('business_status', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('seller_price', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('buyer_price', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('min_offer', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('trade_option', 'text')
        .addColumn('trade_switch', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('startup_breeders', 'text')
        .addColumn('startup_breeders_switch', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('description', 'text')
        .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('video_pitch_leads', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('reviewed_at', 'text')
        .addColumn('ns_status', 'text', (c) => c.notNull().defaultTo('unchecked'))
        .addColumn('ns_checked_at', 'text')
        .addColumn('ns_found', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('domains_user_idx').on('domains').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('domains_status_idx').on('domains').columns(['status', 'id']).execute();
      await db.schema.createIndex('domains_status_price_idx').on('domains').columns(['status', 'seller_price']).execute();

      if (dialect === 'postgres') {
        // In public, so every schema (tests use one each) sees the same operator classes.
        await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
        await sql`CREATE INDEX domains_label_trgm_idx ON domains USING gin (domain_label public.gin_trgm_ops)`.execute(db);
        await sql`CREATE INDEX domains_label_prefix_idx ON domains (domain_label text_pattern_ops)`.execute(db);
      } else {
        await sql`CREATE INDEX domains_label_prefix_idx ON domains (domain_label)`.execute(db);
        await sql`CREATE VIRTUAL TABLE domains_fts USING fts5(domain_label, content='domains', content_rowid='id', tokenize='trigram')`.execute(db);
        await sql`CREATE TRIGGER domains_fts_insert AFTER INSERT ON domains BEGIN
          INSERT INTO domains_fts(rowid, domain_label) VALUES (new.id, new.domain_label); END`.execute(db);
        await sql`CREATE TRIGGER domains_fts_delete AFTER DELETE ON domains BEGIN
          INSERT INTO domains_fts(domains_fts, rowid, domain_label) VALUES ('delete', old.id, old.domain_label); END`.execute(db);
        await sql`CREATE TRIGGER domains_fts_update AFTER UPDATE OF domain_label ON domains BEGIN
          INSERT INTO domains_fts(domains_fts, rowid, domain_label) VALUES ('delete', old.id, old.domain_label);
          INSERT INTO domains_fts(rowid, domain_label) VALUES (new.id, new.domain_label); END`.execute(db);
      }

      // Visits per domain, day and referring host ('' for direct), so traffic charts and
      // referrer lists are sums over small rows rather than scans of a raw log.
      await db.schema
        .createTable('domain_visits')
        .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
        .addColumn('day', 'text', notNull)
        .addColumn('referrer', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('domain_visits_pk', ['domain_id', 'day', 'referrer'])
        .execute();

      await db.schema
        .createTable('recently_viewed')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
        .addColumn('viewed_at', 'text', notNull)
        .addPrimaryKeyConstraint('recently_viewed_pk', ['user_id', 'domain_id'])
        .execute();
      await db.schema.createIndex('recently_viewed_user_idx').on('recently_viewed').columns(['user_id', 'viewed_at']).execute();

      // A second seller importing a name someone already lists: kept for admin review.
      await withId(db.schema.createTable('domain_claims'), dialect)
        .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('resolved_at', 'text')
        .addUniqueConstraint('domain_claims_unique', ['domain_id', 'user_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('domain_claims').execute();
      await db.schema.dropTable('recently_viewed').execute();
      await db.schema.dropTable('domain_visits').execute();
      if (dialect === 'sqlite') await sql`DROP TABLE domains_fts`.execute(db);
      await db.schema.dropTable('domains').execute();
    },
  };
}
