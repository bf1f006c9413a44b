import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, isApiError } from '@/lib/api-client';

/** GET /api/domains/{id}: the public Domain (only what the order page reads). */
export const orderDomainSchema = z.object({
  id: z.number(),
  domain_name: z.string(),
  business_status: z.string().nullable(),
  business_status_label: z.string().optional(),
  seller_price: z.number(),
  min_offer: z.number().optional(),
  sale_status: z.string().optional(),
  is_approved: z.boolean().optional(),
  user: z.object({ id: z.number().optional(), first_name: z.string().nullable().optional(), last_name: z.string().nullable().optional() }).optional(),
});
export type OrderDomain = z.infer<typeof orderDomainSchema>;

export async function getDomain(id: number, signal?: AbortSignal): Promise<OrderDomain> {
  return orderDomainSchema.parse(await api.get<unknown>(`/api/domains/${id}`, { signal }));
}

export function useDomain(id: number | null) {
  return useQuery({
    queryKey: ['domain', id],
    queryFn: ({ signal }) => getDomain(id as number, signal),
    enabled: id !== null,
    retry: (count, error) => count < 1 && (!isApiError(error) || error.isServerError),
  });
}
