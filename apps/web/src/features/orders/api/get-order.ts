import { useQuery } from '@tanstack/react-query';
import { dealSchema } from '@market/shared';
import { api, isApiError } from '@/lib/api-client';
import { usePollingFallback } from '@/lib/live-events';
import { type Order, orderKeys } from './get-orders';

/** GET /api/orders/{id}/: one order with its history; 404 for anyone but its parties and admins. */
export async function getOrder(id: number, signal?: AbortSignal): Promise<Order> {
  return dealSchema.parse(await api.get<unknown>(`/api/orders/${id}/`, { signal }));
}

export function useOrder(id: number | undefined) {
  return useQuery({
    queryKey: orderKeys.one(id ?? 0),
    queryFn: ({ signal }) => getOrder(id as number, signal),
    enabled: id !== undefined,
    // The other party (or a deadline) moves the order on; a page left open follows: told by the
    // live events, or by polling while their stream is down.
    refetchInterval: usePollingFallback(30_000),
    retry: (count, error) => count < 1 && (!isApiError(error) || error.isServerError),
  });
}
