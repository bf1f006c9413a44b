import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import {
  authToasts,
  signupRoleLabels,
  signupRoles,
  validateSignup,
  type RegisterRequest,
  type SignupRole,
  type SignupValues,
} from '@market/shared';
import { FieldRow } from '@/components/ui/field-row';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, submitOnlyValidation, textFieldProps, validatorResolver } from '@/lib/form';
import { useRegister } from '../api/register';
import type { SocialSignup } from '../utils/oidc';
import { CountryField } from './country-field';

interface RegisterValues extends SignupValues {
  user_role: SignupRole | '';
  country: string | null;
}

const SERVER_FIELDS = ['first_name', 'last_name', 'email', 'password', 'confirm_password', 'user_role', 'country'] as const;

interface RegisterFormProps {
  /** Present in social mode: prefilled from the provider, e-mail locked, no password. */
  social: SocialSignup | null;
  onRegistered: () => void;
}

export function RegisterForm({ social, onRegistered }: RegisterFormProps) {
  const mode = social ? 'social' : 'custom';
  const form = useForm<RegisterValues>({
    defaultValues: {
      first_name: social?.first_name ?? '',
      last_name: social?.last_name ?? '',
      email: social?.email ?? '',
      password: '',
      confirm_password: '',
      user_role: '',
      country: null,
    },
    resolver: validatorResolver((values: RegisterValues) => validateSignup(values, mode)),
    ...submitOnlyValidation,
  });
  const register = useRegister();

  const onSubmit = form.handleSubmit((values) => {
    const base = {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim(),
      user_role: values.user_role || null,
      country: values.country || null,
    };
    const payload: RegisterRequest = social
      ? {
          ...base,
          authentication_type: 'social',
          authentication_label: social.provider,
          authentication_token: social.token,
        }
      : { ...base, password: values.password, authentication_type: 'custom' };

    register.mutate(payload, {
      onSuccess: onRegistered,
      onError: (error) => {
        if (!isApiError(error) || error.isServerError) {
          toast.error(authToasts.registrationFailedTitle, authToasts.registrationFailedBody);
          return;
        }
        // Field problems (e.g. e-mail taken) go under their fields; the rest becomes a toast.
        const visible = social ? SERVER_FIELDS.filter((f) => f !== 'password' && f !== 'confirm_password') : SERVER_FIELDS;
        const leftovers = applyServerErrors(form, error.fieldErrors, visible);
        const message = leftovers[0] ?? error.nonFieldErrors[0] ?? error.detail;
        const shownUnderFields = Object.keys(error.fieldErrors).length > leftovers.length;
        if (message || !shownUnderFields) {
          toast.error(authToasts.registrationFailedTitle, message ?? authToasts.registrationFailedBody);
        }
      },
    });
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      {social ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          Signing up with {social.label}. Your e-mail address comes from {social.label} and cannot be changed here.
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
        slotProps={{ htmlInput: { readOnly: Boolean(social) } }}
        {...textFieldProps(form, 'email')}
      />
      {social ? null : (
        <>
          <TextField label="Password" type="password" autoComplete="new-password" required {...textFieldProps(form, 'password')} />
          <TextField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            required
            {...textFieldProps(form, 'confirm_password')}
          />
        </>
      )}
      <TextField select label="Role" slotProps={{ select: { native: true }, inputLabel: { shrink: true } }} {...textFieldProps(form, 'user_role')}>
        <option value="">Choose what brings you here</option>
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
      <Button type="submit" variant="contained" size="large" fullWidth disabled={register.isPending} sx={{ mt: 2 }}>
        Sign up
      </Button>
    </Box>
  );
}
