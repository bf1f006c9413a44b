import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { authStore, useAuthSnapshot } from '@/lib/auth-store';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';
import { SocialLoginButtons } from '../components/social-login-buttons';
import { useSocialLoginCallback } from '../hooks/use-social-login-callback';
import { cameFromPath, loginOrigin } from '../utils/redirect';

export default function LoginRoute() {
  const location = useLocation();
  const { isAuthenticated } = useAuthSnapshot();
  const handlingCallback = useSocialLoginCallback();
  const from = loginOrigin(location.state, location.search);
  const target = cameFromPath(from);

  useEffect(() => authStore.acknowledgeLogout(), []);

  // Signed in (already, or just now): go where the user was heading, never off-site.
  if (isAuthenticated && !handlingCallback) return <Navigate to={target} replace />;

  return (
    <AuthCard title="Log in" subtitle="Welcome back to Domain Market.">
      {handlingCallback ? (
        <PageLoader />
      ) : (
        <>
          <SocialLoginButtons from={target} />
          <LoginForm />
          <Box sx={{ mt: 3, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Typography>
              New here?{' '}
              <Link component={RouterLink} to="/register" state={{ from }} underline="always">
                Create an account
              </Link>
            </Typography>
            <Link href="/forgot-password">Forgot password?</Link>
          </Box>
        </>
      )}
    </AuthCard>
  );
}
