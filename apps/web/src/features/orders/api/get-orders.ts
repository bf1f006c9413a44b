import { useQuery } from '@tanstack/react-query';
import { type Deal, dealSchema } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** An order (a Buy Now purchase or an accepted offer) as one party sees it: `dealSchema`. */
export type Order = Deal;

export const orderKeys = {
  all: ['orders'] as const,
  one: (id: number) => ['orders', id] as const,
};

/** GET /api/orders/: orders where the user is the buyer or the seller, newest first. */
export async function getOrders(signal?: AbortSignal): Promise<Order[]> {
  return z.array(dealSchema).parse(await api.get<unknown>('/api/orders/', { signal }));
}

export function useOrders() {
  return useQuery({ queryKey: orderKeys.all, queryFn: ({ signal }) => getOrders(signal), refetchOnWindowFocus: true });
}
