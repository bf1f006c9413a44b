import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import WorkOutlineIcon from '@mui/icons-material/WorkOutline';
import { useUnreadMessages } from '../api/get-unread';

/** The header's way to /engagements, with the count of unread messages from clients and freelancers. */
export function EngagementsLink() {
  const unread = useUnreadMessages().data ?? 0;
  const label = unread > 0 ? `Requests and engagements, ${unread} unread message${unread === 1 ? '' : 's'}` : 'Requests and engagements';
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" href="/engagements" aria-label={label}>
        <Badge color="secondary" badgeContent={unread} data-testid="engagements-unread">
          <WorkOutlineIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
