import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type OrderAction = 'complete' | 'cancel';

/** POST /api/domains/orders/{id}/ {action}: the seller completes; either side cancels an open order. */
export function updateOrder({ id, action }: { id: number; action: OrderAction }): Promise<unknown> {
  return api.post<unknown>(`/api/domains/orders/${id}/`, { action });
}

export function useUpdateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['orders'] }), client.invalidateQueries({ queryKey: ['stable'] })]),
  });
}
