import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type Order, orderSchema } from './get-orders';

/**
 * POST /api/domains/buy-now/ {domain_id} -> 201 the order (domain reserved for the buyer).
 * 400 {domain_id: [own domain]}, 404 not public, 409 {detail} when it cannot be bought now.
 */
export async function buyNow(domainId: number): Promise<Order> {
  return orderSchema.parse(await api.post<unknown>('/api/domains/buy-now/', { domain_id: domainId }));
}

export function useBuyNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: buyNow,
    onSettled: (_order, _error, domainId) =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['orders'] }),
        client.invalidateQueries({ queryKey: ['domain', domainId] }),
        client.invalidateQueries({ queryKey: ['stable'] }),
      ]),
  });
}
