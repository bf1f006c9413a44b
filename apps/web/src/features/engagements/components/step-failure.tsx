import Alert from '@mui/material/Alert';
import { serverMessage } from '@/lib/error-text';

/** A refused step in words (the server's, when it gave some). */
export function StepFailure({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {serverMessage(error) ?? 'Something went wrong. Nothing was changed; please try again.'}
    </Alert>
  );
}
