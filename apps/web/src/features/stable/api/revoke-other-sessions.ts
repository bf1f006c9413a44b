import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { sessionsKey } from './get-sessions';

/** POST /api/auth/sessions/revoke-others/ -> {revoked}: signs out every session but this one. */
export const revokeOthersResponse = z.object({ revoked: z.number().int().min(0) });

export async function revokeOtherSessions(): Promise<number> {
  return revokeOthersResponse.parse(await api.post<unknown>('/api/auth/sessions/revoke-others/')).revoked;
}

export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
