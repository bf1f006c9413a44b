import type { Executor } from '../../db/database.js';

/** Stores the address once; a second subscription of it changes nothing. */
export async function addSubscriber(db: Executor, email: string, now: string): Promise<void> {
  await db
    .insertInto('subscribers')
    .values({ email, created_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}
