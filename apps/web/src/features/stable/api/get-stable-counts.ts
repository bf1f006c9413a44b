import { useQuery } from '@tanstack/react-query';
import type { StableCounts } from '@market/shared';
import { api } from '@/lib/api-client';
import { useAuthSnapshot } from '@/lib/auth-store';
import { usePollingFallback } from '@/lib/live-events';

/**
 * GET /api/domains/my-stable: the My Stable tab badges plus the unread notification count for
 * the bell (`stableCountsSchema` in packages/shared). The navigation is in the first bundle, so
 * this file stays light: the shared type and a normaliser instead of the zod schema.
 */
export type { StableCounts };

const countKeys = ['domain_leads', 'video_pitch_leads', 'recently_viewed_domains', 'market_count', 'unread_notifications'] as const;

/** Missing or odd values count as 0, so a badge never shows NaN or a negative number. */
export function normaliseCounts(data: unknown): StableCounts {
  const source = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const counts = {} as StableCounts;
  for (const key of countKeys) {
    const value = Number(source[key]);
    counts[key] = Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  }
  return counts;
}

export async function getStableCounts(signal?: AbortSignal): Promise<StableCounts> {
  return normaliseCounts(await api.get<unknown>('/api/domains/my-stable', { signal }));
}

export const stableCountsKey = ['stable', 'counts'] as const;

/**
 * Shared by the tabs and the bell (one request). Refetched when the window regains focus and
 * every minute while visible, so news from the other party shows up without a reload.
 */
export function useStableCounts() {
  const { isAuthenticated } = useAuthSnapshot();
  return useQuery({
    queryKey: stableCountsKey,
    queryFn: ({ signal }) => getStableCounts(signal),
    enabled: isAuthenticated,
    staleTime: 10_000,
    refetchOnWindowFocus: true,
    refetchInterval: usePollingFallback(60_000),
  });
}
