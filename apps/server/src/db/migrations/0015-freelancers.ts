import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { notNull, withId } from './columns.js';

const PUBLISHED = sql`published = 1`;

/**
 * The freelancer network: one profile per user (its id is the user's), the skills and languages
 * it lists as rows the directory filters on, and the badges admins award for passed tests.
 * `completed_engagements` and `rating` are aggregates the engagements module keeps; until it
 * does they stay 0 and NULL (docs/decisions.md, Freelancer aggregates).
 */
export function freelancers(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Profiles without a rating (or rate) come last in either order: PostgreSQL says so in the
      // index; SQLite already sorts NULL below every number.
      const nullsLast = sql.raw(dialect === 'postgres' ? ' NULLS LAST' : '');
      await db.schema
        .createTable('freelancer_profiles')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('headline', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('skills', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('hourly_rate_cents', 'integer')
        .addColumn('packages', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('languages', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('country', 'text')
        .addColumn('availability', 'text', (c) => c.notNull().defaultTo('available'))
        .addColumn('links', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('avatar_key', 'text')
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('published_at', 'text')
        .addColumn('completed_engagements', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rating', 'real')
        // Lower-cased name, headline and skill labels: what the directory's text search reads.
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      // The directory's three orders, over published profiles only.
      await sql`CREATE INDEX freelancer_profiles_rating_idx ON freelancer_profiles (rating DESC${nullsLast}, completed_engagements DESC, user_id) WHERE ${PUBLISHED}`.execute(db);
      await sql`CREATE INDEX freelancer_profiles_completed_idx ON freelancer_profiles (completed_engagements DESC, user_id) WHERE ${PUBLISHED}`.execute(db);
      await sql`CREATE INDEX freelancer_profiles_rate_idx ON freelancer_profiles (hourly_rate_cents${nullsLast}, user_id) WHERE ${PUBLISHED}`.execute(db);
      if (dialect === 'postgres') {
        await sql`CREATE INDEX freelancer_profiles_text_idx ON freelancer_profiles USING gin (search_text public.gin_trgm_ops) WHERE ${PUBLISHED}`.execute(db);
      }

      for (const [table, column] of [
        ['freelancer_skills', 'skill'],
        ['freelancer_languages', 'language'],
      ] as const) {
        await db.schema
          .createTable(table)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('freelancer_profiles.user_id').onDelete('cascade'))
          .addColumn(column, 'text', notNull)
          .addPrimaryKeyConstraint(`${table}_pk`, [column, 'user_id'])
          .execute();
        await db.schema.createIndex(`${table}_user_idx`).on(table).column('user_id').execute();
      }

      await withId(db.schema.createTable('freelancer_badges'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('freelancer_profiles.user_id').onDelete('cascade'))
        .addColumn('badge', 'text', notNull)
        // The day the test was passed (YYYY-MM-DD).
        .addColumn('passed_on', 'text', notNull)
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('awarded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('awarded_at', 'text', notNull)
        .addColumn('withdrawn_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('withdrawn_at', 'text')
        .execute();
      // One held badge per test and freelancer; withdrawn ones stay as history.
      await sql`CREATE UNIQUE INDEX freelancer_badges_held_idx ON freelancer_badges (user_id, badge) WHERE withdrawn_at IS NULL`.execute(db);
      await sql`CREATE INDEX freelancer_badges_badge_idx ON freelancer_badges (badge, user_id) WHERE withdrawn_at IS NULL`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('freelancer_badges').execute();
      await db.schema.dropTable('freelancer_languages').execute();
      await db.schema.dropTable('freelancer_skills').execute();
      await db.schema.dropTable('freelancer_profiles').execute();
    },
  };
}
