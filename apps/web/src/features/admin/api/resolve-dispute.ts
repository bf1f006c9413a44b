import type { z } from 'zod';
import { type Deal, dealSchema, type resolveDisputeRequest } from '@market/shared';
import { api } from '@/lib/api-client';
import { useOrderStepMutation } from './record-bank-step';

export type DisputeDecision = z.input<typeof resolveDisputeRequest>;

/**
 * POST /api/admin/orders/{id}/resolve/ {decision: refund|release, note}: refund makes the refund
 * due (the domain is listed again); release makes the seller's payout due. 409 unless disputed.
 */
export async function resolveDispute(id: number, body: DisputeDecision): Promise<Deal> {
  return dealSchema.parse(await api.post<unknown>(`/api/admin/orders/${id}/resolve/`, body));
}

export function useResolveDispute() {
  return useOrderStepMutation(({ id, body }: { id: number; body: DisputeDecision }) => resolveDispute(id, body));
}
