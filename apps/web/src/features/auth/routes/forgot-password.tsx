import { useCallback } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { ResetRequestForm } from '../components/reset-request-form';
import { SetPasswordForm } from '../components/set-password-form';

export default function ForgotPasswordRoute() {
  const [params, setParams] = useSearchParams();
  const token = params.get('token');

  // An invalid token sends the user back to e-mail mode and drops it from the URL.
  const dropToken = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('token');
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  return token ? (
    <AuthCard title="Set a new password" subtitle="Choose a new password for your account.">
      <SetPasswordForm key={token} token={token} onInvalidToken={dropToken} />
    </AuthCard>
  ) : (
    <AuthCard title="Forgot password" subtitle="Enter your e-mail and we will send you a link to reset your password.">
      <ResetRequestForm />
      <Box sx={{ mt: 3 }}>
        <Link href="/login">Back to log in</Link>
      </Box>
    </AuthCard>
  );
}
