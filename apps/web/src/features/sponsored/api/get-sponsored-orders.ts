import { useQuery } from '@tanstack/react-query';
import { type SponsoredOrder, sponsoredOrderSchema } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { sponsoredKeys } from './query-keys';

export type { SponsoredOrder };

/** GET /api/domains/sponsored-headlines/orders/: the user's sponsored orders, newest first. */
export async function getSponsoredOrders(signal?: AbortSignal): Promise<SponsoredOrder[]> {
  return z.array(sponsoredOrderSchema).parse(await api.get<unknown>('/api/domains/sponsored-headlines/orders/', { signal }));
}

export function useSponsoredOrders() {
  return useQuery({ queryKey: sponsoredKeys.orders(), queryFn: ({ signal }) => getSponsoredOrders(signal) });
}
