import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Engagement, formatCents, type MilestoneStatus, milestoneStatusLabels, type RequestStatus, requestStatusLabels } from '@market/shared';
import { useParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { QueryError } from '@/components/ui/query-error';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/utils/format';
import { useEngagementStep } from '../api/engagement-steps';
import { useEngagement } from '../api/get-engagement';
import { Conversation } from '../components/conversation';
import { MilestoneCard } from '../components/milestone-card';
import { Reviews } from '../components/reviews';
import { TermsActions } from '../components/terms-actions';
import { parseId } from '@/utils/format';

function History({ engagement }: { engagement: Engagement }) {
  const label = (status: string, milestone: boolean) =>
    milestone ? (milestoneStatusLabels[status as MilestoneStatus] ?? status) : (requestStatusLabels[status as RequestStatus] ?? status);
  return (
    <section aria-labelledby="engagement-history">
      <Typography id="engagement-history" variant="h6" component="h2" sx={{ mt: 3 }}>
        History
      </Typography>
      <List dense>
        {engagement.events.map((event, i) => {
          const text = label(event.status, event.milestone_id !== null);
          return (
            <ListItem key={i} disableGutters>
              <ListItemText primary={event.note ? `${text}: ${event.note}` : text} secondary={formatDateTime(event.created_at)} />
            </ListItem>
          );
        })}
      </List>
    </section>
  );
}

function Details({ engagement: e }: { engagement: Engagement }) {
  const step = useEngagementStep(e.id);
  const other = e.role === 'client' ? `Freelancer: ${e.freelancer.first_name} ${e.freelancer.last_name}` : `Client: ${e.client.first_name} ${e.client.last_name}`;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere', mr: 1 }}>
          {e.title}
        </Typography>
        <Chip label={e.closed ? 'Completed' : e.status_label} color={e.closed ? 'success' : 'primary'} data-testid="engagement-status" />
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {other} · {formatCents(e.budget_cents)} by {e.deadline}
        {e.domain_name ? ` · about ${e.domain_name}` : ''} · sent {formatDateTime(e.created_at)}
      </Typography>
      <Typography sx={{ mt: 2, whiteSpace: 'pre-line' }}>{e.brief}</Typography>
      {e.decline_reason ? <Alert severity="info" sx={{ mt: 2 }}>Declined: “{e.decline_reason}”</Alert> : null}
      <TermsActions engagement={e} />
      <section aria-labelledby="milestones">
        <Typography id="milestones" variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
          {e.status === 'active' ? 'Milestones' : 'Proposed milestones'}
        </Typography>
        <Stack spacing={2}>
          {e.milestones.map((m) => (
            <MilestoneCard key={m.id} engagement={e} milestone={m} step={step} />
          ))}
        </Stack>
      </section>
      <Reviews engagement={e} />
      <Conversation engagement={e} />
      <History engagement={e} />
    </Paper>
  );
}

/** /engagements/:id: a request or engagement: terms, milestones with each party's next step, the conversation and the history. */
export default function EngagementRoute() {
  const id = parseId(useParams().id);
  const engagement = useEngagement(id);
  useDocumentTitle(engagement.data ? engagement.data.title : 'Engagement');
  let body;
  if (id === undefined || (isApiError(engagement.error) && engagement.error.status === 404)) {
    body = (
      <Alert severity="warning">
        This request does not exist, or it is not yours. <Link href="/engagements">See your requests and engagements</Link>.
      </Alert>
    );
  } else if (engagement.isError) {
    body = <QueryError error={engagement.error} onRetry={() => void engagement.refetch()} />;
  } else if (engagement.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading the engagement" />
      </Box>
    );
  } else {
    body = <Details engagement={engagement.data} />;
  }
  return (
    <PageContainer>
      <Link href="/engagements" sx={{ display: 'inline-block', mb: 2 }}>
        ← Your requests and engagements
      </Link>
      {body}
    </PageContainer>
  );
}
