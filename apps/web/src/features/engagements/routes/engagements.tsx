import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { QueryError } from '@/components/ui/query-error';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuthSnapshot } from '@/lib/auth-store';
import { useEngagements } from '../api/get-engagements';
import { EngagementRows } from '../components/engagement-rows';

type TabName = 'client' | 'freelancer';

/** /engagements: the user's requests and engagements, as client (hires) and as freelancer, in tabs. */
export default function EngagementsRoute() {
  useDocumentTitle('Requests and engagements');
  const [params, setParams] = useSearchParams();
  const list = useEngagements();
  const mine = (role: TabName) => (list.data ?? []).filter((e) => e.role === role);
  const freelancer = useAuthSnapshot().user?.user_role === 'freelancer';
  // Without a chosen tab, open the one with something in it: a freelancer's requests, not an empty list of hires.
  const chosen = params.get('tab');
  const tab: TabName =
    chosen === 'freelancer' || chosen === 'client' ? chosen : mine('client').length === 0 && (freelancer || mine('freelancer').length > 0) ? 'freelancer' : 'client';
  const unread = (role: TabName) => mine(role).reduce((n, e) => n + e.unread_messages, 0);
  const rows = mine(tab);
  return (
    <PageContainer>
      <Typography variant="h4" component="h1" gutterBottom>
        Requests and engagements
      </Typography>
      <Tabs value={tab} onChange={(_event, next: TabName) => setParams({ tab: next })} aria-label="Requests and engagements">
        <Tab value="client" id="engagements-tab-client" aria-controls="engagements-panel" label={<Badge color="secondary" badgeContent={unread('client')}>Your hires</Badge>} />
        <Tab value="freelancer" id="engagements-tab-freelancer" aria-controls="engagements-panel" label={<Badge color="secondary" badgeContent={unread('freelancer')}>Work for clients</Badge>} />
      </Tabs>
      <Box id="engagements-panel" role="tabpanel" aria-labelledby={`engagements-tab-${tab}`} sx={{ mt: 2 }}>
        {list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <CircularProgress aria-label="Loading" />
        ) : rows.length === 0 ? (
          <Alert
            severity="info"
            action={
              tab === 'client' ? (
                <Button color="inherit" size="small" href="/freelancers">
                  Find a freelancer
                </Button>
              ) : (
                <Button color="inherit" size="small" href="/freelancer-profile">
                  Your profile
                </Button>
              )
            }
          >
            {tab === 'client' ? 'You have not sent a request to a freelancer yet.' : 'No client has sent you a request yet.'}
          </Alert>
        ) : (
          <EngagementRows engagements={rows} />
        )}
      </Box>
    </PageContainer>
  );
}
