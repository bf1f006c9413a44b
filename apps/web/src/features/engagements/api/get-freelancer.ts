import { useQuery } from '@tanstack/react-query';
import { type Freelancer, freelancerSchema } from '@market/shared';
import { api, isApiError } from '@/lib/api-client';

/** GET /api/engagements/freelancers/{id}/: a user who takes freelance work; 404 for anyone else. */
export async function getFreelancer(id: number, signal?: AbortSignal): Promise<Freelancer> {
  return freelancerSchema.parse(await api.get<unknown>(`/api/engagements/freelancers/${id}/`, { signal }));
}

export function useFreelancer(id: number | undefined) {
  return useQuery({
    queryKey: ['freelancers', id ?? 0],
    queryFn: ({ signal }) => getFreelancer(id as number, signal),
    enabled: id !== undefined,
    retry: (count, error) => count < 1 && (!isApiError(error) || error.isServerError),
  });
}
