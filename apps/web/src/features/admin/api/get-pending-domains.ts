import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { APPROVAL_PAGE_SIZE } from '../utils/constants';
import { adminKeys } from './query-keys';

/** A domain waiting for approval, with its owner (GET /api/domains/admin/approval/). */
export const pendingDomainSchema = z.object({
  id: z.number(),
  domain_name: z.string(),
  business_status_label: z.string().default(''),
  seller_price: z.number().default(0),
  created_at: z.string(),
  user: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }),
});
export type PendingDomain = z.infer<typeof pendingDomainSchema>;
export type PendingPages = InfiniteData<PendingDomain[], number>;

/** Oldest first; `after` is the last id already shown (keyset paging). */
export async function getPendingDomains(after: number, signal?: AbortSignal): Promise<PendingDomain[]> {
  const data = await api.get<unknown>('/api/domains/admin/approval/', { query: { limit: APPROVAL_PAGE_SIZE, after }, signal });
  return z.array(pendingDomainSchema).parse(data);
}

/**
 * Pages of the queue. On refetch TanStack recomputes each next `after` from the fresh pages,
 * so domains that left the queue do not leave gaps or duplicates.
 */
export function usePendingDomains() {
  return useInfiniteQuery({
    queryKey: adminKeys.approval(),
    queryFn: ({ pageParam, signal }) => getPendingDomains(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.length < APPROVAL_PAGE_SIZE ? undefined : last[last.length - 1]?.id),
  });
}
