import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { notNull } from './columns.js';

const BATCH = 500;

interface Filled {
  freelancer_search_words: { word: string; user_id: number };
  freelancer_search_vocabulary: { word: string };
}

/** The words of a search text as the directory indexes them (freelancers.repository.ts, searchWords). */
const wordsOf = (text: string) => [...new Set(text.split(/\s+/).filter(Boolean))];

/**
 * The directory's word index: every distinct word of each profile's `search_text`, and the
 * vocabulary of all words, so a text search finds the profiles holding a term by scanning the
 * short vocabulary instead of every profile (docs/decisions.md, Freelancer directory search).
 * Filled here for existing profiles; the freelancers module keeps it in step after that.
 * Also, on SQLite, an index for the directory's lowest-rate-first order as SQLite writes it
 * (those without a rate last), which otherwise sorts every published profile; on PostgreSQL, a
 * tenfold sample of `search_text`, from which the planner judges how many profiles a LIKE keeps
 * (from the default sample it took a term held by 4 % for one held by 0.01 %, and sorted them
 * all instead of reading the order's index).
 */
export function freelancerSearchWords(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('freelancer_search_words')
        .addColumn('word', 'text', notNull)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('freelancer_profiles.user_id').onDelete('cascade'))
        .addPrimaryKeyConstraint('freelancer_search_words_pk', ['word', 'user_id'])
        .execute();
      await db.schema.createIndex('freelancer_search_words_user_idx').on('freelancer_search_words').column('user_id').execute();
      await db.schema.createTable('freelancer_search_vocabulary').addColumn('word', 'text', (c) => c.primaryKey()).execute();

      if (dialect === 'postgres') {
        await sql`ALTER TABLE freelancer_profiles ALTER COLUMN search_text SET STATISTICS 1000`.execute(db);
      } else {
        await sql`CREATE INDEX freelancer_profiles_rate_low_idx ON freelancer_profiles (hourly_rate_cents IS NULL, hourly_rate_cents, user_id) WHERE published = 1`.execute(db);
      }

      const filled = db as unknown as Kysely<Filled>;
      let after = 0;
      for (;;) {
        const { rows } = await sql<{ user_id: number; search_text: string }>`
          SELECT user_id, search_text FROM freelancer_profiles WHERE user_id > ${after} ORDER BY user_id LIMIT ${BATCH}`.execute(db);
        if (rows.length === 0) break;
        after = Number(rows[rows.length - 1]?.user_id);
        const pairs = rows.flatMap((r) => wordsOf(r.search_text).map((word) => ({ word, user_id: Number(r.user_id) })));
        if (pairs.length === 0) continue;
        const vocabulary = [...new Set(pairs.map((p) => p.word))].map((word) => ({ word }));
        await filled.insertInto('freelancer_search_vocabulary').values(vocabulary).onConflict((oc) => oc.column('word').doNothing()).execute();
        await filled.insertInto('freelancer_search_words').values(pairs).execute();
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') await sql`ALTER TABLE freelancer_profiles ALTER COLUMN search_text SET STATISTICS -1`.execute(db);
      else await sql`DROP INDEX freelancer_profiles_rate_low_idx`.execute(db);
      await db.schema.dropTable('freelancer_search_words').execute();
      await db.schema.dropTable('freelancer_search_vocabulary').execute();
    },
  };
}
