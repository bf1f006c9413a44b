import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type bankRecordRequest, type Deal, dealSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** The money an admin moves by hand at the bank, each recorded with the transfer's reference. */
export type BankStep = 'payment' | 'payout' | 'refund';
export type BankRecord = z.input<typeof bankRecordRequest>;

/**
 * POST /api/admin/orders/{id}/payment|payout|refund/ {reference, amount_cents (payments only)}.
 * 400 with field errors (a payment that is not exactly the order's total: `amount_cents`);
 * 409 {detail} when the order is no longer in the status the step needs.
 */
export async function recordBankStep(id: number, step: BankStep, body: BankRecord): Promise<Deal> {
  return dealSchema.parse(await api.post<unknown>(`/api/admin/orders/${id}/${step}/`, body));
}

/**
 * After any answer the finance figures and the order are read again: a success changed them, and
 * a conflict means someone else already had.
 */
export function useOrderStepMutation<V>(run: (variables: V) => Promise<Deal>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.finance() }),
        client.invalidateQueries({ queryKey: adminKeys.order() }),
        client.invalidateQueries({ queryKey: adminKeys.audit() }),
      ]),
  });
}

export function useRecordBankStep() {
  return useOrderStepMutation(({ id, step, body }: { id: number; step: BankStep; body: BankRecord }) => recordBankStep(id, step, body));
}
