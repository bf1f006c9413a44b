import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SendVideoPitchButton } from '@/features/video-pitch';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { businessStatusLabel, commissionSplit, formatDollars, STARTUP_BREEDER_LABEL } from '@market/shared';
import { ApprovalChip } from '@/features/portfolio';
import type { Domain } from '@/features/portfolio';
import { ownerName } from '@/features/portfolio';
import { landingActions, type LandingAction } from '../utils/landing-actions';


function PriceBlock({ domain }: { domain: Domain }) {
  if (domain.business_status === 'Buy Now') {
    // On the landing page Buy Now shows the price only when non-zero.
    if (!domain.seller_price) return null;
    const split = commissionSplit(domain.seller_price);
    return (
      <Box sx={{ my: 2 }}>
        <Typography sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, fontWeight: 700 }} data-testid="buy-now-price">
          {formatDollars(domain.seller_price)}
        </Typography>
        {domain.lease_monthly_line ? (
          <Typography data-testid="lease-monthly" sx={{ fontWeight: 600 }}>
            {domain.lease_monthly_line}, lease to own
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          Buy it now. You pay {formatDollars(split.buyerTotal)} including your half of our 10% commission.
        </Typography>
      </Box>
    );
  }
  if (domain.min_offer > 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ my: 2 }}>
        Offers from {formatDollars(domain.min_offer)} are considered.
      </Typography>
    );
  }
  return null;
}

interface LandingViewProps {
  domain: Domain;
  isOwner: boolean;
  busy: LandingAction | null;
  onAction: (action: LandingAction) => void;
}

/** One domain's landing page, the SPA twin of the server-rendered page. */
export function LandingView({ domain, isOwner, busy, onAction }: LandingViewProps) {
  const can = landingActions(domain);
  const tags: ReactNode[] = [`.${domain.domain_extension}`];
  if (can.trade) tags.push(`Trade: ${domain.trade_option}`);
  if (can.breeder) tags.push(`Startup Breeders: ${STARTUP_BREEDER_LABEL}`);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
      {isOwner && domain.status !== 'approved' ? (
        <Alert severity={domain.status === 'denied' ? 'error' : 'warning'} sx={{ mb: 2 }}>
          {domain.status === 'denied'
            ? 'This domain was not approved, so only you can see this page.'
            : 'This is a preview: the page becomes public once our team approves the domain.'}
        </Alert>
      ) : null}
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontSize: { xs: '1.75rem', sm: '2.5rem' }, overflowWrap: 'anywhere', mb: 1 }}
      >
        {domain.domain_name}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip label={businessStatusLabel(domain.business_status)} color="primary" sx={{ fontWeight: 600 }} />
        {isOwner && domain.status !== 'approved' ? <ApprovalChip status={domain.status} label={domain.status_label} /> : null}
      </Box>
      <PriceBlock domain={domain} />
      <Box component="ul" aria-label="Listing details" sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, my: 2 }}>
        {tags.map((tag, i) => (
          <Box
            component="li"
            key={i}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, px: 1.25, py: 0.25, fontSize: '0.875rem' }}
          >
            {tag}
          </Box>
        ))}
      </Box>
      {domain.description ? (
        <Typography sx={{ whiteSpace: 'pre-line', mb: 2, overflowWrap: 'anywhere' }} data-testid="landing-description">
          {domain.description}
        </Typography>
      ) : null}

      {isOwner ? (
        <Typography color="text.secondary" sx={{ mt: 3 }}>
          This is your domain. Change its price and options in your{' '}
          <Link href="/portfolio">portfolio</Link>.
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 3 }}>
          {can.buyNow ? (
            <Button variant="contained" size="large" href={`/buy_order?domain_id=${domain.id}`}>
              Buy Now
            </Button>
          ) : null}
          {can.offer ? (
            <Button variant="contained" size="large" disabled={busy === 'offer'} onClick={() => onAction('offer')}>
              Make an offer
            </Button>
          ) : null}
          {can.trade ? (
            <Button variant="outlined" size="large" disabled={busy === 'trade'} onClick={() => onAction('trade')}>
              Request a trade
            </Button>
          ) : null}
          {can.breeder ? (
            <Button variant="outlined" size="large" disabled={busy === 'breeder'} onClick={() => onAction('breeder')}>
              {STARTUP_BREEDER_LABEL}
            </Button>
          ) : null}
          {can.broker ? (
            <Button variant="outlined" size="large" disabled={busy === 'broker'} onClick={() => onAction('broker')}>
              Ask a broker
            </Button>
          ) : null}
          {domain.status === 'approved' ? <SendVideoPitchButton domainId={domain.id} size="large" /> : null}
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        Listed by {ownerName(domain.user)} · {domain.visits.toLocaleString('en-US')} {domain.visits === 1 ? 'view' : 'views'}
      </Typography>
    </Paper>
  );
}
