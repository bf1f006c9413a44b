import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { authToasts } from '@market/shared';
import { AuthCard } from './auth-card';

/** The success screen reads 'You Have Successfully Signed Up'. */
export function SignupSuccess({ to }: { to: string }) {
  return (
    <AuthCard title={authToasts.signupSuccess}>
      <Typography sx={{ mb: 3 }}>Your account is ready and you are signed in.</Typography>
      <Button href={to} variant="contained" size="large" fullWidth>
        Continue
      </Button>
    </AuthCard>
  );
}
