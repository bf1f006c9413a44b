import pg from 'pg';

/** Drops the PostgreSQL schema the journeys ran in, so repeated runs leave nothing behind. */
export default async function globalTeardown(): Promise<void> {
  const url = process.env.E2E_DATABASE_URL;
  const schema = process.env.E2E_DATABASE_SCHEMA;
  if (!url || !schema || !/^e2e_\d+$/.test(schema)) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
