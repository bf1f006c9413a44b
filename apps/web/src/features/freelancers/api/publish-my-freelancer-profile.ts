import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FreelancerOwn, freelancerOwnSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { freelancerKeys } from './query-keys';

/** POST /api/freelancers/me/publish/ {published}: public needs a headline and a skill (400 otherwise). */
export async function publishMyFreelancerProfile(published: boolean): Promise<FreelancerOwn> {
  return freelancerOwnSchema.parse(await api.post<unknown>('/api/freelancers/me/publish/', { published }));
}

export function usePublishMyFreelancerProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publishMyFreelancerProfile,
    onSuccess: (profile) => client.setQueryData(freelancerKeys.mine(), profile),
    onSettled: () => client.invalidateQueries({ queryKey: freelancerKeys.all }),
  });
}
