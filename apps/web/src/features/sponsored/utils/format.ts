import type { SponsoredOrder } from '@market/shared';

/** How a paid order was paid: by card (the processor's payment id), by bank transfer, or (early orders) not at all. */
export function paidWithLabel(order: Pick<SponsoredOrder, 'status' | 'payment_mode' | 'paid_reference'>): string | null {
  if (order.status !== 'paid') return null;
  if (order.payment_mode === 'test') return 'Test mode, no charge';
  return order.paid_reference?.startsWith('pi_') ? 'Paid by card' : 'Paid by bank transfer';
}
