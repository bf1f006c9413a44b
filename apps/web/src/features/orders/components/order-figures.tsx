import { asCents, formatCents } from '@market/shared';
import type { Order } from '../api/get-orders';
import { FigureList } from './split-figures';

/**
 * The order's money to the cent: price, each side's half of the commission, what the buyer
 * pays and what the seller receives. The viewer's own line stands out.
 */
export function OrderFigures({ order }: { order: Order }) {
  const buyer = order.role === 'buyer';
  const seller = order.role === 'seller';
  const rows = [
    { key: 'price', label: 'Price', value: order.price_cents },
    { key: 'buyer-fee', label: buyer ? 'Your half of the 10% commission' : 'Buyer’s half of the commission', value: order.buyer_fee_cents },
    { key: 'buyer-total', label: buyer ? 'You pay' : 'Buyer pays', value: order.buyer_total_cents, strong: !seller },
    { key: 'seller-fee', label: seller ? 'Your half of the 10% commission' : 'Seller’s half of the commission', value: asCents(-order.seller_fee_cents) },
    { key: 'seller-net', label: seller ? 'You receive' : 'Seller receives', value: order.seller_net_cents, strong: !buyer },
  ];
  return <FigureList prefix="order" rows={rows.map((row) => ({ ...row, value: formatCents(row.value) }))} />;
}
