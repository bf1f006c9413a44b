import { z } from 'zod';
import { leadRequestCategories, yesNo } from '../domains.js';
import { offerLeaseSchema } from '../leases.js';
import { centsSchema } from '../money.js';
import { leadStatuses, negotiationMessages, NegotiationStatus } from '../negotiation.js';
import { recordId } from '../validation.js';

/** POST /api/domains/notifications/: a trade or breeder request on a lead. */
export const leadRequestBody = z.object({
  domain_lead_id: recordId,
  category: z.enum(leadRequestCategories, { error: negotiationMessages.categoryInvalid }),
});
export type LeadRequestBody = z.input<typeof leadRequestBody>;

/** POST /api/domains/domain-leads/ {domain_id}: 201 a new lead, 200 the buyer's open one on that domain. */
export const domainLeadCreatedSchema = z.object({ domain_lead_id: z.number() });
export type DomainLeadCreated = z.infer<typeof domainLeadCreatedSchema>;

/** POST /api/domains/notifications/, 201: what the request was recorded as. */
export const leadRequestResultSchema = z.object({ domain_lead_id: z.number(), category: z.enum(leadRequestCategories) });
export type LeadRequestResult = z.infer<typeof leadRequestResultSchema>;

/** GET /api/domains/notifications/?limit=: the caller's notifications, newest first. */
export const notificationSchema = z.object({
  id: z.number(),
  domain_lead_id: z.number().nullable(),
  category: z.string().nullable(),
  message: z.string(),
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** One negotiation step as the server answers it. */
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
  /** An offer in instalments (lease to own): the terms it was made on; null for one paid at once. */
  lease: offerLeaseSchema.nullable(),
});
export type NegotiationEntry = z.infer<typeof negotiationEntrySchema>;

/** POST /api/domains/negotiation/, 201: the new step with the success message to show. */
export const negotiationStepResultSchema = negotiationEntrySchema.extend({ message: z.string() });
export type NegotiationStepResult = z.infer<typeof negotiationStepResultSchema>;

export const commissionSplitSchema = z.object({
  price: z.number(),
  commission: z.number(),
  buyerShare: z.number(),
  sellerShare: z.number(),
  buyerTotal: z.number(),
  sellerNet: z.number(),
});

/** One lead of the negotiation page, as the viewer sees it. */
export const negotiationLeadSchema = z.object({
  id: z.number(),
  /**
   * The viewer's side in this lead. Usually the page's `role`; they differ for someone who
   * bought a domain they had negotiated on and now sells it.
   */
  role: z.enum(['buyer', 'seller']),
  buyer_name: z.string(),
  status: z.enum(leadStatuses),
  category: z.string().nullable(),
  broker_requested: z.boolean(),
  accepted_amount: z.number().nullable(),
  split: commissionSplitSchema.nullable(),
  /** The order an accepted deal became, where it is paid and transferred. */
  order_id: z.number().nullable(),
  /** The lease an accepted offer in instalments became. */
  lease_id: z.number().nullable(),
  /** NegotiationStatus codes the viewer may post next. */
  allowed_statuses: z.array(z.enum(NegotiationStatus)),
  entries: z.array(negotiationEntrySchema),
});
export type NegotiationLead = z.infer<typeof negotiationLeadSchema>;

/**
 * GET /api/domains/negotiation/view/?domain_id=: everything the negotiation page shows, per
 * lead the viewer is party to (the seller gets one per buyer, a buyer only their own).
 */
export const negotiationViewSchema = z.object({
  domain: z.object({
    id: z.number(),
    domain_name: z.string(),
    seller_price: z.number(),
    min_offer: z.number(),
    business_status: z.string(),
    sale_status: z.string(),
    startup_breeders_switch: z.enum(yesNo),
    /** Offers may be made in instalments on these terms (the seller's lease-to-own offer); null: paid at once only. */
    lease_terms: z.object({ months: z.number(), down_payment_cents: centsSchema, rate_bp: z.number() }).nullable(),
  }),
  role: z.enum(['buyer', 'seller']),
  leads: z.array(negotiationLeadSchema),
});
export type NegotiationView = z.infer<typeof negotiationViewSchema>;

/**
 * GET /api/domains/domain-leads-summary/: one row per domain and side (buyer or seller) the
 * viewer negotiates on. `status_label` is "Sold" once the domain has changed hands after them.
 */
export const leadSummaryRowSchema = z.object({
  domain_id: z.number(),
  domain_name: z.string(),
  role: z.enum(['buyer', 'seller']),
  total_inquiries: z.number(),
  last_bid_amount: z.number().nullable(),
  last_bid_date: z.string().nullable(),
  status_label: z.string(),
});
export type LeadSummaryRow = z.infer<typeof leadSummaryRowSchema>;

/** GET /api/domains/my-stable: the My Stable tab badges and the bell's unread count. */
export const stableCountsSchema = z.object({
  domain_leads: z.number(),
  video_pitch_leads: z.number(),
  recently_viewed_domains: z.number(),
  market_count: z.number(),
  unread_notifications: z.number(),
});
export type StableCounts = z.infer<typeof stableCountsSchema>;
