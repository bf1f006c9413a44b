import { useQuery } from '@tanstack/react-query';
import type { SearchRow } from '@market/shared';
import { api } from '@/lib/api-client';

/** How many of the newest listings the home page shows while nothing is sponsored. */
const NEWEST_LISTINGS = 10;

/** GET /api/domains/search/ without a term: the listed domains, newest first (public). */
export function useNewestListings() {
  return useQuery({
    queryKey: ['domains', 'newest', NEWEST_LISTINGS],
    queryFn: ({ signal }) => api.get<SearchRow[]>('/api/domains/search/', { query: { limit: NEWEST_LISTINGS }, signal, auth: false }),
  });
}
