import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageContainer } from '@/components/ui/page-container';
import { usePageMeta } from '@/hooks/use-page-meta';
import { useAuthSnapshot } from '@/lib/auth-store';
import { SettingsChangePassword } from '../components/settings-change-password';
import { SettingsNotifications } from '../components/settings-notifications';
import { SettingsSessions } from '../components/settings-sessions';

/** /settings (My Stable tab): password, notification preferences and active sessions. */
export default function SettingsRoute() {
  usePageMeta({ title: 'Settings', description: 'Change your password, choose your e-mail notifications and manage where you are signed in.' });
  const { user } = useAuthSnapshot();
  return (
    <PageContainer sx={{ pt: { xs: 2, md: 3 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Settings
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Your password, notifications and sign-in sessions. Your name, e-mail and country are on your{' '}
        <Link href="/profile" underline="always">
          profile
        </Link>
        .
      </Typography>
      {user ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
          <SettingsChangePassword user={user} />
          <Box sx={{ display: 'grid', gap: 3 }}>
            <SettingsNotifications user={user} />
            <SettingsSessions />
          </Box>
        </Box>
      ) : null}
    </PageContainer>
  );
}
