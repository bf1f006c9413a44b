import { useQuery } from '@tanstack/react-query';
import { unreadCountSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { usePollingFallback } from '@/lib/live-events';
import { engagementKeys } from './get-engagements';

/** GET /api/engagements/unread/: messages from the other party not read yet, over all conversations. */
export async function getUnread(signal?: AbortSignal): Promise<number> {
  return unreadCountSchema.parse(await api.get<unknown>('/api/engagements/unread/', { signal })).unread;
}

export function useUnreadMessages() {
  return useQuery({ queryKey: engagementKeys.unread, queryFn: ({ signal }) => getUnread(signal), refetchInterval: usePollingFallback(60_000), refetchOnWindowFocus: true });
}
