import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export type DomainListKind = 'thoroughbred' | 'startup-breeders';

export const listedDomainSchema = z.object({
  id: z.number(),
  domain_name: z.string(),
  business_status_label: z.string().default(''),
  seller_price: z.number().default(0),
  startup_breeders: z.string().nullable().default(null),
  visits: z.number().default(0),
  user: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }),
});
export type ListedDomain = z.infer<typeof listedDomainSchema>;

/**
 * GET /api/domains/admin/domain-lists/{kind}/: thoroughbred = approved names priced above the
 * broker threshold; startup-breeders = approved names open to founders.
 */
export async function getDomainList(kind: DomainListKind, signal?: AbortSignal): Promise<ListedDomain[]> {
  return z.array(listedDomainSchema).parse(await api.get<unknown>(`/api/domains/admin/domain-lists/${kind}/`, { signal }));
}

export function useDomainList(kind: DomainListKind) {
  return useQuery({ queryKey: adminKeys.domainList(kind), queryFn: ({ signal }) => getDomainList(kind, signal) });
}
