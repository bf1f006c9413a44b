import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokedSessionsSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { sessionsKey } from './get-sessions';

/** POST /api/auth/sessions/revoke-others/ -> {revoked}: signs out every session but this one. */
export async function revokeOtherSessions(): Promise<number> {
  return revokedSessionsSchema.parse(await api.post<unknown>('/api/auth/sessions/revoke-others/')).revoked;
}

export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
