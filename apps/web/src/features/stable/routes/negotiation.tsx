import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { formatDollars, negotiationMessages as nm, requiresBuyNow } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { type NegotiationView, useNegotiationView } from '../api/get-negotiation-view';
import { NegotiationLeadSection } from '../components/negotiation-lead';
import { QueryError } from '@/components/ui/query-error';

function DomainFacts({ view }: { view: NegotiationView }) {
  const { domain, role } = view;
  const showPrice = domain.seller_price > 0 && (role === 'seller' || domain.business_status === 'Buy Now');
  const facts = [
    role === 'seller' ? 'You are the seller.' : 'You are a buyer.',
    showPrice ? `Asking price ${formatDollars(domain.seller_price)}.` : null,
    domain.min_offer > 0 && !requiresBuyNow(domain.seller_price) ? `Minimum offer ${formatDollars(domain.min_offer)}.` : null,
    domain.sale_status === 'sold' ? 'Sold.' : domain.sale_status === 'under_order' ? 'Under order.' : null,
  ].filter(Boolean);
  return <Typography color="text.secondary">{facts.join(' ')}</Typography>;
}

/** Names under $10,000 are bought at their Buy Now price, never negotiated. */
function BuyNowNotice({ view }: { view: NegotiationView }) {
  const { domain, role } = view;
  if (!requiresBuyNow(domain.seller_price)) return null;
  const buyable = role === 'buyer' && domain.business_status === 'Buy Now' && domain.sale_status === 'available';
  return (
    <Alert
      severity="info"
      action={
        buyable ? (
          <Button color="inherit" size="small" href={`/buy_order?domain_id=${domain.id}`}>
            Buy now
          </Button>
        ) : undefined
      }
    >
      {nm.buyNowOnly} {domain.domain_name} sells at its Buy Now price of {formatDollars(domain.seller_price)}.
    </Alert>
  );
}

/** The seller's page before any buyer has asked: the server answers it with no leads. */
function NoBuyerYet({ view }: { view: NegotiationView }) {
  if (view.role !== 'seller' || view.leads.length > 0) return null;
  return (
    <Alert severity="info">
      <Typography sx={{ fontWeight: 600 }}>No buyer has asked about {view.domain.domain_name} yet.</Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        Offers and requests show up here and under <Link href="/domain-leads" underline="always">Domain Leads</Link> as soon as they
        arrive.
      </Typography>
    </Alert>
  );
}

function Refusal({ domainId, status }: { domainId: number; status: number }) {
  const forbidden = status === 403;
  return (
    <Alert severity={forbidden ? 'warning' : 'info'} sx={{ mt: 1 }}>
      <Typography sx={{ fontWeight: 600 }}>{forbidden ? nm.notParty : 'This negotiation does not exist.'}</Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {forbidden ? (
          <>
            To negotiate on this domain, open <Link href={`/landing/${domainId}`}>its page</Link> and make an offer. Your own negotiations are
            under <Link href="/domain-leads" underline="always">Domain Leads</Link>.
          </>
        ) : (
          <>
            See your negotiations under <Link href="/domain-leads" underline="always">Domain Leads</Link>.
          </>
        )}
      </Typography>
    </Alert>
  );
}

/**
 * /domain-leads/negotiation/:id (id of the domain): one section per lead the viewer is party
 * to. The heading stays "Negotiation" in every state so the page is named while it loads.
 */
export default function NegotiationRoute() {
  const params = useParams();
  const domainId = Number(params.id);
  const valid = Number.isInteger(domainId) && domainId > 0;
  const view = useNegotiationView(domainId);
  useDocumentTitle(view.data ? `Negotiation: ${view.data.domain.domain_name}` : 'Negotiation');

  let body;
  if (!valid) body = <Refusal domainId={domainId} status={404} />;
  else if (view.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading the negotiation" />
      </Box>
    );
  } else if (view.isError) {
    const status = isApiError(view.error) ? view.error.status : 0;
    body =
      status === 403 || status === 404 ? (
        <Refusal domainId={domainId} status={status} />
      ) : (
        <QueryError error={view.error} onRetry={() => void view.refetch()} />
      );
  } else {
    const data = view.data;
    body = (
      <>
        <Box sx={{ mb: 2 }}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            <Link href={`/landing/${data.domain.id}`} underline="hover">
              {data.domain.domain_name}
            </Link>
          </Typography>
          <DomainFacts view={data} />
        </Box>
        <Stack spacing={2}>
          <BuyNowNotice view={data} />
          <NoBuyerYet view={data} />
          {data.leads.map((lead) => (
            <NegotiationLeadSection key={lead.id} lead={lead} view={data} />
          ))}
        </Stack>
      </>
    );
  }

  return (
    <PageContainer sx={{ pt: { xs: 2, md: 3 } }}>
      <Link href="/domain-leads" variant="body2">
        ← All domain leads
      </Link>
      <Typography variant="h4" component="h1" sx={{ mt: 1, mb: 1 }}>
        Negotiation
      </Typography>
      {body}
    </PageContainer>
  );
}
