import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { authToasts, validateSetPassword, type SetPasswordValues } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { submitOnlyValidation, textFieldProps, validatorResolver } from '@/lib/form';
import { useConfirmPasswordReset } from '../api/confirm-reset-password';
import { useValidateResetToken } from '../api/validate-reset-token';

interface SetPasswordFormProps {
  token: string;
  /** Called once the token proved unusable; the page falls back to e-mail mode. */
  onInvalidToken: () => void;
}

/** Token mode of /forgot-password: locked until the server accepts the token. */
export function SetPasswordForm({ token, onInvalidToken }: SetPasswordFormProps) {
  const navigate = useNavigate();
  const check = useValidateResetToken(token);
  const confirm = useConfirmPasswordReset();
  const form = useForm<SetPasswordValues>({
    defaultValues: { password: '', confirm_password: '' },
    resolver: validatorResolver(validateSetPassword),
    ...submitOnlyValidation,
  });

  const tokenOk = check.isSuccess && check.data?.status === 'OK';
  const tokenRejected = check.isError || (check.isSuccess && check.data?.status !== 'OK');

  useEffect(() => {
    if (!tokenRejected) return;
    if (isApiError(check.error) && check.error.isServerError) {
      toast.error(authToasts.resetTokenInvalidTitle, authToasts.serverError);
    } else {
      toast.error(authToasts.resetTokenInvalidTitle, authToasts.resetTokenInvalidBody);
    }
    onInvalidToken();
  }, [tokenRejected, check.error, onInvalidToken]);

  const onSubmit = form.handleSubmit(({ password }) => {
    confirm.mutate(
      { password, token },
      {
        onSuccess: (data) => {
          if (data?.status === 'OK') {
            toast.success(authToasts.resetDone);
            navigate('/login', { replace: true });
          } else {
            toast.error(authToasts.resetConfirmFailedTitle, authToasts.resetConfirmFailedBody);
          }
        },
        onError: (error) => {
          // The first server message from password, token or non_field_errors.
          const message = isApiError(error) && !error.isServerError
            ? (error.firstError('password', 'token', 'non_field_errors') ?? error.detail)
            : undefined;
          toast.error(authToasts.resetConfirmFailedTitle, message ?? authToasts.serverError);
        },
      },
    );
  });

  const locked = !tokenOk;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-busy={check.isPending}>
      {check.isPending ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          Checking your reset link…
        </Alert>
      ) : null}
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        disabled={locked}
        {...textFieldProps(form, 'password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        disabled={locked}
        {...textFieldProps(form, 'confirm_password')}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={locked || confirm.isPending} sx={{ mt: 2 }}>
        Reset password
      </Button>
    </Box>
  );
}
