import { asCents, checkStep, type EscrowKind, formatCents } from '@market/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import { claimPaymentEvent } from './payment-events.js';
import type { CardPayment } from './stripe-payments.js';
import { commitWithNotices, type Notice } from '../notifications/index.js';
import { type EscrowEngine, SYSTEM } from './engine.js';
import { insertMovement, paymentApplied } from './ledger.repository.js';
import { insertOverpayment, overpaymentExists } from './overpayments.js';

export type CardPaymentOutcome = 'applied' | 'duplicate' | 'overpaid' | 'unknown-order';

/** Which item a paid checkout is for, from the metadata the checkout was opened with. */
function targetOf(payment: CardPayment): { kind: EscrowKind; id: number | null } {
  if (payment.sponsoredOrderId) return { kind: 'sponsored', id: payment.sponsoredOrderId };
  if (payment.milestoneId) return { kind: 'milestone', id: payment.milestoneId };
  if (payment.instalmentId) return { kind: 'instalment', id: payment.instalmentId };
  return { kind: 'order', id: payment.orderId };
}

/**
 * A card processor's word that a checkout was paid. The event id is claimed in the same
 * transaction as the payment, and the payment's own id is recorded with it, so a replayed event
 * or a second event about the same payment changes nothing. A payment the item can take is
 * recorded as its payment step; a wrong amount is refused (400, nothing kept: the processor
 * retries and an admin looks). A payment the item cannot take (it was paid already, or cancelled)
 * is real money all the same: it is held as an overpayment, listed in admin Finance for a refund.
 */
export function createCardPayments({ db, engine, provider, publicUrl, mailQueued, log }: { db: Db; engine: EscrowEngine; provider: string; publicUrl: string; mailQueued: () => void; log: FastifyBaseLogger }) {
  return async function cardPaymentCompleted(payment: CardPayment): Promise<CardPaymentOutcome> {
    const target = targetOf(payment);
    const spec = engine.specOf(target.kind);
    const item = (await spec.bySession?.(db.kysely, payment.sessionId)) ?? (target.id ? await spec.load(db.kysely, target.id) : undefined);
    if (!item || spec.provider(item) !== provider) {
      log.warn({ event: payment.eventId, session: payment.sessionId }, `card payment for no ${target.kind} of ours`);
      return 'unknown-order';
    }
    const reference = payment.paymentIntentId ?? payment.sessionId;
    let outcome: CardPaymentOutcome = 'applied';
    await commitWithNotices(
      db,
      async (trx): Promise<Notice[]> => {
        if (!(await claimPaymentEvent(trx, payment.eventId, provider, nowIso()))) {
          outcome = 'duplicate';
          return [];
        }
        // The item first, then whether the payment is known: in this order, two events about one
        // payment at once cannot both miss it (PostgreSQL reads what was committed before each
        // statement). Read the other way round, an event could find the payment not applied yet,
        // then the item paid by the other event meanwhile, and hold the same payment a second
        // time as an overpayment (to be refunded while it pays for the item).
        const current = (await spec.load(trx, item.id)) ?? item;
        if ((await paymentApplied(trx, reference)) || (await overpaymentExists(trx, reference))) {
          outcome = 'duplicate';
          return [];
        }
        const facts = { card: true, by_hand: false, auth_code: false, dns_verified: false, dns_unverified: false };
        if (checkStep(spec.flow, 'record_payment', current.status, 'system', facts).ok) {
          const total = spec.amounts(current).total;
          if (payment.amountCents !== total) throw AppError.fields({ amount_cents: [spec.messages.amountMismatch(total)] });
          const { notices } = await engine.stepIn(trx, target.kind, current, 'record_payment', SYSTEM, { reference, cardPayment: reference, note: `Card payment ${reference}` });
          return notices;
        }
        outcome = 'overpaid';
        const at = nowIso();
        const payerId = spec.parties(current).buyer ?? spec.parties(current).client;
        if (payerId === undefined) throw new Error(`${target.kind} ${current.id} has no payer`);
        const { id } = await insertOverpayment(trx, { item: { kind: target.kind, id: current.id }, itemLink: spec.link(current), payerId, provider, paymentReference: reference, eventId: payment.eventId, amountCents: payment.amountCents, at });
        const cents = asCents(payment.amountCents);
        const amount = { total: cents, net: cents, commission: asCents(0) };
        await insertMovement(trx, { item: { kind: 'overpayment', id }, kind: 'payment', amounts: amount, provider, reference, recordedBy: null, at });
        log.warn({ event: payment.eventId, [target.kind]: current.id, status: current.status, overpayment: id }, 'card payment the item cannot take: held for a refund');
        return [
          {
            userId: payerId,
            leadId: null,
            category: 'payment',
            subject: `We will refund your card payment of ${formatCents(amount.total)}`,
            message: `We received a card payment of ${formatCents(amount.total)} for ${spec.label(current)} that it no longer needs. We will refund it to your card.`,
            link: spec.link(current),
            linkLabel: 'Open it',
          },
        ];
      },
      { publicUrl, mailQueued },
    ).catch((error: unknown) => {
      // Two events about one payment the item cannot take, delivered at once: both found no
      // overpayment and both inserted one. The payment reference is unique, so the second insert
      // fails once the first has committed: the payment is held already, and this event is a
      // duplicate (not a 500, which the processor would take for our failure).
      if (!isUniqueViolation(error)) throw error;
      outcome = 'duplicate';
    });
    return outcome;
  };
}
