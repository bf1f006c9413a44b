import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { sponsoredCategorySchema } from './get-sponsored-headlines';
import { sponsoredKeys } from './query-keys';

/** GET /api/domains/sponsored-headlines/orders/: the user's sponsored orders, newest first. */
export const sponsoredOrderSchema = z.object({
  id: z.number(),
  total_amount: z.number(),
  status: z.string(),
  payment_mode: z.string(),
  created_at: z.string(),
  headlines: z.array(
    z.object({
      domain_name: z.string(),
      domain_id: z.number(),
      category: sponsoredCategorySchema,
      advertisement_price: z.number(),
      starts_at: z.string(),
      ends_at: z.string(),
      running: z.boolean(),
    }),
  ),
});
export type SponsoredOrder = z.infer<typeof sponsoredOrderSchema>;

export async function getSponsoredOrders(signal?: AbortSignal): Promise<SponsoredOrder[]> {
  return z.array(sponsoredOrderSchema).parse(await api.get<unknown>('/api/domains/sponsored-headlines/orders/', { signal }));
}

export function useSponsoredOrders() {
  return useQuery({ queryKey: sponsoredKeys.orders(), queryFn: ({ signal }) => getSponsoredOrders(signal) });
}
