import { useQuery } from '@tanstack/react-query';
import { sponsoredPaymentModeSchema } from '@market/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { sponsoredKeys } from './query-keys';

/** GET /api/domains/sponsored-headlines/payment-mode/ -> {mode: 'manual' | 'stripe', message}. */
export type PaymentMode = z.infer<typeof sponsoredPaymentModeSchema>;

export async function getPaymentMode(signal?: AbortSignal): Promise<PaymentMode> {
  return sponsoredPaymentModeSchema.parse(await api.get<unknown>('/api/domains/sponsored-headlines/payment-mode/', { signal, auth: false }));
}

export function usePaymentMode() {
  return useQuery({ queryKey: sponsoredKeys.paymentMode(), queryFn: ({ signal }) => getPaymentMode(signal), staleTime: Infinity });
}
