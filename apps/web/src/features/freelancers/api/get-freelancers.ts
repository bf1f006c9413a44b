import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FreelancerDirectory, type FreelancerDirectoryQuery, freelancerDirectorySchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { freelancerKeys } from './query-keys';

/** GET /api/freelancers/?q=&skill=&badge=&certification=&min_rate=&max_rate=&language=&country=&availability=&sort=&page= (public). */
export async function getFreelancers(query: FreelancerDirectoryQuery, signal?: AbortSignal): Promise<FreelancerDirectory> {
  return freelancerDirectorySchema.parse(await api.get<unknown>('/api/freelancers/', { query: { ...query }, signal, auth: false }));
}

/** The previous page stays on screen (marked busy) while the next loads. */
export function useFreelancers(query: FreelancerDirectoryQuery) {
  return useQuery({
    queryKey: freelancerKeys.directory(query),
    queryFn: ({ signal }) => getFreelancers(query, signal),
    placeholderData: keepPreviousData,
  });
}
