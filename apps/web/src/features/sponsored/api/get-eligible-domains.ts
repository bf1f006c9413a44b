import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { sponsoredCategorySchema } from './get-sponsored-headlines';
import { sponsoredKeys } from './query-keys';

/**
 * GET /api/domains/sponsored-headlines/eligible/: the signed-in seller's approved, available
 * domains that belong to at least one category, with the headlines already running for them.
 */
export const eligibleDomainSchema = z.object({
  id: z.number(),
  domain_name: z.string(),
  business_status: z.string().nullable(),
  seller_price: z.number(),
  trade_option: z.string().nullable(),
  categories: z.array(sponsoredCategorySchema),
  running: z.array(z.object({ category: sponsoredCategorySchema, ends_at: z.string() })),
});
export type EligibleDomain = z.infer<typeof eligibleDomainSchema>;

export async function getEligibleDomains(signal?: AbortSignal): Promise<EligibleDomain[]> {
  return z.array(eligibleDomainSchema).parse(await api.get<unknown>('/api/domains/sponsored-headlines/eligible/', { signal }));
}

export function useEligibleDomains() {
  return useQuery({ queryKey: sponsoredKeys.eligible(), queryFn: ({ signal }) => getEligibleDomains(signal) });
}
