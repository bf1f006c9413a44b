import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FreelancerAdmin, freelancerAdminSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** DELETE /api/admin/freelancers/{id}/badges/{badgeId}/ -> the profile without it; 409 when already withdrawn. */
export async function withdrawFreelancerBadge(id: number, badgeId: number): Promise<FreelancerAdmin> {
  return freelancerAdminSchema.parse(await api.delete<unknown>(`/api/admin/freelancers/${id}/badges/${badgeId}/`));
}

export function useWithdrawFreelancerBadge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, badgeId }: { id: number; badgeId: number }) => withdrawFreelancerBadge(id, badgeId),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
