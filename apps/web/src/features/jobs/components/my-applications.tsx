import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { applicationStatusLabels, formatCents, jobStatusLabels, type MyApplication } from '@market/shared';
import { QueryError } from '@/components/ui/query-error';
import { formatDate } from '@/utils/format';
import { useMyApplications } from '../api/get-my-applications';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, listStyle: 'none', p: 0, m: 0 };
const good = new Set(['hired', 'shortlisted']);

function MyApplicationCard({ application: a }: { application: MyApplication }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="my-application">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
          <Link href={`/jobs/${a.job.id}`}>{a.job.title}</Link>
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Chip size="small" label={`Your application: ${applicationStatusLabels[a.status]}`} color={good.has(a.status) ? 'success' : 'default'} data-testid="my-application-status" />
          <Chip size="small" variant="outlined" label={`Job: ${jobStatusLabels[a.job.status]}`} data-testid="my-application-job-status" />
        </Stack>
        <Typography variant="body2">
          {formatCents(a.price_cents)} in {a.delivery_days} day(s) · sent {formatDate(a.created_at)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          By {a.job.founder.name}
          {a.job.domain ? ` for ${a.job.domain}` : ''} · deadline {a.job.deadline}
        </Typography>
        {a.engagement_id ? (
          <Button size="small" sx={{ mt: 1 }} href={`/engagements/${a.engagement_id}`}>
            Open the engagement
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** "Your applications": the freelancer's proposals, each with where it stands and where the job stands. */
export function MyApplications() {
  const query = useMyApplications();
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} what="Your applications could not be loaded." />;
  if (query.isPending) return <CircularProgress aria-label="Loading your applications" />;
  const { results, more, limit } = query.data;
  if (results.length === 0) {
    return (
      <Alert severity="info" action={<Button href="/jobs">See open jobs</Button>}>
        You have not applied to a job yet. Open a job under All jobs and send a proposal; you need a published freelancer profile.
      </Alert>
    );
  }
  return (
    <Box>
      {more ? <Typography sx={{ mb: 2 }} color="text.secondary">Your newest {limit} applications.</Typography> : null}
      <Box component="ul" sx={grid} aria-label="Your applications">
        {results.map((a) => (
          <li key={a.id}>
            <MyApplicationCard application={a} />
          </li>
        ))}
      </Box>
    </Box>
  );
}
