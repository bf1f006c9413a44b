import IconButton from '@mui/material/IconButton';
import WorkOutlineIcon from '@mui/icons-material/WorkOutline';
import { CountPill } from '@/components/ui/count-pill';
import { useUnreadMessages } from '../api/get-unread';

/** The header's way to /engagements, with the count of unread messages from clients and freelancers. */
export function EngagementsLink() {
  const unread = useUnreadMessages().data ?? 0;
  const label = unread > 0 ? `Requests and engagements, ${unread} unread message${unread === 1 ? '' : 's'}` : 'Requests and engagements';
  return (
    // No MUI Tooltip: it drags Popper into the first bundle; title gives the hover hint.
    <IconButton color="inherit" href="/engagements" aria-label={label} title={label}>
      <WorkOutlineIcon />
      <CountPill count={unread} color="secondary" testId="engagements-unread" />
    </IconButton>
  );
}
