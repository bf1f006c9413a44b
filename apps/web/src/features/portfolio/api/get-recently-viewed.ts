import { useQuery } from '@tanstack/react-query';
import { type RecentlyViewedDomain, recentlyViewedDomainSchema } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { domainKeys } from './query-keys';

export type { RecentlyViewedDomain };

/** GET /api/domains/recently-viewed/ -> the signed-in user's recently viewed domains, newest first. */
export async function getRecentlyViewed(signal?: AbortSignal): Promise<RecentlyViewedDomain[]> {
  return z.array(recentlyViewedDomainSchema).parse(await api.get<unknown>('/api/domains/recently-viewed/', { signal }));
}

export function useRecentlyViewed() {
  return useQuery({ queryKey: domainKeys.recentlyViewed(), queryFn: ({ signal }) => getRecentlyViewed(signal) });
}
