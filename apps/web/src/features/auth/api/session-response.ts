import type { AuthResponse } from '@market/shared';
import { ApiError } from '@/lib/api-client';

/**
 * Login, register and token refresh all answer {token, user}. A reply without a token must not
 * be stored as a session, so it is turned into an error here.
 */
export function assertAuthResponse(data: unknown): AuthResponse {
  const candidate = data as Partial<AuthResponse> | null;
  if (!candidate || typeof candidate.token !== 'string' || !candidate.token || !candidate.user) {
    throw new ApiError(502, { detail: 'The server answered without a session.' });
  }
  return candidate as AuthResponse;
}
