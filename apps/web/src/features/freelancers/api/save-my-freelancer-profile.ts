import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FreelancerOwn, freelancerOwnSchema, type FreelancerProfileBody } from '@market/shared';
import { api } from '@/lib/api-client';
import { freelancerKeys } from './query-keys';

/** PUT /api/freelancers/me/ with the whole profile; 400 with field errors for bad input. */
export async function saveMyFreelancerProfile(body: FreelancerProfileBody): Promise<FreelancerOwn> {
  return freelancerOwnSchema.parse(await api.put<unknown>('/api/freelancers/me/', body));
}

export function useSaveMyFreelancerProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMyFreelancerProfile,
    onSuccess: (profile) => client.setQueryData(freelancerKeys.mine(), profile),
    onSettled: () => client.invalidateQueries({ queryKey: freelancerKeys.all }),
  });
}
