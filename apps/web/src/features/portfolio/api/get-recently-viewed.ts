import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Domain } from '../types/domain';
import { domainKeys } from './query-keys';

export interface RecentlyViewedDomain extends Domain {
  viewed_at: string;
}

/** GET /api/domains/recently-viewed/ -> the signed-in user's recently viewed domains, newest first. */
export function getRecentlyViewed(signal?: AbortSignal): Promise<RecentlyViewedDomain[]> {
  return api.get<RecentlyViewedDomain[]>('/api/domains/recently-viewed/', { signal });
}

export function useRecentlyViewed() {
  return useQuery({ queryKey: domainKeys.recentlyViewed(), queryFn: ({ signal }) => getRecentlyViewed(signal) });
}
