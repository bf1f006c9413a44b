import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { apiErrors, commissionSplit, type Domain, negotiationMessages as nm } from '@market/shared';
import { useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useAuthSnapshot } from '@/lib/auth-store';
import { useBuyNow } from '../api/buy-now';
import { useDomain } from '../api/get-domain';
import { SplitFigures } from './split-figures';

function failureText(error: unknown): string {
  if (!isApiError(error)) return apiErrors.internal;
  if (error.isServerError) return `${apiErrors.internal}: the order was not placed. Please try again.`;
  if (error.status === 404) return 'This domain is not available.';
  return error.firstError('domain_id') ?? error.message;
}

/** Why this domain cannot be bought now, before anyone presses the button; null when it can. */
function blocker(domain: Domain, userId: number | undefined): string | null {
  if (userId !== undefined && domain.user?.id === userId) return nm.ownDomain;
  if (domain.business_status !== 'Buy Now' || !domain.seller_price) return 'This domain has no Buy Now price.';
  if (domain.sale_status && domain.sale_status !== 'available') return nm.buyNowUnavailable;
  return null;
}

/** /buy_order?domain_id=: buy a domain at its Buy Now price, commission shown before the click. */
export function BuyNowCheckout({ domainId }: { domainId: number }) {
  const { user } = useAuthSnapshot();
  const domain = useDomain(domainId);
  const buy = useBuyNow();
  const navigate = useNavigate();

  if (domain.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading the domain" />
      </Box>
    );
  }
  if (domain.isError) {
    return (
      <Alert severity="warning">
        {isApiError(domain.error) && domain.error.status === 404 ? 'This domain is not available.' : failureText(domain.error)}{' '}
        <Link href="/sponsored/buy-now" underline="always">See domains you can buy now</Link>.
      </Alert>
    );
  }
  const d = domain.data;

  const blocked = blocker(d, user?.id);
  const split = commissionSplit(d.seller_price ?? 0);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {d.domain_name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {d.business_status_label ?? d.business_status ?? 'Enquire'}
      </Typography>
      {blocked ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {blocked}{' '}
          {blocked === nm.ownDomain ? null : (
            <>
              You can still <Link href={`/landing/${d.id}`}>visit its page</Link>.
            </>
          )}
        </Alert>
      ) : null}
      {d.seller_price ? <SplitFigures split={split} side="buyer" /> : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        You pay into escrow: we hold the money until the domain is in your account, then pay the seller. Our commission is a flat
        10%, split 50/50 between buyer and seller. By placing this order you agree to our{' '}
        <Link href="/terms-and-conditions" underline="always">Terms and Conditions</Link>.
      </Typography>
      {buy.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failureText(buy.error)}
        </Alert>
      ) : null}
      <Button
        variant="contained"
        size="large"
        sx={{ mt: 3 }}
        disabled={blocked !== null || buy.isPending}
        // The order page shows how to pay and every step after.
        onClick={() => buy.mutate(d.id, { onSuccess: (order) => navigate(`/orders/${order.id}`) })}
      >
        {buy.isPending ? 'Placing order…' : 'Place order'}
      </Button>
    </Paper>
  );
}
