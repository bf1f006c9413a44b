import { useQuery } from '@tanstack/react-query';
import { type LeadSummaryRow, leadSummaryRowSchema } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** GET /api/domains/domain-leads-summary/: one row per domain with leads. */
export type { LeadSummaryRow };

export async function getLeadSummary(signal?: AbortSignal): Promise<LeadSummaryRow[]> {
  return z.array(leadSummaryRowSchema).parse(await api.get<unknown>('/api/domains/domain-leads-summary/', { signal }));
}

export const leadSummaryKey = ['stable', 'lead-summary'] as const;

export function useLeadSummary() {
  return useQuery({
    queryKey: leadSummaryKey,
    queryFn: ({ signal }) => getLeadSummary(signal),
    refetchOnWindowFocus: true,
  });
}
