import { orderFlow, statesAfter } from '@market/shared';
import type { Order } from './api/get-orders';

/** The order id in an address, or undefined when it cannot be one. */
export function parseOrderId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** How an order's price was set: an order from a negotiation carries its lead, a Buy Now one none. */
export function orderPriceKind(order: Pick<Order, 'domain_lead_id'>): string {
  return order.domain_lead_id == null ? 'Buy Now price' : 'Agreed price';
}

/** The states of a completed sale: the payout was recorded. */
const COMPLETED: readonly string[] = statesAfter(orderFlow, 'record_payout');

/** Sales the user completed, newest first as the orders come: the domains that passed from them to a buyer. */
export function completedSales(orders: readonly Order[]): Order[] {
  return orders.filter((o) => o.role === 'seller' && COMPLETED.includes(o.status));
}
