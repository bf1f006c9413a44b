import { apiErrors } from '@market/shared';
import { isApiError } from '@/lib/api-client';

/** Messages of this feature that the spec does not quote (ours, not shared). */
export const sponsoredUiMessages = {
  nothingSelected: 'Select at least one domain to sponsor.',
  loadFailed: 'Sponsored headlines could not be loaded.',
} as const;

/** What went wrong, in words: the server's own message for a 4xx, 'Server Error' otherwise. */
export function errorText(error: unknown): string {
  if (isApiError(error)) return error.isServerError ? apiErrors.internal : error.message;
  return 'The answer could not be read. Please reload the page.';
}
