import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatCents } from '@market/shared';
import type { Order } from '../api/get-orders';

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
    { key: 'seller-fee', label: seller ? 'Your half of the 10% commission' : 'Seller’s half of the commission', value: -order.seller_fee_cents },
    { key: 'seller-net', label: seller ? 'You receive' : 'Seller receives', value: order.seller_net_cents, strong: !buyer },
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.75 }}>
      {rows.map((row) => (
        <Box key={row.key} sx={{ display: 'contents' }} data-testid={`order-${row.key}`}>
          <Typography component="dt" color={row.strong ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: row.strong ? 600 : 400 }}>
            {row.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: row.strong ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}>
            {formatCents(row.value)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
