import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { publicName } from '@market/shared';
import { useParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { QueryError } from '@/components/ui/query-error';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuthSnapshot } from '@/lib/auth-store';
import { isApiError } from '@/lib/api-client';
import { useFreelancer } from '../api/get-freelancer';
import { SendRequestDialog } from '../components/send-request-dialog';
import { parseId } from '@/utils/format';

/** /hire/:userId: start a request to a freelancer (until their profile page places the dialog itself). */
export default function HireRoute() {
  const id = parseId(useParams().userId);
  const freelancer = useFreelancer(id);
  const { user } = useAuthSnapshot();
  const [open, setOpen] = useState(false);
  // Not yet a party: the freelancer is "Fay F." here, as everywhere public.
  const name = freelancer.data ? publicName(freelancer.data) : 'a freelancer';
  useDocumentTitle(`Hire ${name}`);
  let body;
  if (id === undefined || (isApiError(freelancer.error) && freelancer.error.status === 404)) {
    body = <Alert severity="warning">This user does not offer freelance work.</Alert>;
  } else if (freelancer.isError) {
    body = <QueryError error={freelancer.error} onRetry={() => void freelancer.refetch()} />;
  } else if (freelancer.isPending) {
    body = <CircularProgress aria-label="Loading" />;
  } else if (user?.id === freelancer.data.id) {
    body = <Alert severity="info">This is you: clients send you requests from this page.</Alert>;
  } else {
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Hire {name}
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Tell {freelancer.data.first_name} what you need, your budget and your deadline. You pay nothing until you both agree on milestones; each is then held in
          escrow until you approve the work.
        </Typography>
        <Button variant="contained" onClick={() => setOpen(true)}>
          Send a request
        </Button>
        <SendRequestDialog freelancer={freelancer.data} open={open} onClose={() => setOpen(false)} />
      </Paper>
    );
  }
  return <PageContainer>{body}</PageContainer>;
}
