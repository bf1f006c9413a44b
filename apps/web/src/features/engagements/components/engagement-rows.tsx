import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { type Engagement, formatCents } from '@market/shared';

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

/** Requests and engagements, one line each: title, state, the other party, money and milestones. */
export function EngagementRows({ engagements }: { engagements: Engagement[] }) {
  return (
    <List>
      {engagements.map((e) => (
        <Row key={e.id} e={e} />
      ))}
    </List>
  );
}
