import { useEffect, useId, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Controller, useForm } from 'react-hook-form';
import { apiErrors, signupRoleLabels, signupRoles, type UpdateUserRequest, type User } from '@market/shared';
import { FieldRow } from '@/components/ui/field-row';
import { toast } from '@/components/ui/toast';
import { useUpdateUser } from '@/features/auth';
import { CountryField } from '@/features/auth';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, submitOnlyValidation, textFieldProps, validatorResolver } from '@/lib/form';
import { normaliseEmail, profileMessages, type ProfileValues, validateProfile } from '../utils/validate-profile';

const SERVER_FIELDS = ['first_name', 'last_name', 'email', 'current_password', 'user_role', 'country'] as const;

function valuesOf(user: User): ProfileValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    current_password: '',
    user_role: user.user_role ?? '',
    country: user.country,
  };
}

interface EditProfileDialogProps {
  user: User;
  open: boolean;
  onClose: () => void;
}

/**
 * Edit profile (PUT /api/auth/user/): names, country, role and e-mail. A password account must
 * give its current password to change the e-mail; a social account's e-mail belongs to its
 * provider and is read-only. The auth store takes the server's answer, so the whole app shows it.
 */
export function EditProfileDialog({ user, open, onClose }: EditProfileDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const passwordAccount = user.authentication_type === 'custom';
  const update = useUpdateUser();
  const form = useForm<ProfileValues>({
    defaultValues: valuesOf(user),
    resolver: validatorResolver((values: ProfileValues) =>
      validateProfile(values, { currentEmail: user.email, passwordAccount }),
    ),
    ...submitOnlyValidation,
  });
  const { reset } = form;
  const { reset: resetUpdate } = update;

  // Each opening starts from the stored user, not from an abandoned edit. Only on opening: a
  // reset while saving would drop the mutation (and its success callbacks) mid-flight.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) {
      reset(valuesOf(user));
      resetUpdate();
    }
    wasOpen.current = open;
  }, [open, user, reset, resetUpdate]);

  const emailChanged = normaliseEmail(form.watch('email')) !== normaliseEmail(user.email);
  const askPassword = passwordAccount && emailChanged;

  const onSubmit = form.handleSubmit((values) => {
    const payload: UpdateUserRequest = {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      user_role: values.user_role || null,
      country: values.country || null,
    };
    if (passwordAccount && normaliseEmail(values.email) !== normaliseEmail(user.email)) {
      payload.email = values.email.trim();
      payload.current_password = values.current_password;
    }
    update.mutate(payload, {
      onSuccess: () => {
        toast.success(profileMessages.saved);
        onClose();
      },
      onError: (error) => {
        if (!isApiError(error) || error.isServerError) return;
        const leftovers = applyServerErrors(form, error.fieldErrors, SERVER_FIELDS);
        if (leftovers.length > 0) form.setError('root.server', { type: 'server', message: leftovers[0] });
      },
    });
  });

  const rootError = form.formState.errors.root?.server?.message;
  const failure = update.isError
    ? isApiError(update.error) && !update.error.isServerError
      ? (rootError ?? update.error.nonFieldErrors[0] ?? update.error.detail)
      : apiErrors.internal
    : undefined;

  return (
    <Dialog open={open} onClose={update.isPending ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>Edit profile</DialogTitle>
        <DialogContent>
          {failure ? (
            <Alert severity="error" sx={{ mb: 1 }}>
              {failure}
            </Alert>
          ) : null}
          <FieldRow>
            <TextField label="First Name" autoComplete="given-name" required {...textFieldProps(form, 'first_name')} />
            <TextField label="Last Name" autoComplete="family-name" required {...textFieldProps(form, 'last_name')} />
          </FieldRow>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            slotProps={{ htmlInput: { readOnly: !passwordAccount } }}
            {...textFieldProps(form, 'email')}
            helperText={form.formState.errors.email?.message ?? (passwordAccount ? undefined : profileMessages.socialEmail)}
          />
          {askPassword ? (
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              {...textFieldProps(form, 'current_password')}
              helperText={form.formState.errors.current_password?.message ?? 'Needed to change the e-mail address of your account.'}
            />
          ) : null}
          <TextField
            select
            label="Role"
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            {...textFieldProps(form, 'user_role')}
          >
            <option value="">Not set</option>
            {signupRoles.map((role) => (
              <option key={role} value={role}>
                {signupRoleLabels[role]}
              </option>
            ))}
          </TextField>
          <Controller
            name="country"
            control={form.control}
            render={({ field }) => (
              <CountryField value={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} />
            )}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            Save changes
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
