import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { notNull, withId } from './columns.js';

/**
 * Job posts: a founder's project (its skills in their own table, for the listing's filter) and
 * the freelancers' applications to it, one per freelancer and job. A hire links the job to the
 * engagement it opened.
 */
export function jobs(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('jobs'), dialect)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('domain_id', 'integer', (c) => c.references('domains.id').onDelete('set null'))
        .addColumn('order_id', 'integer', (c) => c.references('purchase_orders.id').onDelete('set null'))
        .addColumn('title', 'text', notNull)
        .addColumn('description', 'text', notNull)
        .addColumn('search_text', 'text', notNull)
        .addColumn('budget_min_cents', 'bigint', notNull)
        .addColumn('budget_max_cents', 'bigint', notNull)
        .addColumn('deadline', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('engagement_id', 'integer', (c) => c.references('engagements.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('jobs_status_idx').on('jobs').columns(['status', 'id']).execute();
      await db.schema.createIndex('jobs_owner_idx').on('jobs').columns(['owner_id', 'id']).execute();

      await db.schema
        .createTable('job_skills')
        .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        .addColumn('skill', 'text', notNull)
        .addPrimaryKeyConstraint('job_skills_pk', ['job_id', 'skill'])
        .execute();
      await db.schema.createIndex('job_skills_skill_idx').on('job_skills').columns(['skill', 'job_id']).execute();

      await withId(db.schema.createTable('job_applications'), dialect)
        .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        .addColumn('freelancer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('cover_letter', 'text', notNull)
        .addColumn('price_cents', 'bigint', notNull)
        .addColumn('delivery_days', 'integer', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('job_applications_unique_idx').on('job_applications').columns(['job_id', 'freelancer_id']).unique().execute();
      await db.schema.createIndex('job_applications_freelancer_idx').on('job_applications').columns(['freelancer_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('job_applications').execute();
      await db.schema.dropTable('job_skills').execute();
      await db.schema.dropTable('jobs').execute();
    },
  };
}
