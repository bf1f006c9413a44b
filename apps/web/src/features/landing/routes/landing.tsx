import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { landingActionParams } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { useAuthSnapshot } from '@/lib/auth-store';
import { useLeadRequest } from '@/features/leads';
import { useDomain } from '@/features/portfolio';
import { domainKeys } from '@/features/portfolio';
import { recordView } from '@/features/portfolio';
import { LandingView } from '../components/landing-view';
import { landingActions, type LandingAction } from '../utils/landing-actions';
import { useMakeOffer } from '../hooks/use-make-offer';

const LANDING_WIDTH = 800;

function parseId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

function NotFound() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Domain not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        This domain is not listed, or it is not public yet.
      </Typography>
      <Button href="/homeSearch" variant="contained">
        Search domains
      </Button>
    </Paper>
  );
}

/**
 * /landing/:id inside the app (a full page load gets the server-rendered page, except with
 * ?action=). Counts the visit once, shows the domain, and runs ?action=offer|trade|breeder|broker
 * once for a signed-in visitor: the server page's buttons, and the sign-in page after them,
 * bring people here with that parameter.
 */
export default function LandingRoute() {
  const id = parseId(useParams().id);
  const [params, setParams] = useSearchParams();
  const { user, isAuthenticated } = useAuthSnapshot();
  const { data: domain, isPending, error } = useDomain(id);
  const lead = useLeadRequest();
  const offer = useMakeOffer();
  const client = useQueryClient();
  const counted = useRef<number | null>(null);
  const ranAction = useRef(false);
  const [lastAction, setLastAction] = useState<LandingAction | null>(null);
  const notFound = id === undefined || (isApiError(error) && error.status === 404);
  useDocumentTitle(notFound ? 'Domain not found' : domain ? `${domain.domain_name} is for sale` : 'Domain');

  useEffect(() => {
    if (id === undefined || counted.current === id) return;
    counted.current = id;
    void recordView(id, document.referrer).then((recorded) => {
      if (!recorded) return;
      // The count shown includes this visit.
      void client.invalidateQueries({ queryKey: domainKeys.detail(id) });
      if (!isAuthenticated) return;
      // A signed-in view joins the recently viewed list and its My Stable badge.
      void client.invalidateQueries({ queryKey: domainKeys.recentlyViewed() });
      void client.invalidateQueries({ queryKey: ['stable'] });
    });
    // Counted once per domain shown; signing in later is not a second visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const isOwner = Boolean(domain && user && domain.user.id === user.id);
  const returnTo = (action: LandingAction) => `/landing/${id}?action=${action}`;

  const run = (action: LandingAction) => {
    if (!domain) return;
    setLastAction(action);
    if (action === 'offer') offer.makeOffer(domain.id, returnTo('offer'));
    else if (action === 'broker') offer.askBroker(domain.id, returnTo('broker'));
    else lead.request(domain, action, { returnTo: returnTo(action) });
  };

  const requested = params.get('action');
  useEffect(() => {
    if (!domain || !isAuthenticated || ranAction.current || !requested) return;
    ranAction.current = true;
    // Consume the parameter so a reload or going back does not repeat the request.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('action');
        return next;
      },
      { replace: true },
    );
    const action = landingActionParams.find((a) => a === requested);
    if (!action || isOwner || !landingActions(domain)[action]) return;
    run(action);
    // run only reads the domain and hooks' latest handlers; once per page is the point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [domain, isAuthenticated, requested, isOwner]);

  const busy: LandingAction | null = offer.isPending || lead.isPending ? lastAction : null;

  let body;
  if (notFound) body = <NotFound />;
  else if (error) {
    body = (
      <Alert severity="error">The domain could not be loaded. Please try again later.</Alert>
    );
  } else if (isPending || !domain) {
    body = (
      <Paper variant="outlined" sx={{ p: 4, borderRadius: 3 }} aria-label="Loading domain">
        <Skeleton width="60%" height={56} />
        <Skeleton width={120} height={32} />
        <Skeleton width="40%" height={48} sx={{ mt: 2 }} />
        <Skeleton variant="rounded" height={48} sx={{ mt: 3 }} />
      </Paper>
    );
  } else {
    body = <LandingView domain={domain} isOwner={isOwner} busy={busy} onAction={run} />;
  }

  return (
    <PageContainer>
      <Box sx={{ maxWidth: LANDING_WIDTH, mx: 'auto' }}>{body}</Box>
    </PageContainer>
  );
}
