import { useQuery } from '@tanstack/react-query';
import { type Deal, dealSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/orders/{id}/: one order with its history (the finance list leaves the history out). */
export async function getOrder(id: number, signal?: AbortSignal): Promise<Deal> {
  return dealSchema.parse(await api.get<unknown>(`/api/orders/${id}/`, { signal }));
}

export function useOrder(id: number) {
  return useQuery({ queryKey: adminKeys.order(id), queryFn: ({ signal }) => getOrder(id, signal) });
}
