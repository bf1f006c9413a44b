import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** GET /api/domains/domain-leads-summary/: one row per domain with leads. */
export const leadSummaryRowSchema = z.object({
  domain_id: z.number(),
  domain_name: z.string(),
  total_inquiries: z.coerce.number(),
  last_bid_amount: z.number().nullable().default(null),
  last_bid_date: z.string().nullable().default(null),
  status_label: z.string(),
});
export type LeadSummaryRow = z.infer<typeof leadSummaryRowSchema>;

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
