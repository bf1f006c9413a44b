import { useQuery } from '@tanstack/react-query';
import { orderStatuses } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** GET /api/domains/orders/: orders where the user is the buyer or the seller, newest first. */
export const orderSchema = z.object({
  id: z.number(),
  domain_id: z.number(),
  domain_name: z.string().optional(),
  buyer_id: z.number(),
  seller_id: z.number(),
  domain_lead_id: z.number().nullable().optional(),
  price: z.number(),
  commission: z.number(),
  buyer_total: z.number(),
  seller_net: z.number(),
  status: z.enum(orderStatuses),
  created_at: z.string(),
  updated_at: z.string().optional(),
});
export type Order = z.infer<typeof orderSchema>;

export async function getOrders(signal?: AbortSignal): Promise<Order[]> {
  return z.array(orderSchema).parse(await api.get<unknown>('/api/domains/orders/', { signal }));
}

export const ordersKey = ['orders'] as const;

export function useOrders() {
  return useQuery({ queryKey: ordersKey, queryFn: ({ signal }) => getOrders(signal), refetchOnWindowFocus: true });
}
