import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import { createWakeableWorker } from '../lib/wakeable-worker.js';
import type { Mailer, MailMessage } from './mailer.js';

export interface OutboxSettings {
  /** How often the worker looks for due mail besides being woken after a commit; 0 = only when woken. */
  pollMs: number;
  /** Sends tried before a message is given up (marked failed and logged). */
  maxAttempts: number;
  /** Wait after the first failure; doubled after each further one, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /**
   * How long a claimed row stays with its worker. Longer than any send can take (the SMTP
   * transport's own time-outs are shorter), so a live worker never loses a row it is sending;
   * a crashed worker's rows come back after it.
   */
  leaseMs: number;
}

const BATCH = 20;
/** Sent rows are kept a while (recipient, subject, when) to answer "did it go?", then deleted. */
export const KEEP_SENT_MS = 30 * 86_400_000;

/**
 * Queues an e-mail in the caller's transaction, so it exists exactly when the change that causes
 * it does. With a `coalesceKey` already queued, nothing is added: returns false.
 */
export async function queueMail(trx: Executor, message: MailMessage & { coalesceKey?: string }, now: string): Promise<boolean> {
  const result = await trx
    .insertInto('mail_outbox')
    .values({
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      coalesce_key: message.coalesceKey ?? null,
      created_at: now,
      next_attempt_at: now,
    })
    .onConflict((oc) => oc.column('coalesce_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The wait before attempt `attempts + 1`, after `attempts` failures. */
export function retryDelayMs(attempts: number, settings: Pick<OutboxSettings, 'retryBaseMs' | 'retryMaxMs'>): number {
  return Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

interface ClaimedRow {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
}

export interface MailOutbox {
  /** Sends what is due now; call after a commit that queued mail. Never throws. */
  wake(): Promise<void>;
  /** Resolves when nothing due is left unsent (mail waiting out a back-off is not due). */
  drain(): Promise<void>;
  counts(): Promise<{ pending: number; failed: number; sent: number }>;
  /** Deletes rows sent more than KEEP_SENT_MS ago; given-up rows stay for an admin to look at. */
  pruneSent(now?: Date): Promise<number>;
  stop(): Promise<void>;
}

export function createMailOutbox({ db, mailer, log, settings }: { db: Db; mailer: Mailer; log: FastifyBaseLogger; settings: OutboxSettings }): MailOutbox {
  const k = db.kysely;

  /**
   * Takes up to BATCH due rows in one statement, moving their due time to the end of the lease,
   * so a second worker (this process or another instance) cannot take them too. PostgreSQL skips
   * rows another claim has locked; SQLite runs one write statement at a time.
   */
  async function claim(now: Date): Promise<{ token: string; rows: ClaimedRow[] }> {
    const token = randomUUID();
    const at = now.toISOString();
    const leaseEnd = new Date(now.getTime() + settings.leaseMs).toISOString();
    const lock = db.dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
    const result = await sql<ClaimedRow>`
      UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = ${leaseEnd}, claim_token = ${token}
      WHERE id IN (
        SELECT id FROM mail_outbox
        WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${at}
        ORDER BY next_attempt_at, id LIMIT ${BATCH} ${lock}
      )
      RETURNING id, recipient, subject, body, attempts`.execute(k);
    return { token, rows: result.rows };
  }

  async function sendOne(row: ClaimedRow, token: string): Promise<void> {
    try {
      await mailer.send({ to: row.recipient, subject: row.subject, text: row.body });
    } catch (error) {
      const now = new Date();
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= settings.maxAttempts;
      await k
        .updateTable('mail_outbox')
        .set({
          last_error: message.slice(0, 500),
          next_attempt_at: new Date(now.getTime() + retryDelayMs(row.attempts, settings)).toISOString(),
          failed_at: giveUp ? now.toISOString() : null,
          claim_token: null,
        })
        .where('id', '=', row.id)
        .where('claim_token', '=', token)
        .execute();
      if (giveUp) log.error({ mailId: row.id, attempts: row.attempts, err: error }, 'e-mail given up after its last attempt');
      else log.warn({ mailId: row.id, attempts: row.attempts, err: message }, 'e-mail not sent; it will be tried again');
      return;
    }
    // The body goes once sent: a reset link must not outlive its e-mail in the database.
    const done = await k
      .updateTable('mail_outbox')
      .set({ sent_at: new Date().toISOString(), body: '', last_error: null, claim_token: null })
      .where('id', '=', row.id)
      .where('claim_token', '=', token)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) log.warn({ mailId: row.id }, 'e-mail sent after its lease ended; another worker may send it again');
  }

  /** Hands back claimed rows not tried yet (at shutdown), so the next worker need not wait out the lease. */
  async function release(token: string): Promise<void> {
    await k
      .updateTable('mail_outbox')
      .set((eb) => ({ attempts: eb('attempts', '-', 1), next_attempt_at: new Date().toISOString(), claim_token: null }))
      .where('claim_token', '=', token)
      .execute();
  }

  // Claimed rows in batches until none is due; at a stop, rows claimed but not tried go back.
  const worker = createWakeableWorker(
    async (self) => {
      for (;;) {
        const { token, rows } = await claim(new Date());
        for (const row of rows) {
          if (self.stopped) return release(token);
          await sendOne(row, token);
        }
        if (rows.length < BATCH || self.stopped) return;
      }
    },
    log,
    'mail outbox',
  );

  return {
    wake: worker.wake,
    drain: worker.drain,
    async counts() {
      const row = await k
        .selectFrom('mail_outbox')
        .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.count<number>('failed_at').as('failed'), eb.fn.count<number>('sent_at').as('sent')])
        .executeTakeFirstOrThrow();
      // A row is sent, given up, or still pending: never two of these.
      const [all, failed, sent] = [Number(row.all), Number(row.failed), Number(row.sent)];
      return { pending: all - failed - sent, failed, sent };
    },
    async pruneSent(now = new Date()) {
      const result = await k
        .deleteFrom('mail_outbox')
        .where('sent_at', '<', new Date(now.getTime() - KEEP_SENT_MS).toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    stop: worker.stop,
  };
}
