import { useQuery } from '@tanstack/react-query';
import { type Nameservers, nameserversSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { domainKeys } from './query-keys';

/** GET /api/domains/nameservers/: where owners point their domains, and how often they are checked. */
export async function getNameservers(signal?: AbortSignal): Promise<Nameservers> {
  return nameserversSchema.parse(await api.get<unknown>('/api/domains/nameservers/', { signal, auth: false }));
}

export function useNameservers() {
  return useQuery({
    queryKey: domainKeys.nameservers(),
    queryFn: ({ signal }) => getNameservers(signal),
    staleTime: Infinity,
  });
}
