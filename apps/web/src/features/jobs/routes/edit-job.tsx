import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { QueryError } from '@/components/ui/query-error';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useJob } from '../api/get-job';
import { JobForm } from '../components/job-form';
import { parseId } from '@/utils/format';

/** /jobs/{id}/edit (signed in): the owner edits an open job; anyone else is told they cannot. */
export default function EditJobRoute() {
  const id = parseId(useParams().id);
  const job = useJob(id);
  useDocumentTitle('Edit the job');
  let body;
  if (id === undefined) body = <Alert severity="warning">This job does not exist.</Alert>;
  else if (job.isError) body = <QueryError error={job.error} onRetry={() => void job.refetch()} />;
  else if (job.isPending) body = <CircularProgress aria-label="Loading" />;
  else if (!job.data.viewer?.is_owner) body = <Alert severity="warning">Only the founder who posted this job can edit it.</Alert>;
  else if (job.data.status !== 'open') body = <Alert severity="info">This job is no longer open, so it cannot be edited.</Alert>;
  else body = <JobForm job={job.data} />;
  return (
    <PageContainer>
      <PageHeading title="Edit the job" />
      {body}
    </PageContainer>
  );
}
