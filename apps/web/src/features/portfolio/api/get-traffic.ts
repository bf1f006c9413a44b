import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { domainKeys } from './query-keys';

export interface TrafficPoint {
  day: string;
  visits: number;
}

export interface TrafficSeries {
  domain_id: number;
  domain_name: string;
  total: number;
  points: TrafficPoint[];
}

export interface TrafficResponse {
  /** Every day of the period, oldest first (YYYY-MM-DD, UTC). */
  days: string[];
  /** Domains with visits in the period, busiest first. */
  series: TrafficSeries[];
  referrers: Array<{ referrer: string; visits: number }>;
}

/** GET /api/domains/traffic/?days=30[&domain_id=]: daily visits of the owner's domains. */
export function getTraffic(days: number, domainId?: number, signal?: AbortSignal): Promise<TrafficResponse> {
  return api.get<TrafficResponse>('/api/domains/traffic/', { query: { days, domain_id: domainId }, signal });
}

export function useTraffic(days: number, domainId?: number) {
  return useQuery({
    queryKey: domainKeys.traffic(days, domainId),
    queryFn: ({ signal }) => getTraffic(days, domainId, signal),
    placeholderData: keepPreviousData,
  });
}
