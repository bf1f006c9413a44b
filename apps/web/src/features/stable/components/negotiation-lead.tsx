import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { commissionSplit, formatDollars, leadStatusLabels } from '@market/shared';
import { SplitFigures } from '@/features/orders';
import type { NegotiationLead, NegotiationView } from '../api/get-negotiation-view';
import { acceptableOffer, latestOffer, otherParty } from '../utils/negotiation-state';
import { NegotiationActions } from './negotiation-actions';
import { NegotiationHistory } from './negotiation-history';
import { formatDateTime } from '@/utils/format';

/** One sentence on where the negotiation stands and whose move it is. */
function StandingLine({ lead }: { lead: NegotiationLead }) {
  if (lead.status !== 'open') return null;
  const offer = latestOffer(lead.entries);
  if (!offer) {
    return (
      <Typography>
        {lead.role === 'buyer' ? 'No offer on the table yet: make the first one.' : 'The buyer has not made an offer yet.'}
      </Typography>
    );
  }
  const from = offer.author === lead.role ? 'Your' : offer.author === 'buyer' ? "The buyer's" : "The seller's";
  const waiting = acceptableOffer(lead, lead.role) ? 'It is your move.' : offer.expired ? '' : `Waiting for the ${otherParty(lead.role)}.`;
  return (
    <Typography>
      {from} offer of <strong>{formatDollars(offer.amount)}</strong>
      {offer.lease ? ` ${offer.lease.line}` : ''}{' '}
      {offer.expired ? `expired on ${formatDateTime(offer.expires_at)}.` : `is valid until ${formatDateTime(offer.expires_at)}.`} {waiting}
    </Typography>
  );
}

/** An accepted deal: the price and the commission split, with the way to the order. */
function AcceptedDeal({ lead }: { lead: NegotiationLead }) {
  const price = lead.split?.price ?? lead.accepted_amount ?? 0;
  const split = lead.split ?? commissionSplit(price);
  return (
    <Alert severity="success" icon={false} sx={{ display: 'block', '& .MuiAlert-message': { width: '100%' } }}>
      <Typography sx={{ fontWeight: 700, mb: 1 }}>
        {lead.lease_id ? `Lease to own accepted at ${formatDollars(price)}, paid in instalments` : `Deal accepted at ${formatDollars(price)}`}
      </Typography>
      <Box sx={{ maxWidth: 460 }}>
        <SplitFigures split={split} side={lead.role} />
      </Box>
      {lead.lease_id ? (
        <Button href={`/leases/${lead.lease_id}`} variant="outlined" color="success" size="small" sx={{ mt: 2 }}>
          View the lease
        </Button>
      ) : (
        <Button href={lead.order_id ? `/orders/${lead.order_id}` : '/buy_order'} variant="outlined" color="success" size="small" sx={{ mt: 2 }}>
          View the order
        </Button>
      )}
    </Alert>
  );
}

/**
 * One buyer's negotiation on the domain: state, deal, history and the next steps, from the
 * viewer's side in it (a buyer who later sells the domain has leads on both sides).
 */
export function NegotiationLeadSection({ lead, view }: { lead: NegotiationLead; view: NegotiationView }) {
  const headingId = useId();
  const title = lead.role === 'seller' ? `Buyer: ${lead.buyer_name}` : 'Your negotiation';
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1.5 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mr: 1 }}>
          {title}
        </Typography>
        <Chip
          size="small"
          label={leadStatusLabels[lead.status]}
          color={lead.status === 'accepted' ? 'success' : lead.status === 'open' ? 'primary' : 'default'}
          variant={lead.status === 'open' ? 'outlined' : 'filled'}
        />
        {lead.broker_requested ? <Chip size="small" label="Broker Team assigned" variant="outlined" /> : null}
        {lead.category ? <Chip size="small" label={`Request: ${lead.category}`} variant="outlined" /> : null}
      </Stack>

      {lead.status === 'accepted' ? <AcceptedDeal lead={lead} /> : null}
      {lead.status === 'declined' ? (
        <Alert severity="info">
          {lead.role === 'seller'
            ? 'You declined this negotiation.'
            : 'The seller declined this negotiation. You may make a new request from the domain page.'}
        </Alert>
      ) : null}
      {lead.status === 'closed' ? (
        <Alert severity="info">This negotiation is closed: the domain was sold or ordered through another deal.</Alert>
      ) : null}
      <StandingLine lead={lead} />

      <NegotiationActions lead={lead} view={view} />

      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>
        History
      </Typography>
      <NegotiationHistory entries={lead.entries} role={lead.role} buyerName={lead.buyer_name} />
    </Paper>
  );
}
