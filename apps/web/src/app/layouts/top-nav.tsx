import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import LanguageIcon from '@mui/icons-material/Language';
import { MARKETING_WIDTH } from '@/components/ui/page-container';
import { useLogout } from '@/features/auth/api/logout';
import { NotificationsBell } from '@/features/notifications/components/notifications-bell';
import { useAuthSnapshot } from '@/lib/auth-store';
import { CommunityLinks } from './community-links';

function AccountActions() {
  const { isAuthenticated } = useAuthSnapshot();
  const logout = useLogout();
  if (!isAuthenticated) {
    return (
      <>
        {/* Keys: the signed-in buttons must not reuse these elements mid colour transition. */}
        <Button key="login" href="/login" color="primary">
          Log in
        </Button>
        <Button key="register" href="/register" variant="contained">
          Sign up
        </Button>
      </>
    );
  }
  return (
    <>
      <NotificationsBell key="bell" />
      <Button key="stable" href="/my_stable" variant="contained">
        My Stable
      </Button>
      <Button key="logout" onClick={() => logout.mutate()} disabled={logout.isPending} color="primary">
        Log out
      </Button>
    </>
  );
}

export function TopNav() {
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ width: '100%', maxWidth: MARKETING_WIDTH, mx: 'auto', gap: 2, flexWrap: 'wrap', py: 1 }}>
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
          <Link href="/homeSearch" color="text.primary">
            Search domains
          </Link>
          <Link href="/sponsored-headlines" color="text.primary">
            Sponsored headlines
          </Link>
          <Link href="/how-it-works" color="text.primary">
            How it works
          </Link>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <CommunityLinks />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <AccountActions />
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
