import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { RegisterForm } from '../components/register-form';
import { SignupSuccess } from '../components/signup-success';
import { SocialLoginButtons } from '../components/social-login-buttons';
import { readSocialSignup } from '../utils/oidc';
import { cameFromPath, fromState } from '../utils/redirect';

export default function RegisterRoute() {
  const location = useLocation();
  const from = fromState(location.state);
  const social = readSocialSignup(location.state);
  const [registered, setRegistered] = useState(false);

  if (registered) return <SignupSuccess to={cameFromPath(from)} />;

  return (
    <AuthCard
      title={social ? 'Finish signing up' : 'Sign up'}
      subtitle="Search, buy, sell and negotiate domain names."
    >
      {social ? null : <SocialLoginButtons from={cameFromPath(from)} />}
      <RegisterForm key={social?.token ?? 'custom'} social={social} onRegistered={() => setRegistered(true)} />
      <Box sx={{ mt: 3 }}>
        <Typography>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login" state={{ from }} underline="always">
            Log in
          </Link>
        </Typography>
      </Box>
    </AuthCard>
  );
}
