import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sponsoredMessages } from '@market/shared';
import { z } from 'zod';
import { api, isApiError } from '@/lib/api-client';
import { cartStorage } from '../utils/cart-storage';
import { sponsoredKeys } from './query-keys';

export const placedOrderSchema = z.object({
  id: z.number(),
  cart_id: z.number(),
  total_amount: z.number(),
  status: z.string(),
  payment_mode: z.string(),
  ends_at: z.string(),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

/**
 * POST /api/domains/sponsored-headlines/order/ {cart_id} -> 201 the paid order. 404 not this
 * user's cart; 409 already ordered or the payment failed (the cart then stays open).
 */
export async function placeOrder(cartId: number): Promise<PlacedOrder> {
  return placedOrderSchema.parse(await api.post<unknown>('/api/domains/sponsored-headlines/order/', { cart_id: cartId }));
}

/** A cart the server will never take again: ordered already, or not (or no longer) this user's. */
export function isStaleCartError(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || (error.status === 409 && error.detail === sponsoredMessages.cartNotOpen));
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
