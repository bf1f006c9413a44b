import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { apiErrors } from '@market/shared';
import { visuallyHiddenSx } from '@/components/ui/visually-hidden';
import { type AppNotification, useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { timeAgo } from '@/utils/relative-time';

/** Only our own pages are linked from a notification; anything else falls back to the leads. */
function safeLink(link: string | null): string {
  return link && link.startsWith('/') && !link.startsWith('//') ? link : '/domain-leads';
}

function NotificationItem({ item, onOpen }: { item: AppNotification; onOpen: (item: AppNotification) => void }) {
  const unread = item.read_at === null;
  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
      <Link
        href={safeLink(item.link)}
        underline="none"
        color="inherit"
        onClick={() => onOpen(item)}
        sx={{
          position: 'relative',
          display: 'flex',
          gap: 1.5,
          px: 2,
          py: 1.5,
          bgcolor: unread ? 'rgba(11, 61, 145, 0.06)' : 'transparent',
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Box
          component="span"
          aria-hidden="true"
          sx={{ mt: 0.75, width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: unread ? 'primary.main' : 'transparent' }}
        />
        <Box component="span" sx={{ minWidth: 0 }}>
          <Box component="span" sx={{ display: 'block', fontWeight: unread ? 600 : 400, overflowWrap: 'anywhere' }}>
            {unread ? <Box component="span" sx={visuallyHiddenSx}>Unread: </Box> : null}
            {item.message}
          </Box>
          <Box component="time" dateTime={item.created_at} sx={{ display: 'block', fontSize: '0.8125rem', color: 'text.secondary', mt: 0.25 }}>
            {timeAgo(item.created_at)}
          </Box>
        </Box>
      </Link>
    </Box>
  );
}

/** The bell's menu: recent notifications, each linking to its negotiation, and "mark all read". */
export default function NotificationsPanel({ id, anchorEl, onClose }: { id: string; anchorEl: HTMLElement | null; onClose: () => void }) {
  const headingId = useId();
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const items = list.data ?? [];
  const anyUnread = items.some((n) => n.read_at === null);

  const open = (item: AppNotification) => {
    if (item.read_at === null) markRead.mutate([item.id]);
    onClose();
  };

  return (
    <Popover
      open={anchorEl !== null}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          id,
          role: 'dialog',
          'aria-labelledby': headingId,
          sx: { width: 380, maxWidth: 'calc(100vw - 16px)', maxHeight: 'min(70vh, 560px)', display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Notifications
        </Typography>
        <Button size="small" onClick={() => markRead.mutate('all')} disabled={!anyUnread || markRead.isPending}>
          Mark all read
        </Button>
      </Box>
      <Box sx={{ overflowY: 'auto' }}>
        {list.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={28} aria-label="Loading notifications" />
          </Box>
        ) : list.isError ? (
          <Typography role="alert" sx={{ p: 2 }}>
            {apiErrors.internal}: the notifications could not be loaded.
          </Typography>
        ) : items.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            No notifications yet. Offers on your domains, requests from clients, messages and payments show up here.
          </Typography>
        ) : (
          <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {items.map((item) => (
              <NotificationItem key={item.id} item={item} onOpen={open} />
            ))}
          </Box>
        )}
      </Box>
      {/* Notices are about negotiations, hiring, orders and jobs: the footer opens the user's own starting tab, not one kind's list. */}
      <Box sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        <Link href="/my_stable" onClick={onClose} variant="body2">
          Open My Stable
        </Link>
        <Link href="/engagements" onClick={onClose} variant="body2">
          Requests and engagements
        </Link>
      </Box>
    </Popover>
  );
}
