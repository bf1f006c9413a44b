import type { Cents, PaymentProviderName } from '@market/shared';

/** One payment on a provider's hosted checkout page: a deal's total, or a sponsored order's. */
export interface CheckoutCharge {
  amountCents: number;
  /** The line the payer sees (the domain's name, or what the order buys). */
  description: string;
  /** Leads the processor's events back to what was paid: `order_id`, `sponsored_order_id`, `milestone_id` or `instalment_id`. */
  metadata: { order_id: string } | { sponsored_order_id: string } | { milestone_id: string } | { instalment_id: string };
}

/** A refund the payment command worker sends: the whole of one card payment, back to the card it came from. */
export interface RefundRequest {
  /** The provider's id of the payment (a card payment's PaymentIntent). */
  paymentReference: string;
  amountCents: Cents;
  /** The same for every attempt at this refund, so the provider sends the money once. */
  idempotencyKey: string;
  /** Leads the refund back to what it is for, in the provider's dashboard (`order_id: "12"`). */
  metadata: Record<string, string>;
}

/**
 * A provider call that did not do what was asked. `refused`: the provider answered and said no
 * (trying again with the same request gets the same answer); otherwise it may not have been
 * reached at all, and the same request is sent again later.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
  }
}

/**
 * How a buyer pays into escrow and how a refund goes back. `manual` (the embedded default):
 * the buyer pays by bank transfer quoting the order's reference and an admin records what
 * arrived; refunds are sent by the admin and recorded. A card provider adds a checkout page
 * and refunds through its API; the order's lifecycle does not change.
 */
export interface DealPaymentProvider {
  readonly name: PaymentProviderName;
  /** A hosted checkout page for the amount, when the provider has one. */
  checkout?(charge: CheckoutCharge, urls: { success: string; cancel: string }): Promise<{ url: string; sessionId: string }>;
  /**
   * Sends a card payment back through the provider (only ever from the payment command worker,
   * never inside a database transaction); throws ProviderError. Without it, refunds are sent by
   * an admin and recorded.
   */
  refund?(request: RefundRequest): Promise<{ reference: string }>;
}

export function createManualPayments(): DealPaymentProvider {
  return { name: 'manual' };
}
