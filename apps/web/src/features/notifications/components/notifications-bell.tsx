import { lazy, type Ref, Suspense, useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { CountPill } from '@/components/ui/count-pill';
import { useStableCounts } from '@/features/stable';

// The menu (Popover, list, its fetches) is only loaded when the bell is first opened: the bell
// sits in the navigation, which every first visit downloads.
const NotificationsPanel = lazy(() => import('./notifications-panel'));

export function bellLabel(unread: number): string {
  if (unread <= 0) return 'Notifications';
  return `Notifications, ${unread} unread`;
}

/**
 * Signed-in only (the caller decides): the unread count and the recent notifications. `ref` is
 * the button, so the phone menu's Notifications entry can open the same panel.
 */
export function NotificationsBell({ ref }: { ref?: Ref<HTMLButtonElement> }) {
  const unread = useStableCounts().data?.unread_notifications ?? 0;
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  const [loaded, setLoaded] = useState(false);
  const open = anchorEl !== null;
  const panelId = useId();
  return (
    <>
      <IconButton
        ref={ref}
        color="inherit"
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={(event) => {
          setLoaded(true);
          setAnchorEl(open ? null : event.currentTarget);
        }}
        // Preload on intent, so the panel is usually there by the time of the click.
        onPointerEnter={() => void import('./notifications-panel')}
        onFocus={() => void import('./notifications-panel')}
      >
        <NotificationsIcon />
        <CountPill count={unread} color="error" testId="unread-count" />
      </IconButton>
      {loaded ? (
        <Suspense fallback={null}>
          <NotificationsPanel id={panelId} anchorEl={anchorEl} onClose={() => setAnchorEl(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
