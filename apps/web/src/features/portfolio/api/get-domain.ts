import { useQuery } from '@tanstack/react-query';
import { type Domain, domainDetailSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { domainKeys } from './query-keys';

/**
 * GET /api/domains/{id}: approved domains for everyone; pending and denied ones only for their
 * owner and admins (404 otherwise). The token goes along when signed in.
 */
export async function getDomain(id: number, signal?: AbortSignal): Promise<Domain> {
  return domainDetailSchema.parse(await api.get<unknown>(`/api/domains/${id}`, { signal }));
}

export function useDomain(id: number | undefined) {
  return useQuery({
    queryKey: domainKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getDomain(id as number, signal),
    enabled: id !== undefined,
  });
}
