import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type changePasswordRequest, statusResponse } from '@market/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { sessionsKey } from './get-sessions';

/** POST /api/auth/password/change/ — request shape: `changePasswordRequest` in @market/shared. */
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

export async function changePassword(payload: ChangePasswordRequest): Promise<z.infer<typeof statusResponse>> {
  return statusResponse.parse(await api.post<unknown>('/api/auth/password/change/', payload));
}

/** The server signs out every other session on a password change, so the session list is stale after it. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
