import { apiErrors } from '@market/shared';
import { isApiError } from './api-client';

/** What went wrong with a page's data, in words: the server's own message for a 4xx, 'Server Error' otherwise. */
export function errorText(error: unknown): string {
  if (isApiError(error)) return error.isServerError ? apiErrors.internal : error.message;
  return 'The data could not be read. Please reload the page.';
}

/**
 * What the server said about a failure, if anything worth showing: its `detail`, else the
 * first non-field or field message (DRF shapes, docs/api.md). Network failures have none.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error) || error.status === 0) return undefined;
  if (error.detail) return error.detail;
  if (error.nonFieldErrors[0]) return error.nonFieldErrors[0];
  for (const messages of Object.values(error.fieldErrors)) if (messages[0]) return messages[0];
  return undefined;
}
