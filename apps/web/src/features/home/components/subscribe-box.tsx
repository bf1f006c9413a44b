import { type FormEvent, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FIELD_LIMITS, homeContent, isValidEmail, validationMessages } from '@market/shared';
import { isApiError } from '@/lib/api-client';
import { useSubscribe } from '../api/subscribe';

/** The shared e-mail rule and messages ('Email is required', 'Email is invalid'). */
export function subscribeEmailError(value: string): string | undefined {
  const email = value.trim();
  if (!email) return validationMessages.emailRequired;
  if (!isValidEmail(email)) return validationMessages.emailInvalid;
  return undefined;
}

/**
 * The footer's subscribe box (it needs an e-mail). One field, so plain state
 * rather than a form library: the footer ships with the first page load.
 */
export function SubscribeBox() {
  const copy = homeContent.subscribe;
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [confirmation, setConfirmation] = useState<string>();
  const mutation = useSubscribe();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(undefined);
    setConfirmation(undefined);
    const problem = subscribeEmailError(email);
    if (problem) {
      setFieldError(problem);
      inputRef.current?.focus();
      return;
    }
    mutation.mutate(
      { email: email.trim() },
      {
        onSuccess: (answer) => {
          setConfirmation(answer.message);
          setEmail('');
        },
        onError: (error) => {
          const message = isApiError(error) && !error.isServerError ? error.firstError('email') : undefined;
          if (message) {
            setFieldError(message);
            inputRef.current?.focus();
          } else {
            setFailure(isApiError(error) && error.status === 429 && error.detail ? error.detail : copy.failed);
          }
        },
      },
    );
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {copy.heading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {copy.description}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { sm: 'flex-start' }, gap: { xs: 1, sm: 1.5 } }}
      >
        <TextField
          label={copy.fieldLabel}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={copy.placeholder}
          required
          size="small"
          margin="none"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            // Errors clear when the user types in the field.
            setFieldError(undefined);
            setFailure(undefined);
          }}
          inputRef={inputRef}
          error={Boolean(fieldError)}
          helperText={fieldError}
          slotProps={{ htmlInput: { maxLength: FIELD_LIMITS.email } }}
          sx={{ flexGrow: 1, maxWidth: { sm: 360 } }}
        />
        <Button type="submit" variant="contained" disabled={mutation.isPending} sx={{ flexShrink: 0, minHeight: 40 }}>
          {copy.button}
        </Button>
      </Box>
      <Box role="status" aria-live="polite" sx={{ mt: confirmation || failure ? 1.5 : 0 }}>
        {confirmation ? (
          <Alert severity="success" variant="outlined">
            {confirmation}
          </Alert>
        ) : null}
        {failure ? (
          <Alert severity="error" variant="outlined">
            {failure}
          </Alert>
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {copy.privacyPrefix}{' '}
        <Link href={copy.privacyLink.href} underline="always">
          {copy.privacyLink.label}
        </Link>
        .
      </Typography>
    </Box>
  );
}
