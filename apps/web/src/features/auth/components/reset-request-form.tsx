import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { authToasts, validateForgotPassword, type ForgotPasswordValues } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, submitOnlyValidation, textFieldProps, validatorResolver } from '@/lib/form';
import { useRequestPasswordReset } from '../api/reset-password';

// The generic failure title ('Failed!'), shared with registration.
const FAILED = authToasts.registrationFailedTitle;

/** E-mail mode of /forgot-password: asks the server to mail a reset link. */
export function ResetRequestForm() {
  const form = useForm<ForgotPasswordValues>({
    defaultValues: { email: '' },
    resolver: validatorResolver(validateForgotPassword),
    ...submitOnlyValidation,
  });
  const request = useRequestPasswordReset();

  const onSubmit = form.handleSubmit(({ email }) => {
    request.mutate(
      { email: email.trim() },
      {
        onSuccess: (data) => {
          if (data?.status === 'OK') {
            toast.success(authToasts.resetEmailSent);
            form.reset();
          } else {
            // A non-OK answer shows the server's own message.
            toast.error(FAILED, data?.detail ?? data?.status ?? authToasts.serverError);
          }
        },
        onError: (error) => {
          if (isApiError(error) && !error.isServerError) {
            applyServerErrors(form, error.fieldErrors, ['email']);
            toast.error(FAILED, error.message);
            return;
          }
          toast.error(FAILED, authToasts.serverError);
        },
      },
    );
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <TextField label="Email" type="email" autoComplete="email" required {...textFieldProps(form, 'email')} />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={request.isPending} sx={{ mt: 2 }}>
        Send reset link
      </Button>
    </Box>
  );
}
