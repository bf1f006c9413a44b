import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { asCents, formatCents } from '@market/shared';
import { useNavigate } from 'react-router';
import { serverMessage } from '@/lib/error-text';
import { useLeaseOffer, useStartLease } from '../api/leases';

/** On the Buy Now page: the seller's lease-to-own terms, and the lessee's way to start one. Nothing when the name is not offered on lease. */
export function LeaseOfferPanel({ domainId, blocked }: { domainId: number; blocked: boolean }) {
  const offer = useLeaseOffer(domainId);
  const start = useStartLease();
  const navigate = useNavigate();
  if (!offer.data?.enabled) return null;
  const o = offer.data;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560, mt: 3 }} aria-labelledby="lease-offer-title">
      <Typography id="lease-offer-title" variant="h6" component="h2">
        Lease to own: {o.monthly_line}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="lease-offer-summary">
        {o.months} monthly instalments, {formatCents(o.total_cents ?? asCents(0))} in all
        {o.down_payment_cents > 0 ? `, ${formatCents(o.down_payment_cents)} down with the first` : ''}
        {o.interest_cents > 0 ? ` (interest ${formatCents(o.interest_cents)})` : ', no interest'}, plus your half of our 10% commission on each.
      </Typography>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        The terms
      </Typography>
      <ul style={{ marginTop: 4, paddingLeft: 20 }}>
        {o.terms.map((line) => (
          <li key={line}>
            <Typography variant="body2">{line}</Typography>
          </li>
        ))}
      </ul>
      {start.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {serverMessage(start.error) ?? 'The lease could not be started.'}
        </Alert>
      ) : null}
      <Button variant="outlined" size="large" disabled={blocked || start.isPending} onClick={() => start.mutate(domainId, { onSuccess: (lease) => navigate(`/leases/${lease.id}`) })}>
        {start.isPending ? 'Starting the lease…' : 'Start the lease'}
      </Button>
    </Paper>
  );
}
