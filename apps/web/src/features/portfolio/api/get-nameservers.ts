import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { domainKeys } from './query-keys';

export interface NameserversResponse {
  nameservers: string[];
}

/** GET /api/domains/nameservers/ -> {nameservers}: where owners point their domains. */
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
