import pg from 'pg';

/**
 * Extensions are per database, not per schema: create pg_trgm and btree_gin once before the files start, so
 * parallel test files (each migrating its own schema) never race to create it.
 */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const extension of ['pg_trgm', 'btree_gin']) await client.query(`CREATE EXTENSION IF NOT EXISTS ${extension} WITH SCHEMA public`);
  } finally {
    await client.end();
  }
}
