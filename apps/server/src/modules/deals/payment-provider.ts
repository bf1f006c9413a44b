import type { PaymentProviderName } from '@market/shared';

/** One payment on a provider's hosted checkout page: a deal's total, or a sponsored order's. */
export interface CheckoutCharge {
  amountCents: number;
  /** The line the payer sees (the domain's name, or what the order buys). */
  description: string;
  /** Leads the processor's events back to what was paid: `order_id`, `sponsored_order_id` or `milestone_id`. */
  metadata: { order_id: string } | { sponsored_order_id: string } | { milestone_id: string };
}

/** Money held in escrow that may go back: a deal's order or a freelance milestone. */
export interface RefundTarget {
  kind: 'order' | 'milestone';
  id: number;
  /** The provider's id of the payment (a card payment's PaymentIntent), when it came that way. */
  payment_reference: string | null;
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
   * Sends the buyer's money back through the provider. Without it, or when it answers null (the
   * money did not come through the provider, e.g. an admin recorded a bank transfer), the refund
   * is due for an admin to send and record.
   */
  refund?(target: RefundTarget): Promise<{ reference: string } | null>;
}

export function createManualPayments(): DealPaymentProvider {
  return { name: 'manual' };
}
