import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SponsoredOrder, sponsoredOrderSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { sponsoredKeys } from './query-keys';

/** POST /api/domains/sponsored-headlines/orders/{id}/cancel/: calls off an order not paid yet; 409 once paid or lapsed. */
export async function cancelSponsoredOrder(id: number): Promise<SponsoredOrder> {
  return sponsoredOrderSchema.parse(await api.post<unknown>(`/api/domains/sponsored-headlines/orders/${id}/cancel/`, {}));
}

export function useCancelSponsoredOrder(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSponsoredOrder(id),
    // Its domains can be ordered again: the eligible list and the orders both change.
    onSettled: () => client.invalidateQueries({ queryKey: sponsoredKeys.all }),
  });
}
