import { useQuery } from '@tanstack/react-query';
import { type EligibleDomain, eligibleDomainSchema } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { sponsoredKeys } from './query-keys';

/**
 * GET /api/domains/sponsored-headlines/eligible/: the signed-in seller's approved, available
 * domains that belong to at least one category, with the headlines already running for them.
 */
export type { EligibleDomain };

export async function getEligibleDomains(signal?: AbortSignal): Promise<EligibleDomain[]> {
  return z.array(eligibleDomainSchema).parse(await api.get<unknown>('/api/domains/sponsored-headlines/eligible/', { signal }));
}

export function useEligibleDomains() {
  return useQuery({ queryKey: sponsoredKeys.eligible(), queryFn: ({ signal }) => getEligibleDomains(signal) });
}
