/**
 * Request paths over the seeded 1,000,000-domain SQLite database, shared by the HTTP load
 * benchmarks so each loads the same pages and searches.
 */
import { openDatabase } from '../../apps/server/src/db/database.js';
import { searchTerms } from '../generate-names.js';
import { SQLITE_FILE } from './common.js';

/** The lowest and highest approved ids of the seed, and a random id between them. */
export async function approvedIdRange(): Promise<{ lo: number; hi: number; randomId: () => number }> {
  const db = openDatabase({ sqliteFile: SQLITE_FILE });
  try {
    const { lo, hi } = await db.kysely
      .selectFrom('domains')
      .select((eb) => [eb.fn.min<number>('id').as('lo'), eb.fn.max<number>('id').as('hi')])
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow();
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
