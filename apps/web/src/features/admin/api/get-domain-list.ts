import { useQuery } from '@tanstack/react-query';
import { type Domain, domainSchema } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export type DomainListKind = 'thoroughbred' | 'startup-breeders';

/**
 * GET /api/domains/admin/domain-lists/{kind}/: thoroughbred = approved names priced above the
 * broker threshold; startup-breeders = approved names open to founders.
 */
export async function getDomainList(kind: DomainListKind, signal?: AbortSignal): Promise<Domain[]> {
  return z.array(domainSchema).parse(await api.get<unknown>(`/api/domains/admin/domain-lists/${kind}/`, { signal }));
}

export function useDomainList(kind: DomainListKind) {
  return useQuery({ queryKey: adminKeys.domainList(kind), queryFn: ({ signal }) => getDomainList(kind, signal) });
}
