import { useQuery } from '@tanstack/react-query';
import { type Session, sessionSchema } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** GET /api/auth/sessions/: the user's live sign-in sessions, most recently used first. */
export type { Session };

export async function getSessions(signal?: AbortSignal): Promise<Session[]> {
  return z.array(sessionSchema).parse(await api.get<unknown>('/api/auth/sessions/', { signal }));
}

export const sessionsKey = ['auth', 'sessions'] as const;

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: ({ signal }) => getSessions(signal), refetchOnWindowFocus: true });
}
