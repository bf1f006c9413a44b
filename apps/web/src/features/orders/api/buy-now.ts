import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dealSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { type Order, orderKeys } from './get-orders';

/**
 * POST /api/domains/buy-now/ {domain_id} -> 201 the order, awaiting payment (domain reserved).
 * 400 {domain_id: [own domain]}, 404 not public, 409 {detail} when it cannot be bought now.
 */
export async function buyNow(domainId: number): Promise<Order> {
  return dealSchema.parse(await api.post<unknown>('/api/domains/buy-now/', { domain_id: domainId }));
}

export function useBuyNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: buyNow,
    onSettled: (_order, _error, domainId) =>
      Promise.all([
        client.invalidateQueries({ queryKey: orderKeys.all }),
        client.invalidateQueries({ queryKey: ['domain', domainId] }),
        client.invalidateQueries({ queryKey: ['stable'] }),
      ]),
  });
}
