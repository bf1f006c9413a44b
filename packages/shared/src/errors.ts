/**
 * Every failure the API reports carries one of these codes in its body (`code`), beside the
 * DRF-shaped `detail` or field errors; the HTTP status of each code is fixed here, once. Clients
 * branch on the code, never on the words of a message.
 */
export const apiErrorStatus = {
  VALIDATION: 400,
  MALFORMED_BODY: 400,
  INVALID_CREDENTIALS: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A sponsored cart already ordered (or a double click on Buy now). */
  CART_NOT_OPEN: 409,
  /** PostgreSQL gave up the transaction to a concurrent one; nothing was written. */
  CONCURRENT_CHANGE: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** A service we depend on (the card processor) failed or did not answer. */
  UPSTREAM: 502,
  /** The server is past its capacity; try again after `Retry-After`. */
  UNAVAILABLE: 503,
} as const;
export type ApiErrorCode = keyof typeof apiErrorStatus;

/** The code for a status when nothing more specific is known (a framework's own 4xx). */
export function apiErrorCodeOf(status: number): ApiErrorCode {
  const byStatus: Record<number, ApiErrorCode> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT', 413: 'TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 429: 'RATE_LIMITED', 502: 'UPSTREAM', 503: 'UNAVAILABLE' };
  return byStatus[status] ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION');
}
