import { useQuery } from '@tanstack/react-query';
import { type NegotiationEntry, type NegotiationLead, type NegotiationView, negotiationViewSchema } from '@market/shared';
import { api, isApiError } from '@/lib/api-client';
import { usePollingFallback } from '@/lib/live-events';

/**
 * GET /api/domains/negotiation/view/?domain_id=: everything the negotiation page shows, per
 * lead the viewer is party to (the seller gets one per buyer, a buyer only their own).
 */
export type { NegotiationEntry, NegotiationLead, NegotiationView };

export async function getNegotiationView(domainId: number, signal?: AbortSignal): Promise<NegotiationView> {
  const data = await api.get<unknown>('/api/domains/negotiation/view/', { query: { domain_id: domainId }, signal });
  return negotiationViewSchema.parse(data);
}

export const negotiationViewKey = (domainId: number) => ['stable', 'negotiation', domainId] as const;

/** Refetched on focus: the other party may have answered while this tab was in the background. */
export function useNegotiationView(domainId: number) {
  return useQuery({
    queryKey: negotiationViewKey(domainId),
    queryFn: ({ signal }) => getNegotiationView(domainId, signal),
    enabled: Number.isInteger(domainId) && domainId > 0,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
    // The other party's step arrives as a live event; polling covers a stream that is down.
    refetchInterval: usePollingFallback(30_000),
    // 403 and 404 are answers (shown as pages), not glitches worth a retry.
    retry: (count, error) => count < 1 && (!isApiError(error) || error.isServerError),
  });
}
