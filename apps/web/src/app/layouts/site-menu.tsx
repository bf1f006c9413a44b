import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { useLocation } from 'react-router';
import { siteNavigation } from '@market/shared';
import { useLogout } from '@/features/auth';
import { bellLabel } from '@/features/notifications';
import { useStableCounts } from '@/features/stable';
import { useAuthSnapshot } from '@/lib/auth-store';
import { adminLinks, useIsAdmin } from './admin-links';
import { communityLinks, communityTarget } from './community-links';

interface SiteMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  onOpenNotifications: () => void;
}

function AccountEntries({ onClose, onOpenNotifications }: Pick<SiteMenuProps, 'onClose' | 'onOpenNotifications'>) {
  const { isAuthenticated } = useAuthSnapshot();
  const logout = useLogout();
  const unread = useStableCounts().data?.unread_notifications ?? 0;
  if (!isAuthenticated) {
    return (
      <Box sx={{ display: 'grid', gap: 1, p: 2 }}>
        <Button href="/login" variant="outlined" onClick={onClose}>
          Log in
        </Button>
        <Button href="/register" variant="contained" onClick={onClose}>
          Sign up
        </Button>
      </Box>
    );
  }
  return (
    <>
      <List>
        <ListItem disablePadding>
          <ListItemButton onClick={onOpenNotifications} aria-haspopup="dialog">
            <ListItemIcon sx={{ minWidth: 40 }}>
              <NotificationsIcon />
            </ListItemIcon>
            <ListItemText primary={bellLabel(unread)} />
          </ListItemButton>
        </ListItem>
      </List>
      <Box sx={{ display: 'grid', gap: 1, px: 2, pb: 2 }}>
        <Button href="/my_stable" variant="contained" onClick={onClose}>
          My Stable
        </Button>
        <Button onClick={() => logout.mutate()} disabled={logout.isPending} variant="outlined">
          Log out
        </Button>
      </Box>
    </>
  );
}

/** Admins' way into the admin pages; nothing for anyone else. */
function AdminEntries({ onClose }: Pick<SiteMenuProps, 'onClose'>) {
  const { pathname } = useLocation();
  if (!useIsAdmin()) return null;
  return (
    <>
      <Divider />
      <Box component="nav" aria-label="Admin menu">
        <List subheader={<ListSubheader>Admin</ListSubheader>}>
          {adminLinks.map((link) => (
            <ListItem key={link.href} disablePadding>
              <ListItemButton href={link.href} onClick={onClose} selected={pathname === link.href} aria-current={pathname === link.href ? 'page' : undefined}>
                <ListItemText primary={link.label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
    </>
  );
}

/**
 * The phone menu (below md): every link of the desktop header and the account actions. It
 * closes on Escape, on a tap outside, when one of its links is followed and, through the caller,
 * when the address changes; the drawer keeps focus inside while open and gives it back to the
 * menu button.
 */
export default function SiteMenu({ id, open, onClose, onOpenNotifications }: SiteMenuProps) {
  const titleId = useId();
  const { pathname } = useLocation();
  const community = communityLinks();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { id, role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId, sx: { width: 'min(320px, 85vw)' } },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', pl: 2, pr: 1, py: 1 }}>
        <Typography id={titleId} component="h2" variant="h6">
          Menu
        </Typography>
        <IconButton aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box component="nav" aria-label="Main menu">
        <List>
          {siteNavigation.map((link) => (
            <ListItem key={link.href} disablePadding>
              <ListItemButton
                href={link.href}
                onClick={onClose}
                selected={pathname === link.href}
                aria-current={pathname === link.href ? 'page' : undefined}
              >
                <ListItemText primary={link.label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      {community.length > 0 ? (
        <>
          <Divider />
          <List aria-label="Community">
            {community.map((link) => (
              <ListItem key={link.label} disablePadding>
                <ListItemButton href={link.href} {...communityTarget(link)}>
                  <ListItemIcon sx={{ minWidth: 40 }}>{link.icon}</ListItemIcon>
                  <ListItemText primary={link.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </>
      ) : null}
      <AdminEntries onClose={onClose} />
      <Divider />
      <AccountEntries onClose={onClose} onOpenNotifications={onOpenNotifications} />
    </Drawer>
  );
}
