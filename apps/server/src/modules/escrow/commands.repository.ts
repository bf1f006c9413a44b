import type { Cents, EscrowKind, PaymentCommandStatus } from '@market/shared';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { PaymentCommandsTable } from '../../db/schema.js';
import type { ItemRef } from './ledger.repository.js';

export type CommandRow = Selectable<PaymentCommandsTable>;

/** Statuses in which a command still stands for the item's refund (a failed one waits for an admin). */
const LIVE: PaymentCommandStatus[] = ['pending', 'sending', 'sent', 'failed'];

export async function insertCommand(
  db: Executor,
  c: { item: ItemRef; provider: string; amountCents: Cents; paymentReference: string; at: string },
): Promise<number> {
  const { id } = await db
    .insertInto('payment_commands')
    .values({
      item_kind: c.item.kind,
      item_id: c.item.id,
      action: 'refund',
      provider: c.provider,
      amount_cents: c.amountCents,
      payment_reference: c.paymentReference,
      status: 'pending' satisfies PaymentCommandStatus,
      next_attempt_at: c.at,
      created_at: c.at,
      updated_at: c.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The newest live refund command of each item, by item id. */
export async function refundCommandsOf(db: Executor, kind: EscrowKind, ids: readonly number[]): Promise<Map<number, CommandRow>> {
  const found = new Map<number, CommandRow>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectFrom('payment_commands')
    .selectAll()
    .where('item_kind', '=', kind)
    .where('item_id', 'in', [...ids])
    .where('status', 'in', LIVE)
    .orderBy('id')
    .execute();
  for (const row of rows) found.set(row.item_id, row);
  return found;
}

export function findCommand(db: Executor, id: number): Promise<CommandRow | undefined> {
  return db.selectFrom('payment_commands').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The oldest commands due now: pending ones whose time has come, and sends whose lease ran out (the instance stopped mid-send). */
export function dueCommands(db: Executor, now: string, limit: number): Promise<CommandRow[]> {
  return db
    .selectFrom('payment_commands')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '<=', now)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Takes a due command for this sender; false when another took it first. */
export async function claimCommand(db: Executor, row: CommandRow, now: string, lockedUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('payment_commands')
    .set({ status: 'sending', locked_until: lockedUntil, attempts: row.attempts + 1, updated_at: now })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records the provider's answer to the send this sender holds (the attempt it claimed). */
export async function finishCommand(
  db: Executor,
  id: number,
  attempt: number,
  patch: { status: PaymentCommandStatus; provider_reference?: string; last_error?: string | null; last_error_refused?: number; next_attempt_at?: string | null; now: string },
): Promise<boolean> {
  const { now, ...rest } = patch;
  const result = await db
    .updateTable('payment_commands')
    .set({ ...rest, locked_until: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('attempts', '=', attempt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An admin sends a failed command again now; after a refusal with a new key (the provider keeps its answer to the old one). */
export async function retryCommand(db: Executor, row: CommandRow, now: string): Promise<boolean> {
  const result = await db
    .updateTable('payment_commands')
    .set({ status: 'pending', next_attempt_at: now, generation: row.last_error_refused ? row.generation + 1 : row.generation, updated_at: now })
    .where('id', '=', row.id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A failed command whose refund an admin sent another way. */
export async function settleCommandByHand(db: Executor, kind: EscrowKind, itemId: number, now: string): Promise<void> {
  await db
    .updateTable('payment_commands')
    .set({ status: 'settled_by_hand', updated_at: now })
    .where('item_kind', '=', kind)
    .where('item_id', '=', itemId)
    .where('status', '=', 'failed')
    .execute();
}

/** Commands not done (waiting, being sent, failed), oldest first, for admin Finance. */
export function openCommands(db: Executor, limit: number): Promise<CommandRow[]> {
  return db.selectFrom('payment_commands').selectAll().where('status', 'in', ['pending', 'sending', 'failed']).orderBy('id').limit(limit).execute();
}
