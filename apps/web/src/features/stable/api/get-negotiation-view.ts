import { useQuery } from '@tanstack/react-query';
import { leadStatuses, negotiationStatusValues } from '@market/shared';
import { z } from 'zod';
import { api, isApiError } from '@/lib/api-client';

/**
 * GET /api/domains/negotiation/view/?domain_id=: everything the negotiation page shows, per
 * lead the viewer is party to (the seller gets one per buyer, a buyer only their own).
 */
export const negotiationEntrySchema = z.object({
  id: z.number(),
  domain_lead_id: z.number(),
  domain_id: z.number(),
  domain_name: z.string(),
  amount: z.number(),
  status: z.number(),
  status_label: z.string(),
  author: z.enum(['buyer', 'seller']),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  expired: z.boolean(),
});
export type NegotiationEntry = z.infer<typeof negotiationEntrySchema>;

export const commissionSplitSchema = z.object({
  price: z.number(),
  commission: z.number(),
  buyerShare: z.number(),
  sellerShare: z.number(),
  buyerTotal: z.number(),
  sellerNet: z.number(),
});

const statusCode = z.number().refine((n) => (negotiationStatusValues as readonly number[]).includes(n));

export const negotiationLeadSchema = z.object({
  id: z.number(),
  buyer_name: z.string(),
  status: z.enum(leadStatuses),
  category: z.string().nullable(),
  broker_requested: z.boolean(),
  accepted_amount: z.number().nullable(),
  split: commissionSplitSchema.nullable(),
  /** The order an accepted deal became, where it is paid and transferred. */
  order_id: z.number().nullable().optional(),
  allowed_statuses: z.array(statusCode),
  entries: z.array(negotiationEntrySchema),
});
export type NegotiationLead = z.infer<typeof negotiationLeadSchema>;

export const negotiationViewSchema = z.object({
  domain: z.object({
    id: z.number(),
    domain_name: z.string(),
    seller_price: z.number(),
    min_offer: z.number(),
    business_status: z.string().nullable(),
    sale_status: z.string(),
    startup_breeders_switch: z.enum(['Yes', 'No']),
  }),
  role: z.enum(['buyer', 'seller']),
  leads: z.array(negotiationLeadSchema),
});
export type NegotiationView = z.infer<typeof negotiationViewSchema>;

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
    // 403 and 404 are answers (shown as pages), not glitches worth a retry.
    retry: (count, error) => count < 1 && (!isApiError(error) || error.isServerError),
  });
}
