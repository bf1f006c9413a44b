import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Marks a hot PostgreSQL statement of fixed text to be prepared once per connection: it is
 * then neither parsed nor, once PostgreSQL settles on a generic plan, planned again (planning
 * is a large share of a short search page query). Only for statements whose text never varies:
 * each distinct text stays prepared for the life of the connection.
 */
export const PREPARED = '/*prepared*/';

const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/** A pool for Kysely whose clients run statements that start with PREPARED as named statements. */
export function withPreparedStatements(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const query = (text: unknown, parameters?: readonly unknown[]) =>
        typeof text === 'string' && text.startsWith(PREPARED)
          ? client.query({ name: statementName(text), text, values: [...(parameters ?? [])] })
          : client.query(text as string, parameters as unknown[]);
      return { query: query as unknown as PostgresPoolClient['query'], release: (destroy?: boolean) => client.release(destroy) };
    },
    end: () => pool.end(),
  };
}
