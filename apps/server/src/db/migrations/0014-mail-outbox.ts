import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { notNull, withId } from './columns.js';

/**
 * E-mails waiting to leave: written in the transaction of the change that causes them, sent by
 * the outbox worker with retries, so a request never waits on SMTP and a failed send is not lost.
 */
export function mailOutbox(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('mail_outbox'), dialect)
        .addColumn('recipient', 'text', notNull)
        .addColumn('subject', 'text', notNull)
        .addColumn('body', 'text', notNull)
        // Repeats with the same key are not queued again (one e-mail per key); NULL never collides.
        .addColumn('coalesce_key', 'text', (c) => c.unique())
        .addColumn('created_at', 'text', notNull)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        // Due time, and while a worker holds the row, the end of its lease.
        .addColumn('next_attempt_at', 'text', notNull)
        .addColumn('claim_token', 'text')
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('failed_at', 'text')
        .execute();
      await sql`CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('mail_outbox').execute();
    },
  };
}
