import { useQuery } from '@tanstack/react-query';
import { type FreelancerOwn, freelancerOwnSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { freelancerKeys } from './query-keys';

/** GET /api/freelancers/me/: the signed-in user's own profile (an empty one before the first save). */
export async function getMyFreelancerProfile(signal?: AbortSignal): Promise<FreelancerOwn> {
  return freelancerOwnSchema.parse(await api.get<unknown>('/api/freelancers/me/', { signal }));
}

export function useMyFreelancerProfile() {
  return useQuery({ queryKey: freelancerKeys.mine(), queryFn: ({ signal }) => getMyFreelancerProfile(signal) });
}
