import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authCodeSchema, checkoutUrlSchema, dealSchema, type StartTransferRequest } from '@market/shared';
import { api } from '@/lib/api-client';
import { type Order, orderKeys } from './get-orders';

/**
 * The parties' steps on an order, each POST /api/orders/{id}/{step}/ answering the order:
 * cancel (before payment), transfer (seller), confirm (buyer), dns-check, dispute. Refused
 * steps answer 403/409 {detail} or 400 field errors, surfaced as ApiError.
 */
export type OrderStep =
  | { step: 'cancel' }
  | { step: 'transfer'; body: StartTransferRequest }
  | { step: 'confirm' }
  | { step: 'dns-check' }
  | { step: 'dispute'; body: { reason: string } };

export async function postOrderStep(id: number, step: OrderStep): Promise<Order> {
  const body = 'body' in step ? step.body : {};
  return dealSchema.parse(await api.post<unknown>(`/api/orders/${id}/${step.step}/`, body));
}

export function useOrderStep(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: OrderStep) => postOrderStep(id, step),
    onSuccess: (order) => client.setQueryData(orderKeys.one(id), order),
    // Refused, the order may have moved on meanwhile (the other party, a deadline): read it again.
    onError: () => client.invalidateQueries({ queryKey: orderKeys.one(id) }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: orderKeys.all, exact: true }),
        client.invalidateQueries({ queryKey: ['stable'] }),
        client.invalidateQueries({ queryKey: ['notifications'] }),
      ]),
  });
}

/** GET /api/orders/{id}/auth-code/: the authorisation code, for the buyer only, fetched on demand. */
export async function getAuthCode(id: number): Promise<string> {
  return authCodeSchema.parse(await api.get<unknown>(`/api/orders/${id}/auth-code/`)).auth_code;
}

export function useAuthCode(id: number) {
  return useMutation({ mutationFn: () => getAuthCode(id) });
}

/**
 * POST /api/orders/{id}/checkout/ -> {url}: the card processor's checkout page for the order's
 * total (buyer only, order awaiting payment). 409 {detail} when the order is paid by bank
 * transfer or no longer awaits payment.
 */
export async function startCardCheckout(id: number): Promise<string> {
  return checkoutUrlSchema.parse(await api.post<unknown>(`/api/orders/${id}/checkout/`, {})).url;
}

export function useCardCheckout(id: number) {
  return useMutation({
    mutationFn: () => startCardCheckout(id),
    // The checkout page is on the processor's site: leave the app for it.
    onSuccess: (url) => window.location.assign(url),
  });
}
