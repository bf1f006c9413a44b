import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePollingFallback } from '@/lib/live-events';
import { engagementKeys } from './engagement-keys';

/**
 * The count of `unreadCountSchema` in @market/shared, read without zod: the header shows it, and
 * the header is in the first bundle, which zod is kept out of. A missing or odd value counts as 0.
 */
export function unreadCount(data: unknown): number {
  const value = Number((data && typeof data === 'object' ? (data as Record<string, unknown>) : {}).unread);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** GET /api/engagements/unread/: messages from the other party not read yet, over all conversations. */
export async function getUnread(signal?: AbortSignal): Promise<number> {
  return unreadCount(await api.get<unknown>('/api/engagements/unread/', { signal }));
}

export function useUnreadMessages() {
  return useQuery({ queryKey: engagementKeys.unread, queryFn: ({ signal }) => getUnread(signal), refetchInterval: usePollingFallback(60_000), refetchOnWindowFocus: true });
}
