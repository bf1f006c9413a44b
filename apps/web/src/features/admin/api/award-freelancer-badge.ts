import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FreelancerAdmin, freelancerAdminSchema, type FreelancerBadgeAwardBody } from '@market/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/**
 * POST /api/admin/freelancers/{id}/badges/ {badge, passed_on, note} -> 201 the profile with its
 * badges. 409 when the badge is already held; 400 with field errors for a future or bad date.
 */
export async function awardFreelancerBadge(id: number, body: FreelancerBadgeAwardBody): Promise<FreelancerAdmin> {
  return freelancerAdminSchema.parse(await api.post<unknown>(`/api/admin/freelancers/${id}/badges/`, body));
}

/** A badge changes the freelancers list and the audit log. */
export function useAwardFreelancerBadge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FreelancerBadgeAwardBody }) => awardFreelancerBadge(id, body),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
