import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type NegotiationStatus, negotiationMessages as nm } from '@market/shared';
import { createNegotiationEntry } from '@/features/leads';

/**
 * POST /api/domains/negotiation/ {domain_lead_id, amount, status} -> 201 the entry plus the
 * success `message` to show; the fetcher is the leads feature's. 400 {amount: [...]}, 403
 * {detail} and 409 {detail} (expired, already accepted, not allowed now) surface as ApiError.
 */
export interface NegotiationStepRequest {
  domain_lead_id: number;
  status: NegotiationStatus;
  amount?: number;
  /** An offer in instalments, on `view.domain.lease_terms`. */
  lease?: boolean;
}

/** The shared success messages, should the server ever answer without one. */
const fallbackMessage: Record<NegotiationStatus, string> = {
  1: nm.leadSubmitted,
  2: nm.offerSubmitted,
  3: nm.declined,
  4: nm.accepted,
  5: nm.brokerAssigned,
  6: nm.biddingWar,
  7: nm.offerSubmitted,
};

export async function postNegotiationStep({ amount, ...rest }: NegotiationStepRequest) {
  const entry = await createNegotiationEntry({ ...rest, amount: amount ?? null });
  return { ...entry, message: entry.message || fallbackMessage[rest.status] };
}

/**
 * Success or failure, the negotiation may have moved on: refresh the page data, the tab badges
 * and summary (['stable', ...]), the bell and, after an accept, the orders. The mutation stays
 * pending until then, so the buttons cannot be pressed against a stale state.
 */
export function useNegotiationStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postNegotiationStep,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['stable'] }),
        client.invalidateQueries({ queryKey: ['notifications'] }),
        client.invalidateQueries({ queryKey: ['orders'] }),
        client.invalidateQueries({ queryKey: ['leases'] }),
      ]);
    },
  });
}
