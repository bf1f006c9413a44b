import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface StatusResponse {
  status?: string;
  detail?: string;
}

/**
 * POST /api/auth/reset-password/ — request shape: `resetPasswordRequest` in @market/shared.
 * Answers {status:'OK'} whether or not the e-mail is registered (no account probing).
 */
export function requestPasswordReset(payload: { email: string }): Promise<StatusResponse> {
  return api.post<StatusResponse>('/api/auth/reset-password/', payload, { auth: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
