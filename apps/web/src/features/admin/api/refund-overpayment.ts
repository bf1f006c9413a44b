import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Overpayment, overpaymentSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/**
 * POST /api/admin/finance/overpayments/{id}/refund/: a card payment we could not apply goes back to
 * its payer through the card processor (a payment command, sent after the answer). 409 when it
 * is no longer held.
 */
export async function refundOverpayment(id: number): Promise<Overpayment> {
  return overpaymentSchema.parse(await api.post<unknown>(`/api/admin/finance/overpayments/${id}/refund/`));
}

/** The finance answer carries both the held payments and the commands a refund creates: both are read again. */
export function useOverpaymentStep<V>(run: (variables: V) => Promise<Overpayment>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: adminKeys.finance() }), client.invalidateQueries({ queryKey: adminKeys.audit() })]),
  });
}

export function useRefundOverpayment() {
  return useOverpaymentStep(refundOverpayment);
}
