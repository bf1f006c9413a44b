import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Domain } from '../types/domain';
import { domainKeys } from './query-keys';

/**
 * GET /api/domains/{id}: approved domains for everyone; pending and denied ones only for their
 * owner and admins (404 otherwise). The token goes along when signed in.
 */
export function getDomain(id: number, signal?: AbortSignal): Promise<Domain> {
  return api.get<Domain>(`/api/domains/${id}`, { signal });
}

export function useDomain(id: number | undefined) {
  return useQuery({
    queryKey: domainKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getDomain(id as number, signal),
    enabled: id !== undefined,
  });
}
