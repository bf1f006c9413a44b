import { sql } from 'kysely';
import type { Db, Executor } from './database.js';

/** How often the flushed WAL position is read while waiting for it. */
const FLUSH_POLL_MS = 5;

/**
 * PostgreSQL: this transaction's commit returns without waiting for its WAL to reach the disk
 * (`synchronous_commit = off` for this transaction only). Only for a write that is not yet
 * acknowledged to anyone and is followed by waitForDurable before it is: an import of many
 * transactions then waits for the disk once instead of once per transaction. SQLite: nothing.
 */
export async function deferCommitFlush(trx: Executor, dialect: Db['dialect']): Promise<void> {
  if (dialect === 'postgres') await sql`SET LOCAL synchronous_commit = off`.execute(trx);
}

/**
 * PostgreSQL: waits until every transaction committed so far (on any connection) is on disk:
 * the WAL is flushed in order, so once the flushed position passes the position read now, every
 * earlier commit record is durable. The WAL writer flushes deferred commits within a few of its
 * `wal_writer_delay` rounds (200 ms by default); usually they were flushed already by a later
 * commit. SQLite: nothing (each commit is durable when it returns).
 */
export async function waitForDurable(db: Db): Promise<void> {
  if (db.dialect !== 'postgres') return;
  const { rows } = await sql<{ lsn: string }>`SELECT pg_current_wal_insert_lsn()::text AS lsn`.execute(db.kysely);
  const target = rows[0]!.lsn;
  for (;;) {
    const { rows: flushed } = await sql<{ done: boolean }>`SELECT pg_current_wal_flush_lsn() >= ${target}::pg_lsn AS done`.execute(db.kysely);
    if (flushed[0]?.done) return;
    await new Promise((resolve) => setTimeout(resolve, FLUSH_POLL_MS));
  }
}
