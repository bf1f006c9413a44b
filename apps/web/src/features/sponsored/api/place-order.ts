import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SponsoredOrder, sponsoredOrderSchema } from '@market/shared';
import { api, isApiError } from '@/lib/api-client';
import { cartStorage } from '../utils/cart-storage';
import { sponsoredKeys } from './query-keys';

export type PlacedOrder = SponsoredOrder;

/**
 * POST /api/domains/sponsored-headlines/order/ {cart_id} -> 201 the order, waiting for its
 * payment. 404 not this user's cart; 409 already ordered, or a line no longer orderable (the cart
 * then stays open).
 */
export async function placeOrder(cartId: number): Promise<PlacedOrder> {
  return sponsoredOrderSchema.parse(await api.post<unknown>('/api/domains/sponsored-headlines/order/', { cart_id: cartId }));
}

/** A cart the server will never take again: ordered already, or not (or no longer) this user's. */
export function isStaleCartError(error: unknown): boolean {
  return isApiError(error) && (error.code === 'NOT_FOUND' || error.code === 'CART_NOT_OPEN');
}

/** Success and a stale cart both clear the stored cart; every sponsored view is refreshed. */
export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => cartStorage.clear(),
    onError: (error) => {
      if (isStaleCartError(error)) cartStorage.clear();
    },
    onSettled: () => client.invalidateQueries({ queryKey: sponsoredKeys.all }),
  });
}
