import { useQuery } from '@tanstack/react-query';
import { type FreelancerShowcase, freelancerShowcaseSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { freelancerKeys } from './query-keys';

/** GET /api/freelancers/showcase/: who holds each badge and certification, and the consultant card (public). */
export async function getFreelancerShowcase(signal?: AbortSignal): Promise<FreelancerShowcase> {
  return freelancerShowcaseSchema.parse(await api.get<unknown>('/api/freelancers/showcase/', { signal, auth: false }));
}

/** The server computes it at most twice a minute; the page need not ask more often. */
export function useFreelancerShowcase() {
  return useQuery({ queryKey: freelancerKeys.showcase(), queryFn: ({ signal }) => getFreelancerShowcase(signal), staleTime: 60_000 });
}
