import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { applicationStatusLabels, formatCents, type Job, liveApplicationStatuses } from '@market/shared';
import { QueryError } from '@/components/ui/query-error';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/error-text';
import { useApplicationStep, useHireApplicant } from '../api/act-on-application';
import { useApplications } from '../api/get-applications';

const live = (status: string) => (liveApplicationStatuses as readonly string[]).includes(status);

/** The owner's view of the applications: shortlist, decline, or hire one (which opens an engagement). */
export function ApplicationsPanel({ job }: { job: Job }) {
  const list = useApplications(job.id, true);
  const step = useApplicationStep();
  const hire = useHireApplicant();
  const busy = step.isPending || hire.isPending;
  const failed = step.error ?? hire.error;
  const open = job.status === 'open';

  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} what="The applications could not be loaded." />;
  if (list.isPending) return <CircularProgress aria-label="Loading applications" />;
  return (
    <Box component="section" aria-label="Applications">
      <Typography variant="h6" component="h2" gutterBottom>
        Applications ({list.data.length})
      </Typography>
      {failed ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {serverMessage(failed) ?? 'Something went wrong; please try again.'}
        </Alert>
      ) : null}
      {list.data.length === 0 ? <Alert severity="info">No application yet. Freelancers see your job in the listing.</Alert> : null}
      <Stack spacing={2}>
        {list.data.map((a) => (
          <Card key={a.id} variant="outlined" data-testid="application">
            <CardContent>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                <Typography fontWeight={600}>
                  <a href={`/freelancers/${a.freelancer.id}`}>{a.freelancer.name}</a> · {formatCents(a.price_cents)} in {a.delivery_days} day(s)
                </Typography>
                <Chip size="small" label={applicationStatusLabels[a.status]} />
              </Stack>
              <Typography sx={{ whiteSpace: 'pre-wrap', my: 1 }}>{a.cover_letter}</Typography>
              {open && live(a.status) ? (
                <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                  <Button
                    variant="contained"
                    disabled={busy}
                    onClick={() =>
                      hire.mutate(a.id, {
                        onSuccess: () => {
                          toast.success('Hired', `${a.freelancer.name} is hired; fund the milestone on the engagement's page to start.`);
                          void list.refetch();
                        },
                      })
                    }
                  >
                    Hire {a.freelancer.name}
                  </Button>
                  {a.status === 'submitted' ? (
                    <Button disabled={busy} onClick={() => step.mutate({ id: a.id, step: 'shortlist' }, { onSuccess: () => void list.refetch() })}>
                      Shortlist
                    </Button>
                  ) : null}
                  <Button color="error" disabled={busy} onClick={() => step.mutate({ id: a.id, step: 'decline' }, { onSuccess: () => void list.refetch() })}>
                    Decline
                  </Button>
                </Stack>
              ) : null}
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Box>
  );
}
