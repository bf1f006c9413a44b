import { useMutation } from '@tanstack/react-query';
import { type SponsoredCart, sponsoredCartSchema, type SponsoredCategory } from '@market/shared';
import { api } from '@/lib/api-client';
import { cartStorage } from '../utils/cart-storage';

export interface CartItem {
  domain_ids: number[];
  category: SponsoredCategory;
}

/** Exactly what the server accepts: ids and a category per line, never a price. */
export interface CreateCartRequest {
  items: CartItem[];
}

/**
 * POST /api/domains/sponsored-headlines/cart/ {items} -> 201 the cart. 400 {items|domain_ids},
 * 403 not the seller's approved domain, 409 {detail} a headline already runs.
 */
export async function createCart(request: CreateCartRequest): Promise<SponsoredCart> {
  return sponsoredCartSchema.parse(await api.post<unknown>('/api/domains/sponsored-headlines/cart/', request));
}

/** The created cart is stored locally for /checkout to read. */
export function useCreateCart() {
  return useMutation({ mutationFn: createCart, onSuccess: (cart) => cartStorage.save(cart) });
}
