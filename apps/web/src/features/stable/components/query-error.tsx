import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { apiErrors } from '@market/shared';
import { isApiError } from '@/lib/api-client';

/** What went wrong with a page's data, in words, with a way to try again. */
export function errorText(error: unknown): string {
  if (isApiError(error)) return error.isServerError ? apiErrors.internal : error.message;
  return 'The data could not be read. Please reload the page.';
}

export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {errorText(error)}
    </Alert>
  );
}
