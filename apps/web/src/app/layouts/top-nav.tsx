import { lazy, Suspense, useId, useRef, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import LanguageIcon from '@mui/icons-material/Language';
import MenuIcon from '@mui/icons-material/Menu';
import { useLocation } from 'react-router';
import { siteNavigation } from '@market/shared';
import { MARKETING_WIDTH } from '@/components/ui/page-container';
import { useLogout } from '@/features/auth';
import { EngagementsLink } from '@/features/engagements';
import { NotificationsBell } from '@/features/notifications';
import { useAuthSnapshot } from '@/lib/auth-store';
import { adminLinks, useIsAdmin } from './admin-links';
import { CommunityLinks } from './community-links';

// The drawer (Modal, focus trap, list) is loaded when the menu is first opened or about to be:
// the bar is in every first download (170 KB budget), the menu only matters on a phone.
const loadSiteMenu = () => import('./site-menu');
const SiteMenu = lazy(loadSiteMenu);

/** The address bar's path, which runs ahead of useLocation while a navigation renders. */
function addressBar(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Below md the main links, community links and account buttons move into the menu. */
const fromMd = { display: { xs: 'none', md: 'inline-flex' } } as const;

function AccountActions() {
  const { isAuthenticated } = useAuthSnapshot();
  const isAdmin = useIsAdmin();
  const logout = useLogout();
  if (!isAuthenticated) {
    return (
      <>
        {/* Keys: the signed-in buttons must not reuse these elements mid colour transition. */}
        <Button key="login" href="/login" color="primary" sx={fromMd}>
          Log in
        </Button>
        <Button key="register" href="/register" variant="contained" sx={fromMd}>
          Sign up
        </Button>
      </>
    );
  }
  return (
    <>
      {isAdmin ? (
        <Button key="admin" href={adminLinks[0].href} color="primary" sx={fromMd}>
          Admin
        </Button>
      ) : null}
      <Button key="stable" href="/my_stable" variant="contained" sx={fromMd}>
        My Stable
      </Button>
      <Button key="logout" onClick={() => logout.mutate()} disabled={logout.isPending} color="primary" sx={fromMd}>
        Log out
      </Button>
    </>
  );
}

export function TopNav() {
  const { isAuthenticated } = useAuthSnapshot();
  const location = useLocation();
  // The menu is open while the page it was opened on is shown: leaving it (Log out, the
  // browser's back button) closes it, with no effect to keep in step. Pages are told apart by
  // address, not by the location's key, which a redirect to the same address changes. A
  // navigation already under way when it opened does not close it: the router renders
  // navigations in a transition, so until the next page's code has arrived useLocation still
  // gives the previous page while the address bar shows the next. Its links close it themselves,
  // since one may lead to the page already shown.
  const here = `${location.pathname}${location.search}${location.hash}`;
  const [openOn, setOpenOn] = useState<readonly string[] | null>(null);
  const menuOpen = openOn?.includes(here) ?? false;
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuId = useId();
  const bellRef = useRef<HTMLButtonElement>(null);

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      {/* 64 px tall at every width, as the server's prerendered home bar: the app taking over moves nothing. */}
      {/* On a phone the brand, briefcase, bell and menu fit one row only with the smaller gap. */}
      <Toolbar sx={{ width: '100%', maxWidth: MARKETING_WIDTH, mx: 'auto', gap: { xs: 1, sm: 2 }, flexWrap: 'wrap', py: 1, minHeight: 64 }}>
        <Link
          href="/"
          underline="none"
          color="primary"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 800, fontSize: '1.25rem' }}
        >
          <LanguageIcon aria-hidden="true" />
          Domain Market
        </Link>
        <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 2 }}>
          {siteNavigation.map((link) => (
            <Link key={link.href} href={link.href} color="text.primary">
              {link.label}
            </Link>
          ))}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={fromMd}>
          <CommunityLinks />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {/* The bell stays in the bar at every width: its unread count is worth keeping in sight. */}
          {isAuthenticated ? <EngagementsLink /> : null}
          {isAuthenticated ? <NotificationsBell key="bell" ref={bellRef} /> : null}
          <AccountActions />
          <IconButton
            color="inherit"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? menuId : undefined}
            onClick={() => {
              setMenuLoaded(true);
              setOpenOn([here, addressBar()]);
            }}
            // Preload on intent, so the drawer is usually there by the time of the tap.
            onPointerEnter={() => void loadSiteMenu()}
            onFocus={() => void loadSiteMenu()}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        </Box>
      </Toolbar>
      {menuLoaded ? (
        <Suspense fallback={null}>
          <SiteMenu
            id={menuId}
            open={menuOpen}
            onClose={() => setOpenOn(null)}
            onOpenNotifications={() => {
              setOpenOn(null);
              // The bell owns the notifications panel and anchors it; the menu hands over to it.
              bellRef.current?.click();
            }}
          />
        </Suspense>
      ) : null}
    </AppBar>
  );
}
