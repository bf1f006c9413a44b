import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type Engagement, formatCents } from '@market/shared';
import { useSearchParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { QueryError } from '@/components/ui/query-error';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useEngagements } from '../api/get-engagements';

type TabName = 'client' | 'freelancer';

function Row({ e }: { e: Engagement }) {
  const other = e.role === 'client' ? e.freelancer : e.client;
  const funded = e.milestones.filter((m) => m.paid_at !== null).length;
  return (
    <ListItem disableGutters divider data-testid={`engagement-row-${e.id}`}>
      <ListItemText
        primary={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Link href={`/engagements/${e.id}`}>{e.title}</Link>
            <Chip size="small" label={e.closed ? 'Completed' : e.status_label} />
            {e.unread_messages > 0 ? <Chip size="small" color="secondary" label={`${e.unread_messages} unread`} /> : null}
          </Box>
        }
        secondary={`${e.role === 'client' ? 'Freelancer' : 'Client'}: ${other.first_name} ${other.last_name} · ${formatCents(e.budget_cents)} · ${e.milestones.length} milestone(s), ${funded} funded · by ${e.deadline}`}
      />
    </ListItem>
  );
}

/** /engagements: the user's requests and engagements, as client (hires) and as freelancer, in tabs. */
export default function EngagementsRoute() {
  useDocumentTitle('Requests and engagements');
  const [params, setParams] = useSearchParams();
  const tab: TabName = params.get('tab') === 'freelancer' ? 'freelancer' : 'client';
  const list = useEngagements();
  const mine = (role: TabName) => (list.data ?? []).filter((e) => e.role === role);
  const unread = (role: TabName) => mine(role).reduce((n, e) => n + e.unread_messages, 0);
  const rows = mine(tab);
  return (
    <PageContainer>
      <Typography variant="h4" component="h1" gutterBottom>
        Requests and engagements
      </Typography>
      <Tabs value={tab} onChange={(_event, next: TabName) => setParams(next === 'client' ? {} : { tab: next })} aria-label="Requests and engagements">
        <Tab value="client" id="engagements-tab-client" aria-controls="engagements-panel" label={<Badge color="secondary" badgeContent={unread('client')}>Your hires</Badge>} />
        <Tab value="freelancer" id="engagements-tab-freelancer" aria-controls="engagements-panel" label={<Badge color="secondary" badgeContent={unread('freelancer')}>Work for clients</Badge>} />
      </Tabs>
      <Box id="engagements-panel" role="tabpanel" aria-labelledby={`engagements-tab-${tab}`} sx={{ mt: 2 }}>
        {list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <CircularProgress aria-label="Loading" />
        ) : rows.length === 0 ? (
          <Alert severity="info">{tab === 'client' ? 'You have not sent a request to a freelancer yet.' : 'No client has sent you a request yet.'}</Alert>
        ) : (
          <List>
            {rows.map((e) => (
              <Row key={e.id} e={e} />
            ))}
          </List>
        )}
      </Box>
    </PageContainer>
  );
}
