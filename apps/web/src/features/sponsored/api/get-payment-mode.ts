import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { sponsoredKeys } from './query-keys';

/** GET /api/domains/sponsored-headlines/payment-mode/ -> {mode, message}; 'test' marks orders paid without a charge. */
export const paymentModeSchema = z.object({
  mode: z.string(),
  message: z.string().nullable().optional(),
});
export type PaymentMode = z.infer<typeof paymentModeSchema>;

export async function getPaymentMode(signal?: AbortSignal): Promise<PaymentMode> {
  return paymentModeSchema.parse(await api.get<unknown>('/api/domains/sponsored-headlines/payment-mode/', { signal, auth: false }));
}

export function usePaymentMode() {
  return useQuery({ queryKey: sponsoredKeys.paymentMode(), queryFn: ({ signal }) => getPaymentMode(signal), staleTime: Infinity });
}
