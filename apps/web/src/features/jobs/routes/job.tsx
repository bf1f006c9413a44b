import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { applicationStatusLabels, formatCents, freelancerSkillLabel, jobStatusLabels, liveApplicationStatuses } from '@market/shared';
import { useParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { NotFoundPage } from '@/components/ui/not-found';
import { QueryError } from '@/components/ui/query-error';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/error-text';
import { useApplicationStep } from '../api/act-on-application';
import { useCloseJob } from '../api/close-job';
import { useJob } from '../api/get-job';
import { ApplicationsPanel } from '../components/applications-panel';
import { ApplyForm } from '../components/apply-form';
import { parseId } from '@/utils/format';
import { budgetText } from '../utils/format';

/** /jobs/{id} (public): the job; the owner manages applications, a freelancer applies or follows their application. */
export default function JobRoute() {
  const id = parseId(useParams().id);
  const job = useJob(id);
  const close = useCloseJob();
  const withdraw = useApplicationStep();
  const notFound = id === undefined || (isApiError(job.error) && job.error.status === 404);
  useDocumentTitle(notFound ? 'Job not found' : (job.data?.title ?? 'Job'));

  if (notFound) {
    return <NotFoundPage title="Job not found" text="This job does not exist, or its owner removed it." action={{ label: 'See open jobs', href: '/jobs' }} />;
  }
  if (job.isError) {
    return (
      <PageContainer>
        <QueryError error={job.error} onRetry={() => void job.refetch()} />
      </PageContainer>
    );
  }
  if (job.isPending) {
    return (
      <PageContainer>
        <CircularProgress aria-label="Loading" />
      </PageContainer>
    );
  }
  const j = job.data;
  const viewer = j.viewer;
  const mine = viewer?.application ?? null;
  const open = j.status === 'open';

  let side;
  if (!viewer) {
    side = open ? (
      <Alert severity="info" action={<Button href="/login">Sign in</Button>}>
        Sign in with a published freelancer profile to apply.
      </Alert>
    ) : null;
  } else if (viewer.is_owner) {
    side = <ApplicationsPanel job={j} />;
  } else if (mine) {
    side = (
      <Box component="section" aria-label="Your application">
        <Typography variant="h6" component="h2" gutterBottom>
          Your application
        </Typography>
        <Typography>
          {formatCents(mine.price_cents)} in {mine.delivery_days} day(s) · <strong data-testid="application-status">{applicationStatusLabels[mine.status]}</strong>
        </Typography>
        {withdraw.error ? <Alert severity="error">{serverMessage(withdraw.error) ?? 'Something went wrong; please try again.'}</Alert> : null}
        {open && (liveApplicationStatuses as readonly string[]).includes(mine.status) ? (
          <Button sx={{ mt: 1 }} color="error" disabled={withdraw.isPending} onClick={() => withdraw.mutate({ id: mine.id, step: 'withdraw' })}>
            Withdraw my application
          </Button>
        ) : null}
      </Box>
    );
  } else if (open) {
    side = <ApplyForm jobId={j.id} />;
  }

  return (
    <PageContainer>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h1">
            {j.title}
          </Typography>
          <Chip label={jobStatusLabels[j.status]} color={open ? 'success' : 'default'} data-testid="job-status" />
        </Stack>
        <Typography fontWeight={600} sx={{ mt: 1 }}>
          {budgetText(j)} · deadline {j.deadline}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          Posted by {j.founder.name}
          {j.domain && j.domain_id ? (
            <>
              {' for '}
              <Link href={`/landing/${j.domain_id}`} data-testid="job-domain">
                {j.domain}
              </Link>
            </>
          ) : null}{' '}
          · {j.application_count === 1 ? '1 application' : `${j.application_count} applications`}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mb: 2 }}>
          {j.skills.map((s) => (
            <Chip key={s} size="small" label={freelancerSkillLabel(s)} />
          ))}
        </Stack>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{j.description}</Typography>
        {viewer?.engagement_id ? (
          <Alert severity="success" sx={{ mt: 2 }} action={<Button href={`/engagements/${viewer.engagement_id}`}>Open the engagement</Button>}>
            {viewer.is_owner ? 'You hired a freelancer for this job.' : 'You were hired for this job.'}
          </Alert>
        ) : null}
        {viewer?.is_owner && open ? (
          <Box sx={{ mt: 2 }}>
            {close.error ? <Alert severity="error">{serverMessage(close.error) ?? 'Something went wrong; please try again.'}</Alert> : null}
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Button variant="outlined" href={`/jobs/${j.id}/edit`}>
                Edit the job
              </Button>
              <Button variant="outlined" color="error" disabled={close.isPending} onClick={() => close.mutate(j.id)}>
                Close without hiring
              </Button>
            </Stack>
          </Box>
        ) : null}
        {side ? (
          <>
            <Divider sx={{ my: 3 }} />
            {side}
          </>
        ) : null}
      </Paper>
    </PageContainer>
  );
}
