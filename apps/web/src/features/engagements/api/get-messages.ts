import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type EngagementMessage, engagementMessageSchema } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { usePollingFallback } from '@/lib/live-events';
import { engagementKeys } from './engagement-keys';

/** GET /api/engagements/{id}/messages/: the conversation, oldest first; reading it marks it read. */
export async function getMessages(id: number, signal?: AbortSignal): Promise<EngagementMessage[]> {
  return z.array(engagementMessageSchema).parse(await api.get<unknown>(`/api/engagements/${id}/messages/`, { signal }));
}

export function useMessages(id: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: engagementKeys.messages(id),
    queryFn: async ({ signal }) => {
      const messages = await getMessages(id, signal);
      // Read now: the header's count goes down.
      void client.invalidateQueries({ queryKey: engagementKeys.unread });
      return messages;
    },
    refetchInterval: usePollingFallback(30_000),
  });
}
