import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDollars, STARTUP_BREEDER_LABEL } from '@market/shared';
import { useAuthSnapshot } from '@/lib/auth-store';
import type { SponsoredHeadline } from '../api/get-sponsored-headlines';

/**
 * The right-hand side of a sponsored row. Buy Now: the price and a Checkout button to the
 * domain's order page; trade: the tier; startup breeders: the option label.
 */
export function HeadlineDetails({ headline, compact = false }: { headline: SponsoredHeadline; compact?: boolean }) {
  const { user } = useAuthSnapshot();
  const domain = headline.domain_obj;
  const own = user !== null && domain.user?.id === user.id;
  switch (headline.category_obj.name) {
    case 'Buy Now':
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {domain.seller_price ? <Typography sx={{ fontWeight: 700 }}>{formatDollars(domain.seller_price)}</Typography> : null}
          {compact ? null : own ? (
            <Typography variant="body2" color="text.secondary">
              Your domain
            </Typography>
          ) : (
            <Button
              size="small"
              variant="contained"
              href={`/buy_order?domain_id=${domain.id}`}
              aria-label={`Checkout ${domain.domain_name}`}
            >
              Checkout
            </Button>
          )}
        </Box>
      );
    case 'Trade Domains':
      return domain.trade_option ? <Chip size="small" variant="outlined" label={domain.trade_option} /> : null;
    case 'Startup Breeders':
      return <Chip size="small" variant="outlined" label={STARTUP_BREEDER_LABEL} />;
  }
}
