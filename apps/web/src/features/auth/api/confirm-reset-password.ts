import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { StatusResponse } from './reset-password';

/** POST /api/auth/reset-password/confirm/ — request shape: `resetConfirmRequest`. */
export function confirmPasswordReset(payload: { password: string; token: string }): Promise<StatusResponse> {
  return api.post<StatusResponse>('/api/auth/reset-password/confirm/', payload, { auth: false });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
