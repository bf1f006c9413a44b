import { useQuery } from '@tanstack/react-query';
import { type Engagement, engagementSchema } from '@market/shared';
import { api, isApiError } from '@/lib/api-client';
import { usePollingFallback } from '@/lib/live-events';
import { engagementKeys } from './engagement-keys';

/** GET /api/engagements/{id}/: one request or engagement with its milestones and history; 404 for anyone but its two parties. */
export async function getEngagement(id: number, signal?: AbortSignal): Promise<Engagement> {
  return engagementSchema.parse(await api.get<unknown>(`/api/engagements/${id}/`, { signal }));
}

export function useEngagement(id: number | undefined) {
  return useQuery({
    queryKey: engagementKeys.one(id ?? 0),
    queryFn: ({ signal }) => getEngagement(id as number, signal),
    enabled: id !== undefined,
    // The other party (or the sweep) moves it on; a page left open follows (live events, else polling).
    refetchInterval: usePollingFallback(30_000),
    retry: (count, error) => count < 1 && (!isApiError(error) || error.isServerError),
  });
}
