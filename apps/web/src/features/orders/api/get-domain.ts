import { useQuery } from '@tanstack/react-query';
import { type Domain, domainDetailSchema } from '@market/shared';
import { api, isApiError } from '@/lib/api-client';

/** GET /api/domains/{id}: the Domain the order page shows. */
export async function getDomain(id: number, signal?: AbortSignal): Promise<Domain> {
  return domainDetailSchema.parse(await api.get<unknown>(`/api/domains/${id}`, { signal }));
}

export function useDomain(id: number | null) {
  return useQuery({
    queryKey: ['domain', id],
    queryFn: ({ signal }) => getDomain(id as number, signal),
    enabled: id !== null,
    retry: (count, error) => count < 1 && (!isApiError(error) || error.isServerError),
  });
}
