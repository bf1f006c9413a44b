import { useMutation } from '@tanstack/react-query';
import { checkoutUrlSchema } from '@market/shared';
import { api } from '@/lib/api-client';

/** POST /api/domains/sponsored-headlines/orders/{id}/checkout/ -> {url} of the card processor's page; 409 once paid or lapsed. */
export async function startSponsoredCheckout(id: number): Promise<string> {
  return checkoutUrlSchema.parse(await api.post<unknown>(`/api/domains/sponsored-headlines/orders/${id}/checkout/`, {})).url;
}

export function useSponsoredCheckout(id: number) {
  return useMutation({
    mutationFn: () => startSponsoredCheckout(id),
    // The checkout page is on the processor's site: leave the app for it.
    onSuccess: (url) => window.location.assign(url),
  });
}
