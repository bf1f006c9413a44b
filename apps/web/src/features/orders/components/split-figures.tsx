import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { COMMISSION_BUYER_SHARE, COMMISSION_RATE, type CommissionSplit, formatDollars } from '@market/shared';

const pct = (n: number) => `${Math.round(n * 1000) / 10}%`;
const buyerPct = pct(COMMISSION_RATE * COMMISSION_BUYER_SHARE);
const sellerPct = pct(COMMISSION_RATE * (1 - COMMISSION_BUYER_SHARE));
const splitLabel = COMMISSION_BUYER_SHARE === 0.5 ? 'split 50/50' : `buyer ${buyerPct}, seller ${sellerPct}`;

export type Side = 'buyer' | 'seller';

/**
 * The flat commission (10% split 50/50, docs/product.md section 5) as figures: what the buyer pays
 * and what the seller nets. `side` highlights the line that concerns the viewer.
 */
export function SplitFigures({ split, side }: { split: CommissionSplit; side?: Side }) {
  const rows: FigureRow[] = [
    { key: 'price', label: 'Price', value: formatDollars(split.price) },
    { key: 'commission', label: `Commission (${pct(COMMISSION_RATE)}, ${splitLabel})`, value: formatDollars(split.commission) },
    {
      key: 'buyer',
      label: `${side === 'buyer' ? 'You pay' : 'Buyer pays'} (price + ${buyerPct})`,
      value: formatDollars(split.buyerTotal),
      strong: side !== 'seller',
    },
    {
      key: 'seller',
      label: `${side === 'seller' ? 'You receive' : 'Seller receives'} (price − ${sellerPct})`,
      value: formatDollars(split.sellerNet),
      strong: side !== 'buyer',
    },
  ];
  return <FigureList rows={rows} prefix="split" />;
}

export interface FigureRow {
  key: string;
  label: string;
  value: string;
  /** The viewer's own line. */
  strong?: boolean;
}

/** Money as a two-column list of label and amount; each row is findable as `${prefix}-${key}`. */
export function FigureList({ rows, prefix }: { rows: FigureRow[]; prefix: string }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.75 }}>
      {rows.map((row) => (
        <Box key={row.key} sx={{ display: 'contents' }} data-testid={`${prefix}-${row.key}`}>
          <Typography component="dt" color={row.strong ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: row.strong ? 600 : 400 }}>
            {row.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: row.strong ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}>
            {row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
