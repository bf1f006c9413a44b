import type { LiveEvent } from '@market/shared';
import type { Transaction } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { LiveBus, LiveChange } from './live-bus.js';

/**
 * Publishing after commit. Code that changes something a user may have on screen notes the change
 * on its transaction (`noteChange`); the transaction, run through `transactionWithChanges`,
 * publishes its notes once it has committed and drops them when it rolls back: a browser never
 * refetches for a change that did not happen, nor before it can read it.
 *
 * The bus belongs to the app and is found from the database handle every service already has,
 * so no service takes one more dependency for it; without a bus (scripts, seeds) notes go nowhere.
 */
const buses = new WeakMap<Db, LiveBus>();
const noted = new WeakMap<Executor, LiveChange[]>();

export function attachLiveBus(db: Db, bus: LiveBus): void {
  buses.set(db, bus);
}

export function detachLiveBus(db: Db): void {
  buses.delete(db);
}

/** Notes a change inside a transaction of `transactionWithChanges`; elsewhere it is not published. */
export function noteChange(trx: Executor, event: LiveEvent, userIds: ReadonlyArray<number | null | undefined>): void {
  const ids = [...new Set(userIds.filter((id): id is number => typeof id === 'number'))];
  if (ids.length > 0) noted.get(trx)?.push({ event, userIds: ids });
}

/** A transaction whose noted changes are published after it commits. */
export async function transactionWithChanges<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  let changes: LiveChange[] = [];
  const result = await db.kysely.transaction().execute(async (trx) => {
    changes = [];
    noted.set(trx, changes);
    return work(trx);
  });
  if (changes.length > 0) buses.get(db)?.publish(changes);
  return result;
}
