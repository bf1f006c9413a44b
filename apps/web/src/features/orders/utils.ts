import type { CommissionSplit } from '@market/shared';
import type { Order } from './api/get-orders';

/** The split stored with an order, in the shape SplitFigures shows. */
export function orderSplit(order: Pick<Order, 'price' | 'commission' | 'buyer_total' | 'seller_net'>): CommissionSplit {
  return {
    price: order.price,
    commission: order.commission,
    buyerShare: order.buyer_total - order.price,
    sellerShare: order.price - order.seller_net,
    buyerTotal: order.buyer_total,
    sellerNet: order.seller_net,
  };
}

/** How an order's price was set: an order from a negotiation carries its lead, a Buy Now one none. */
export function orderPriceKind(order: Pick<Order, 'domain_lead_id'>): string {
  return order.domain_lead_id == null ? 'Buy Now price' : 'Agreed price';
}
