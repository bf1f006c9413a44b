import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DnsRecordsInput, type DnsZone, dnsZoneSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { domainKeys } from './query-keys';

/** GET /api/domains/{id}/dns/: the records the owner set and whether our nameservers serve them. */
async function getDnsZone(id: number, signal?: AbortSignal): Promise<DnsZone> {
  return dnsZoneSchema.parse(await api.get<unknown>(`/api/domains/${id}/dns/`, { signal }));
}

export function useDnsZone(id: number | undefined) {
  return useQuery({
    queryKey: domainKeys.dns(id ?? 0),
    queryFn: ({ signal }) => getDnsZone(id as number, signal),
    enabled: id !== undefined,
  });
}

/** PUT /api/domains/{id}/dns/: the whole record set at once. */
export function useSaveDnsRecords(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: DnsRecordsInput) => dnsZoneSchema.parse(await api.put<unknown>(`/api/domains/${id}/dns/`, input)),
    onSuccess: (zone) => client.setQueryData(domainKeys.dns(id), zone),
  });
}
