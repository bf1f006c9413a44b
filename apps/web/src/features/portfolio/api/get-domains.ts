import { useQuery } from '@tanstack/react-query';
import { type OwnDomainList, ownDomainListSchema, PORTFOLIO_FETCH } from '@market/shared';
import { api } from '@/lib/api-client';
import { domainKeys } from './query-keys';

export type DomainListResponse = OwnDomainList;

/** GET /api/domains/?page=1&limit=1000 -> {domains, count}: the signed-in user's portfolio. */
export async function getDomains(signal?: AbortSignal): Promise<DomainListResponse> {
  return ownDomainListSchema.parse(await api.get<unknown>('/api/domains/', { query: { ...PORTFOLIO_FETCH }, signal }));
}

export function useDomains() {
  return useQuery({ queryKey: domainKeys.mine(), queryFn: ({ signal }) => getDomains(signal) });
}
