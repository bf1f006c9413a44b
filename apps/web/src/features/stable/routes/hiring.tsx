import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type Engagement, formatCents, milestoneFlow, type MilestoneStatus, statesAfter, statesAllowing, statesHolding, sumCents } from '@market/shared';
import { EngagementRows, useEngagements } from '@/features/engagements';
import { PageContainer } from '@/components/ui/page-container';
import { QueryError } from '@/components/ui/query-error';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Which of the hiring tabs: the client's hires, or the freelancer's requests, engagements and earnings. */
export type HiringView = 'hires' | 'requests' | 'engagements' | 'earnings';

const titles: Record<HiringView, string> = { hires: 'Hires', requests: 'Requests', engagements: 'Engagements', earnings: 'Earnings' };
/** What an empty tab says, and the step that fills it. */
const empty: Record<Exclude<HiringView, 'earnings'>, { text: string; action: { label: string; href: string } }> = {
  hires: { text: 'You have not hired a freelancer yet. Find one in the directory and send a request.', action: { label: 'Find a freelancer', href: '/freelancers' } },
  requests: {
    text: 'No request is waiting for an answer. Clients find you in the freelancer directory: complete and publish your freelancer profile, or apply to a job.',
    action: { label: 'Your freelancer profile', href: '/freelancer-profile' },
  },
  engagements: { text: 'You have no engagement yet. Accept a client’s request, or apply to a job, to start one.', action: { label: 'Browse jobs', href: '/jobs' } },
};

const asFreelancer = (list: Engagement[]) => list.filter((e) => e.role === 'freelancer');
const sumNet = (list: Engagement[], statuses: readonly MilestoneStatus[]) =>
  sumCents(
    asFreelancer(list)
      .flatMap((e) => e.milestones)
      .filter((m) => statuses.includes(m.status))
      .map((m) => m.freelancer_net_cents),
  );

/** The freelancer's money, to the cent: paid out, due, held in escrow for work under way. */
function Earnings({ list }: { list: Engagement[] }) {
  const figures = [
    { key: 'paid', label: 'Paid out to you', cents: sumNet(list, statesAfter(milestoneFlow, 'record_payout')) },
    { key: 'due', label: 'Approved, payout due', cents: sumNet(list, statesHolding(milestoneFlow, 'payable')) },
    { key: 'held', label: 'Held in escrow for work under way', cents: sumNet(list, statesHolding(milestoneFlow, 'escrow')) },
    { key: 'awaiting', label: 'Agreed, awaiting the client’s funding', cents: sumNet(list, statesAllowing(milestoneFlow, 'record_payment')) },
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(4, minmax(0, 1fr))' }, gap: 2, m: 0 }}>
      {figures.map((f) => (
        <Box key={f.key}>
          <Typography component="dt" color="text.secondary">
            {f.label}
          </Typography>
          <Typography component="dd" data-testid={`earnings-${f.key}`} sx={{ m: 0, fontWeight: 700, fontSize: '1.25rem' }}>
            {formatCents(f.cents)}
          </Typography>
        </Box>
      ))}
      <Typography sx={{ gridColumn: '1 / -1' }} color="text.secondary">
        After our commission. Each engagement’s page shows every milestone.
      </Typography>
    </Box>
  );
}

/** My Stable's hiring tabs, over the user's requests and engagements (`/engagements` has them all). */
export default function HiringRoute({ view }: { view: HiringView }) {
  useDocumentTitle(titles[view]);
  const query = useEngagements();
  const list = query.data ?? [];
  const rows =
    view === 'hires'
      ? list.filter((e) => e.role === 'client')
      : view === 'requests'
        ? asFreelancer(list).filter((e) => e.status === 'requested' || e.status === 'proposed')
        : asFreelancer(list).filter((e) => e.status === 'active');
  let body;
  if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.isPending) body = <CircularProgress aria-label="Loading" />;
  else if (view === 'earnings') body = <Earnings list={list} />;
  else if (rows.length === 0) {
    const { text, action } = empty[view];
    body = (
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" href={action.href} sx={{ whiteSpace: 'nowrap' }}>
            {action.label}
          </Button>
        }
      >
        {text}
      </Alert>
    );
  }
  else body = <EngagementRows engagements={rows} />;
  return (
    <PageContainer>
      <Typography variant="h5" component="h1" gutterBottom>
        {titles[view]}
      </Typography>
      {body}
      <Link href="/engagements" sx={{ display: 'inline-block', mt: 2 }}>
        All requests and engagements
      </Link>
    </PageContainer>
  );
}
