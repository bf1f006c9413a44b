import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { domainKeys } from './query-keys';

export interface NameserversResponse {
  nameservers: string[];
  /** Minutes between the server's automatic checks; 0 when it runs none. */
  check_interval_minutes?: number;
}

/** GET /api/domains/nameservers/: where owners point their domains, and how often they are checked. */
export function getNameservers(signal?: AbortSignal): Promise<NameserversResponse> {
  return api.get<NameserversResponse>('/api/domains/nameservers/', { signal, auth: false });
}

export function useNameservers() {
  return useQuery({
    queryKey: domainKeys.nameservers(),
    queryFn: ({ signal }) => getNameservers(signal),
    staleTime: Infinity,
  });
}
