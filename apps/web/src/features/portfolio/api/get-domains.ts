import { useQuery } from '@tanstack/react-query';
import { PORTFOLIO_FETCH } from '@market/shared';
import { api } from '@/lib/api-client';
import type { OwnDomain } from '../types/domain';
import { domainKeys } from './query-keys';

export interface DomainListResponse {
  domains: OwnDomain[];
  count: number;
}

/** GET /api/domains/?page=1&limit=1000 -> {domains, count}: the signed-in user's portfolio. */
export function getDomains(signal?: AbortSignal): Promise<DomainListResponse> {
  return api.get<DomainListResponse>('/api/domains/', { query: { ...PORTFOLIO_FETCH }, signal });
}

export function useDomains() {
  return useQuery({ queryKey: domainKeys.mine(), queryFn: ({ signal }) => getDomains(signal) });
}
