import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { jobStatusLabels, type MyJob } from '@market/shared';
import { Link } from 'react-router';
import { QueryError } from '@/components/ui/query-error';
import { useMyJobs } from '../api/get-my-jobs';
import { budgetText } from '../utils/format';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, listStyle: 'none', p: 0, m: 0 };
const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

function MyJobCard({ job }: { job: MyJob }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="my-job">
      <CardActionArea component={Link} to={`/jobs/${job.id}`} sx={{ height: '100%', alignItems: 'flex-start' }}>
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
            <Typography variant="h6" component="h2" gutterBottom sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {job.title}
            </Typography>
            <Chip size="small" label={jobStatusLabels[job.status]} color={job.status === 'open' ? 'success' : 'default'} />
          </Stack>
          <Typography fontWeight={600}>{budgetText(job)}</Typography>
          <Typography color="text.secondary" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            Deadline {job.deadline}
            {job.domain ? ` · for ${job.domain}` : ''}
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="my-job-applications">
            {job.status === 'open'
              ? `${count(job.live_application_count, 'application to answer', 'applications to answer')} · ${count(job.application_count, 'received', 'received')}`
              : count(job.application_count, 'application received', 'applications received')}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** "Posted by you": the founder's own posts in every status, with the applications still to answer. */
export function MyJobs() {
  const query = useMyJobs();
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} what="Your jobs could not be loaded." />;
  if (query.isPending) return <CircularProgress aria-label="Loading your jobs" />;
  const { results, more, limit } = query.data;
  if (results.length === 0) {
    return (
      <Alert severity="info" action={<Button href="/jobs/new">Post a project</Button>}>
        You have not posted a job yet. Post a project: freelancers apply with a price and a delivery time, and you hire one.
      </Alert>
    );
  }
  return (
    <Box>
      {more ? <Typography sx={{ mb: 2 }} color="text.secondary">Your newest {limit} jobs.</Typography> : null}
      <Box component="ul" sx={grid} aria-label="Jobs posted by you">
        {results.map((job) => (
          <li key={job.id}>
            <MyJobCard job={job} />
          </li>
        ))}
      </Box>
    </Box>
  );
}
