import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { createWakeableWorker, type WakeableWorker } from '../../lib/wakeable-worker.js';
import { type DealPaymentProvider, ProviderError } from './payment-provider.js';
import { type CommandRow, claimCommand, dueCommands, finishCommand } from './commands.repository.js';

export interface CommandWorkerSettings {
  /** How often the worker looks for due commands besides being woken after a commit; 0 = only when woken. */
  pollMs: number;
  /** Sends tried before a command waits for an admin (failed, listed in Finance with a Retry button). */
  maxAttempts: number;
  /** Wait after the first failure; doubled after each further one, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a send stays with its worker; longer than the provider client's own time-out. */
  leaseMs: number;
}

const BATCH = 20;

/** Sends what is due when woken (after a commit that recorded a command); drain() waits until nothing due is left (one waiting out its back-off is not due). */
export type CommandWorker = WakeableWorker;

/**
 * Sends payment commands (refunds) to the provider, outside any database transaction, with an
 * idempotency key made of this installation's id and the command's, so a send repeated after a
 * crash or a time-out moves the money once. The provider's answer is recorded; a success then
 * takes the item's `refund_sent` step (`onSent`). Transient failures are retried with back-off;
 * a refusal, or too many failures, waits for an admin.
 */
export function createCommandWorker({
  db,
  payments,
  installationId,
  settings,
  log,
  onSent,
}: {
  db: Db;
  payments: DealPaymentProvider;
  installationId: () => Promise<string>;
  settings: CommandWorkerSettings;
  log: FastifyBaseLogger;
  /** Records the provider's reference on the item, in its own transaction. */
  onSent: (command: CommandRow, providerReference: string) => Promise<void>;
}): CommandWorker {
  const k = db.kysely;

  async function sendOne(row: CommandRow): Promise<void> {
    const now = new Date();
    const at = now.toISOString();
    if (!(await claimCommand(k, row, at, new Date(now.getTime() + settings.leaseMs).toISOString()))) return;
    const attempt = row.attempts + 1;
    const log1 = log.child({ paymentCommand: row.id, item: `${row.item_kind} ${row.item_id}`, attempt });
    if (!payments.refund || payments.name !== row.provider) {
      await finishCommand(k, row.id, attempt, { status: 'failed', last_error: `The ${row.provider} payment provider is not configured here`, now: at });
      log1.error('payment command for a provider this instance does not have');
      return;
    }
    let reference: string;
    try {
      const key = `${await installationId()}-cmd-${row.id}${row.generation ? `-${row.generation}` : ''}`;
      ({ reference } = await payments.refund({
        paymentReference: row.payment_reference,
        amountCents: row.amount_cents,
        idempotencyKey: key,
        metadata: { [`${row.item_kind}_id`]: String(row.item_id), payment_command: String(row.id) },
      }));
    } catch (error) {
      const refused = error instanceof ProviderError && error.refused;
      const giveUp = refused || attempt >= settings.maxAttempts;
      const later = new Date(Date.now() + Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** (attempt - 1))).toISOString();
      await finishCommand(k, row.id, attempt, {
        status: giveUp ? 'failed' : 'pending',
        last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        last_error_refused: refused ? 1 : 0,
        next_attempt_at: giveUp ? null : later,
        now: new Date().toISOString(),
      });
      if (giveUp) log1.error({ err: error }, 'payment command failed: it waits for an admin in Finance');
      else log1.warn({ err: error }, 'payment command not sent; it will be tried again');
      return;
    }
    if (!(await finishCommand(k, row.id, attempt, { status: 'sent', provider_reference: reference, last_error: null, now: new Date().toISOString() }))) {
      log1.warn('payment command answered after its lease ended; another sender holds it (the idempotency key keeps the money moving once)');
      return;
    }
    try {
      await onSent(row, reference);
    } catch (error) {
      log1.error({ err: error, reference }, 'refund sent but not recorded on its item; the reconcile report shows it');
    }
  }

  // Due commands in batches until none is left; a stop between two sends leaves the rest for another run.
  return createWakeableWorker(
    async (worker) => {
      for (;;) {
        const rows = await dueCommands(k, new Date().toISOString(), BATCH);
        for (const row of rows) {
          if (worker.stopped) return;
          await sendOne(row);
        }
        if (rows.length < BATCH || worker.stopped) return;
      }
    },
    log,
    'payment command',
  );
}
