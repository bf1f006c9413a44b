import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Traffic, trafficSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { domainKeys } from './query-keys';

export type TrafficResponse = Traffic;

/** GET /api/domains/traffic/?days=30[&domain_id=]: daily visits of the owner's domains. */
export async function getTraffic(days: number, domainId?: number, signal?: AbortSignal): Promise<TrafficResponse> {
  return trafficSchema.parse(await api.get<unknown>('/api/domains/traffic/', { query: { days, domain_id: domainId }, signal }));
}

export function useTraffic(days: number, domainId?: number) {
  return useQuery({
    queryKey: domainKeys.traffic(days, domainId),
    queryFn: ({ signal }) => getTraffic(days, domainId, signal),
    placeholderData: keepPreviousData,
  });
}
