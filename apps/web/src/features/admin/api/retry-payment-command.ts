import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PaymentCommand, paymentCommandSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/**
 * POST /api/admin/finance/commands/{id}/retry/: a failed refund is sent to the card processor again
 * now. 409 when it is no longer failed (sent meanwhile, or settled by hand).
 */
export async function retryPaymentCommand(id: number): Promise<PaymentCommand> {
  return paymentCommandSchema.parse(await api.post<unknown>(`/api/admin/finance/commands/${id}/retry/`));
}

/** After any answer the commands are read again: a success moved this one, a conflict means it had moved already. */
export function useRetryPaymentCommand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryPaymentCommand,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: adminKeys.finance() }), client.invalidateQueries({ queryKey: adminKeys.audit() })]),
  });
}
