import type { FastifyBaseLogger } from 'fastify';
import { type Executor, nowIso } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Notice } from '../notifications/index.js';
import { claimPaymentEvent } from './deals.repository.js';
import type { CardPayment } from './stripe-payments.js';

export type CardPaymentOutcome = 'applied' | 'duplicate' | 'unknown-order' | 'not-payable';

interface CardPaymentTarget<O extends { id: number; status: string }> {
  /** The order the payment names, when it is one of ours paid through this provider. */
  order: O | undefined;
  /** What the log calls it: `order` or `sponsored order`. */
  kind: string;
  /** The log field its id goes in. */
  logKey: string;
  /** Applies the money to the order in the payment's transaction; `reference` is the processor's id of it. */
  apply(trx: Executor, order: O, reference: string): Promise<Notice[]>;
}

/**
 * A card processor's word that a checkout was paid, for an order (a deal's or a sponsored one).
 * The event id is claimed in the same transaction as the payment, so a replayed or concurrently
 * duplicated event changes nothing. A wrong amount is refused (400, nothing kept, the processor
 * retries and an admin looks). An order that can no longer take the payment (already paid,
 * cancelled) is acknowledged and logged: retrying cannot change that, and the money needs a
 * person to look at it.
 */
export async function completeCardPayment<O extends { id: number; status: string }>(
  deps: {
    provider: string;
    log: FastifyBaseLogger;
    /** Runs the change and its notices in one transaction (commitWithNotices). */
    commit: (work: (trx: Executor) => Promise<Notice[]>) => Promise<void>;
  },
  payment: CardPayment,
  target: CardPaymentTarget<O>,
): Promise<CardPaymentOutcome> {
  const { order } = target;
  if (!order) {
    deps.log.warn({ event: payment.eventId, session: payment.sessionId }, `card payment for no ${target.kind} of ours`);
    return 'unknown-order';
  }
  let outcome: 'applied' | 'duplicate' = 'applied';
  try {
    await deps.commit(async (trx) => {
      if (!(await claimPaymentEvent(trx, payment.eventId, deps.provider, nowIso()))) {
        outcome = 'duplicate';
        return [];
      }
      return target.apply(trx, order, payment.paymentIntentId ?? payment.sessionId);
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') {
      deps.log.error(
        { event: payment.eventId, [target.logKey]: order.id, status: order.status },
        `card payment for a ${target.kind} that cannot take it: refund it by hand`,
      );
      return 'not-payable';
    }
    throw error;
  }
  return outcome;
}
