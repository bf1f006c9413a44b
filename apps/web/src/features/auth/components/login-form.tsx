import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { validateLogin, type LoginValues } from '@market/shared';
import { submitOnlyValidation, textFieldProps, validatorResolver } from '@/lib/form';
import { useLogin } from '../api/login';
import { showLoginFailure } from '../utils/login-errors';

/**
 * E-mail and password sign-in. Success only stores the session; the login route notices the
 * session and sends the user on, so there is one redirect rule.
 */
export function LoginForm() {
  const form = useForm<LoginValues>({
    defaultValues: { email: '', password: '' },
    resolver: validatorResolver(validateLogin),
    ...submitOnlyValidation,
  });
  const login = useLogin();

  const onSubmit = form.handleSubmit((values) => {
    login.mutate(
      { username: values.email.trim(), password: values.password },
      { onError: (error) => showLoginFailure(error, false) },
    );
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <TextField label="Email" type="email" autoComplete="email" required {...textFieldProps(form, 'email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...textFieldProps(form, 'password')}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={login.isPending} sx={{ mt: 2 }}>
        Log in
      </Button>
    </Box>
  );
}
