import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDialect } from '../test/test-app.js';
import type { Db } from './database.js';
import { deferCommitFlush, waitForDurable } from './commit-flush.js';

describe(`deferred commits (${testDialect})`, () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
    await sql`CREATE TABLE flush_probe (n integer)`.execute(db.kysely);
  });
  afterAll(() => drop());

  it('defers only the transaction it is set in, and waitForDurable returns once its commit is on disk', async () => {
    const setting = () => sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(db.kysely);
    const inside = await db.kysely.transaction().execute(async (trx) => {
      await deferCommitFlush(trx, db.dialect);
      await sql`INSERT INTO flush_probe VALUES (1)`.execute(trx);
      return db.dialect === 'postgres' ? (await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(trx)).rows[0]?.synchronous_commit : 'off';
    });
    expect(inside).toBe('off');
    if (db.dialect !== 'postgres') return void (await waitForDurable(db));
    expect((await setting()).rows[0]?.synchronous_commit).toBe('on');
    const { rows } = await sql<{ lsn: string }>`SELECT pg_current_wal_insert_lsn()::text AS lsn`.execute(db.kysely);
    await waitForDurable(db);
    const flushed = await sql<{ done: boolean }>`SELECT pg_current_wal_flush_lsn() >= ${rows[0]!.lsn}::pg_lsn AS done`.execute(db.kysely);
    expect(flushed.rows[0]?.done).toBe(true);
  });
});
