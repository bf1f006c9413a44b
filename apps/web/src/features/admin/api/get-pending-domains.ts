import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { type OwnDomain, ownDomainSchema } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { APPROVAL_PAGE_SIZE } from '../utils/constants';
import { adminKeys } from './query-keys';

/** A domain waiting for approval, with its owner (GET /api/domains/admin/approval/). */
export type PendingDomain = OwnDomain;
export type PendingPages = InfiniteData<PendingDomain[], number>;

/** Oldest first; `after` is the last id already shown (keyset paging). */
export async function getPendingDomains(after: number, signal?: AbortSignal): Promise<PendingDomain[]> {
  const data = await api.get<unknown>('/api/domains/admin/approval/', { query: { limit: APPROVAL_PAGE_SIZE, after }, signal });
  return z.array(ownDomainSchema).parse(data);
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
