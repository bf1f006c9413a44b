import type { Executor } from '../../db/database.js';

/**
 * Records a payment provider's event id in the change's transaction; false when it was already
 * there. ON CONFLICT rather than a look-first: a duplicate delivered at the same moment waits for
 * the first one's transaction and then finds the id taken, instead of failing on the key.
 */
export async function claimPaymentEvent(db: Executor, eventId: string, provider: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('payment_events')
    .values({ event_id: eventId, provider, created_at: now })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
