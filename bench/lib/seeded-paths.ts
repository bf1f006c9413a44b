/**
 * Request paths over the seeded 1,000,000-domain database, shared by the HTTP load
 * benchmarks so each loads the same pages and searches.
 */
import { searchTerms } from '../generate-names.js';
import { type BenchDialect, openBenchDb } from './common.js';

/** The lowest and highest approved ids of the seed (SQLite unless told), and a random id between them. */
export async function approvedIdRange(dialect: BenchDialect = 'sqlite'): Promise<{ lo: number; hi: number; randomId: () => number }> {
  const db = await openBenchDb(dialect);
  try {
    const row = await db.kysely
      .selectFrom('domains')
      .select((eb) => [eb.fn.min<number>('id').as('lo'), eb.fn.max<number>('id').as('hi')])
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow();
    // PostgreSQL's driver may read aggregates as strings.
    const [lo, hi] = [Number(row.lo), Number(row.hi)];
    return { lo, hi, randomId: () => lo + Math.floor(Math.random() * (hi - lo + 1)) };
  } finally {
    await db.destroy();
  }
}

/** The search API with generated text terms in turn, 50 results a page. */
export function searchApiPaths(): () => string {
  const terms = searchTerms(500, 11);
  let next = 0;
  return () => `/api/domains/search/?domain_name=${encodeURIComponent(terms[next++ % terms.length] as string)}&limit=50`;
}
