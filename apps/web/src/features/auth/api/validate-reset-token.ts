import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { StatusResponse } from './reset-password';

/** POST /api/auth/reset-password/validate_token/ — request shape: `resetTokenRequest`. */
export function validateResetToken(token: string, signal?: AbortSignal): Promise<StatusResponse> {
  return api.post<StatusResponse>('/api/auth/reset-password/validate_token/', { token }, { auth: false, signal });
}

/**
 * A query, not a mutation: the check has no side effect, and a query is deduplicated when
 * StrictMode mounts the page twice.
 */
export function useValidateResetToken(token: string) {
  return useQuery({
    queryKey: ['auth', 'reset-token', token],
    queryFn: ({ signal }) => validateResetToken(token, signal),
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
  });
}
