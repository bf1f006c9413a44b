import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SponsoredOrder, sponsoredFlow, sponsoredOrderSchema, statesAllowing } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { BankRecord } from './record-bank-step';
import { adminKeys } from './query-keys';

/** Where a payment can still be recorded, as the sponsored flow says (the list is asked for by state). */
const waitingStates = statesAllowing(sponsoredFlow, 'record_payment');

/** GET /api/admin/sponsored-orders/?status=…: sponsored orders waiting for their payment, newest first. */
export async function getWaitingSponsoredOrders(signal?: AbortSignal): Promise<SponsoredOrder[]> {
  const lists = await Promise.all(waitingStates.map((status) => api.get<unknown>('/api/admin/sponsored-orders/', { query: { status }, signal })));
  return lists.flatMap((list) => z.array(sponsoredOrderSchema).parse(list));
}

export function useWaitingSponsoredOrders() {
  return useQuery({ queryKey: adminKeys.sponsoredOrders(), queryFn: ({ signal }) => getWaitingSponsoredOrders(signal) });
}

/**
 * POST /api/admin/sponsored-orders/{id}/payment/ {reference, amount_cents}: the transfer arrived
 * and the headlines start. 400 `amount_cents` when it is not the order's total; 409 when the
 * order was paid or lapsed meanwhile.
 */
export async function recordSponsoredPayment(id: number, body: BankRecord): Promise<SponsoredOrder> {
  return sponsoredOrderSchema.parse(await api.post<unknown>(`/api/admin/sponsored-orders/${id}/payment/`, body));
}

export function useRecordSponsoredPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BankRecord }) => recordSponsoredPayment(id, body),
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: adminKeys.sponsoredOrders() }), client.invalidateQueries({ queryKey: adminKeys.audit() })]),
  });
}
