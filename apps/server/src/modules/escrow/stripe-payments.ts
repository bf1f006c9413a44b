import { dealMessages as dm } from '@market/shared';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { AppError } from '../../errors.js';
import type { AppConfig } from '../../config.js';
import { type CheckoutCharge, type DealPaymentProvider, ProviderError, type RefundRequest } from './payment-provider.js';

/** A paid Checkout Session, as the webhook hands it to the deals service. */
export interface CardPayment {
  eventId: string;
  sessionId: string;
  /** From the session's metadata: finds the order when a newer session replaced this one's id. */
  orderId: number | null;
  /** Set instead of orderId when the payment is for sponsored headlines. */
  sponsoredOrderId: number | null;
  /** Set instead of orderId when the payment funds a freelance milestone. */
  milestoneId: number | null;
  /** Set instead of orderId when the payment is a lease's instalment. */
  instalmentId?: number | null;
  amountCents: number;
  paymentIntentId: string | null;
}

export interface StripePayments extends DealPaymentProvider {
  readonly name: 'stripe';
  /**
   * Checks the signature over the exact bytes Stripe sent and reads the event: a paid Checkout
   * Session, `null` for anything else (acknowledged and ignored). Throws 400 on a bad signature.
   */
  readWebhook(rawBody: Buffer, signature: string | undefined): CardPayment | null;
}

/**
 * What the admin may read of a failed Stripe call: its kind and code, never Stripe's own message
 * (it can name the account). Refused: Stripe answered with a 4xx other than a conflict or a rate
 * limit, so the same request would be refused again.
 */
function providerError(error: unknown): ProviderError {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? 0;
    const refused = status >= 400 && status < 500 && status !== 409 && status !== 429;
    const what = [error.type, error.code].filter(Boolean).join(': ');
    return new ProviderError(`Stripe ${status ? `answered ${status}` : 'did not answer'} (${what})`, refused);
  }
  return new ProviderError('Stripe did not answer', false);
}

/** How far an event's signed time may be from our clock, either way: Stripe's own default age, and room for clock skew ahead. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The time a verified signature header was made for: its last `t=`, the one the SDK signs over. */
function signedTimestamp(header: string): number {
  const times = header.split(',').filter((item) => item.startsWith('t='));
  return Number.parseInt(times.at(-1)?.slice(2) ?? '', 10);
}

/** Card payments through Stripe Checkout; refunds through Stripe's Refund API. */
export function createStripePayments(config: NonNullable<AppConfig['stripe']>, log: FastifyBaseLogger): StripePayments {
  // Stripe's own message stays in our log: it can name the account or a masked key.
  const upstream = (error: unknown, what: string, orderId: number | string) => {
    log.error({ err: error, order: orderId }, `Stripe ${what} failed`);
    return new AppError('UPSTREAM', dm.cardProcessorDown);
  };
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  const stripe = new Stripe(config.secretKey, {
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
    timeout: 20_000,
    // Retries are ours: the payment command worker tries a refund again with back-off, and a buyer a checkout page.
    maxNetworkRetries: 0,
    telemetry: false,
  });

  return {
    name: 'stripe',

    async checkout(charge: CheckoutCharge, urls: { success: string; cancel: string }) {
      const metadata: Record<string, string> = { ...charge.metadata };
      try {
        const session = await stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: { currency: 'usd', unit_amount: charge.amountCents, product_data: { name: charge.description } },
            },
          ],
          ...('order_id' in charge.metadata ? { client_reference_id: charge.metadata.order_id } : {}),
          metadata,
          // On the PaymentIntent too, so a payment or refund seen in Stripe's dashboard leads back to the order.
          payment_intent_data: { metadata },
          success_url: urls.success,
          cancel_url: urls.cancel,
        });
        if (!session.url) throw new Error(`checkout session ${session.id} has no url`);
        return { url: session.url, sessionId: session.id };
      } catch (error) {
        throw upstream(error, 'checkout', Object.values(metadata).join());
      }
    },

    async refund(request: RefundRequest) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.paymentReference, amount: request.amountCents, metadata: request.metadata },
          { idempotencyKey: request.idempotencyKey },
        );
        return { reference: refund.id };
      } catch (error) {
        log.error({ err: error, refund: request.metadata }, 'Stripe refund failed');
        throw providerError(error);
      }
    },

    readWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        // Tolerance 0: the SDK would refuse only events too old, and take one dated in the future
        // (an event signed ahead of time, to be replayed later); the time is checked below.
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret, 0);
      } catch {
        throw new AppError('VALIDATION', dm.webhookSignatureInvalid);
      }
      const signedAt = signedTimestamp(signature ?? '');
      if (!(Math.abs(Date.now() / 1000 - signedAt) <= WEBHOOK_TOLERANCE_SECONDS)) throw new AppError('VALIDATION', dm.webhookTimestampInvalid);
      if (event.type !== 'checkout.session.completed') return null;
      const session = event.data.object;
      // A delayed method (a bank debit) completes the session unpaid; only money counts.
      if (session.payment_status !== 'paid') return null;
      const id = (value: unknown) => {
        const n = Number(value ?? NaN);
        return Number.isSafeInteger(n) && n > 0 ? n : null;
      };
      const sponsoredOrderId = id(session.metadata?.sponsored_order_id);
      const milestoneId = id(session.metadata?.milestone_id);
      const instalmentId = id(session.metadata?.instalment_id);
      return {
        eventId: event.id,
        sessionId: session.id,
        orderId: sponsoredOrderId || milestoneId || instalmentId ? null : id(session.metadata?.order_id ?? session.client_reference_id),
        sponsoredOrderId,
        milestoneId,
        instalmentId,
        amountCents: session.amount_total ?? 0,
        paymentIntentId: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
      };
    },
  };
}
