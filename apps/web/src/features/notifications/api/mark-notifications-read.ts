import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { stableCountsKey } from '@/features/stable';

/** POST /api/domains/notifications/read/ {ids: [...] | 'all'} -> 204. */
export function markNotificationsRead(ids: number[] | 'all'): Promise<void> {
  return api.post<void>('/api/domains/notifications/read/', { ids });
}

/** The list and the unread count (it rides on the stable counts) are refreshed afterwards. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: ['notifications'] }), client.invalidateQueries({ queryKey: stableCountsKey })]),
  });
}
