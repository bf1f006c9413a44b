import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorText } from '@/lib/error-text';

/** A page's data could not be loaded: what went wrong, in words, with a way to try again. */
export function QueryError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what?: string }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {what ? `${what} ` : ''}
      {errorText(error)}
    </Alert>
  );
}
