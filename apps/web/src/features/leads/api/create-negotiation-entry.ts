import { type NegotiationStatus, type NegotiationStepResult, negotiationStepResultSchema } from '@market/shared';
import { api } from '@/lib/api-client';

export interface CreateNegotiationEntryRequest {
  domain_lead_id: number;
  amount: number | string | null;
  /** NegotiationStatus codes; 1 (amount 0) is the initial, trade or breeder request. */
  status: NegotiationStatus;
  /** An offer in instalments (lease to own), on the terms the negotiation page shows. */
  lease?: boolean;
}

/** POST /api/domains/negotiation/ {domain_lead_id, amount, status} -> the step, with the server's success message. */
export async function createNegotiationEntry(payload: CreateNegotiationEntryRequest): Promise<NegotiationStepResult> {
  return negotiationStepResultSchema.parse(await api.post<unknown>('/api/domains/negotiation/', payload));
}
