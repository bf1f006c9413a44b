import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { apiErrors, type SetPasswordValues, settingsMessages, type User, validateSetPassword } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { useChangePassword } from '../api/change-password';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, submitOnlyValidation, textFieldProps, validatorResolver } from '@/lib/form';

interface ChangePasswordValues extends SetPasswordValues {
  current_password: string;
}

/** Ours: the message for a missing current password. */
export const currentPasswordMissing = 'Enter your current password.';

const SERVER_FIELDS = ['current_password', 'password'] as const;
const empty: ChangePasswordValues = { current_password: '', password: '', confirm_password: '' };

function validate(values: ChangePasswordValues) {
  return {
    ...(values.current_password ? {} : { current_password: currentPasswordMissing }),
    ...validateSetPassword(values),
  };
}

/**
 * Change password: current, new and confirmation, checked with the set-password rules and
 * messages. The server signs out every other session when it succeeds.
 */
export function SettingsChangePassword({ user }: { user: User }) {
  const headingId = useId();
  const change = useChangePassword();
  const form = useForm<ChangePasswordValues>({
    defaultValues: empty,
    resolver: validatorResolver(validate),
    ...submitOnlyValidation,
  });

  const onSubmit = form.handleSubmit((values) => {
    change.mutate(
      { current_password: values.current_password, password: values.password },
      {
        onSuccess: () => {
          form.reset(empty);
          toast.success(settingsMessages.passwordChanged);
        },
        onError: (error) => {
          if (!isApiError(error) || error.isServerError) {
            toast.error('Failed!', apiErrors.internal);
            return;
          }
          const leftovers = applyServerErrors(form, error.fieldErrors, SERVER_FIELDS);
          const message = leftovers[0] ?? error.nonFieldErrors[0] ?? error.detail;
          if (message) toast.error('Failed!', message);
        },
      },
    );
  });

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        Change password
      </Typography>
      {user.authentication_type === 'social' ? (
        <Alert severity="info">
          You sign in through a social login provider, so your account has no password here. Manage your sign-in with that provider.
        </Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            Changing your password signs you out on every other device and browser.
          </Typography>
          <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
            {/* Lets password managers tie the new password to the account. */}
            <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
            <TextField label="Current password" type="password" autoComplete="current-password" required {...textFieldProps(form, 'current_password')} />
            <TextField label="New password" type="password" autoComplete="new-password" required {...textFieldProps(form, 'password')} />
            <TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              required
              {...textFieldProps(form, 'confirm_password')}
            />
            <Button type="submit" variant="contained" disabled={change.isPending} sx={{ mt: 2 }}>
              Change password
            </Button>
          </Box>
        </>
      )}
    </Paper>
  );
}
