import { z } from 'zod';
import { domainStatuses, excludeFilters, listingTypeFilters, nameserverStates, tradeOptions, yesNo } from '../domains.js';
import { personRef } from './common.js';

export const SEARCH_PAGE_CAP = 1000;
export const SEARCH_COUNT_CAP = 1000;

const range = z.tuple([z.number().min(0), z.number().min(0)]);
const fragment = z.string().trim().max(253);

/**
 * Extensions to search, as a list. The original client, after a reload, sends the ones it saved
 * as one comma-separated string ("com,net"); that is read as the list it names.
 */
const extensionList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '')
      : value,
  z.array(z.string().trim().max(63)).max(100),
);

/** The `filters` JSON of a search (docs/product.md section 5, Search filters). */
export const searchFilters = z.object({
  business_status: z.array(z.enum(listingTypeFilters)).max(10).optional(),
  trade_options: z.array(z.enum(tradeOptions)).max(10).optional(),
  extensions: extensionList.optional(),
  priceRange: range.optional(),
  characterRange: range.optional(),
  Exclude: z.array(z.enum(excludeFilters)).max(3).optional(),
  starting_with: fragment.optional(),
  ending_with: fragment.optional(),
});
export type SearchFilters = z.infer<typeof searchFilters>;

/**
 * A query-string parameter that carries JSON, as the search call takes its lists. Absent, empty
 * (`extensions=`) and JSON `null` all mean "no filter": each is how some client says nothing.
 */
function jsonParam<T extends z.ZodType>(schema: T, label: string) {
  return z
    .string()
    .max(8192)
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return undefined;
      try {
        const parsed = JSON.parse(raw) as unknown;
        return (parsed === null ? undefined : parsed) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${label} must be JSON.` });
        return z.NEVER;
      }
    })
    .pipe(schema.optional());
}

export const searchQuery = z.object({
  domain_name: z.string().max(253).optional().default(''),
  extensions: jsonParam(extensionList, 'extensions'),
  filters: jsonParam(searchFilters, 'filters'),
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_CAP).default(100),
  offset: z.coerce.number().int().min(0).max(SEARCH_COUNT_CAP).default(0),
});
export type SearchQuery = z.input<typeof searchQuery>;

/** One entry of Domain.videos: a pitch the caller may play with GET /api/domains/get_video/{id}. */
export const domainVideoSchema = z.object({
  id: z.number(),
  // A string, not an enum: a state added later must not break a whole domain.
  status: z.string(),
  status_label: z.string(),
  uploader: personRef,
});
export type DomainVideo = z.infer<typeof domainVideoSchema>;

/** The Domain shape of the API; public, so it carries no private owner data (docs/api.md). */
export const domainSchema = z.object({
  id: z.number(),
  /** The name as people read it (Unicode for IDNs). */
  domain_name: z.string(),
  /** The ASCII (punycode) form. */
  domain_ascii: z.string(),
  domain_extension: z.string(),
  business_status: z.string(),
  /** business_status, or 'Enquire' when it is empty. */
  business_status_label: z.string(),
  /**
   * Null in the public view unless the listing is Buy Now: Price Upon Request, Enquire and Get
   * Price keep their price private (`showsAskingPrice`); the owner's view always has it.
   */
  seller_price: z.number().nullable(),
  buyer_price: z.number().nullable(),
  min_offer: z.number(),
  /** Priced above the broker threshold (the Throughbeeds filter): said even where the price is private. */
  thoroughbred: z.boolean(),
  trade_option: z.string().nullable(),
  trade_switch: z.enum(yesNo),
  startup_breeders: z.string().nullable(),
  startup_breeders_switch: z.enum(yesNo),
  description: z.string().nullable(),
  visits: z.number(),
  video_pitch_leads: z.number(),
  status: z.enum(domainStatuses),
  /** Pending approval, Approved or Denied. */
  status_label: z.string(),
  is_approved: z.boolean(),
  sale_status: z.string(),
  /** "or $X a month" when the name is offered on lease to own; '' otherwise. */
  lease_monthly_line: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * The pitches the caller may play: filled on one domain and on the owner's portfolio, always
   * empty on search rows and other lists (docs/api.md).
   */
  videos: z.array(domainVideoSchema),
  user: personRef,
});
export type Domain = z.infer<typeof domainSchema>;

/** What the owner (and admins) also see: review and nameserver state. */
export const ownDomainSchema = domainSchema.extend({
  seller_price: z.number(),
  buyer_price: z.number(),
  reviewed_at: z.string().nullable(),
  ns_status: z.enum(nameserverStates),
  ns_status_label: z.string(),
  ns_checked_at: z.string().nullable(),
});
export type OwnDomain = z.infer<typeof ownDomainSchema>;

/** GET /api/domains/{id}: the owner's view for its owner and admins, the public one for everyone else. */
export const domainDetailSchema = z.union([ownDomainSchema, domainSchema]);

/** GET /api/domains/?page=&limit=: the signed-in user's portfolio. */
export const ownDomainListSchema = z.object({ domains: z.array(ownDomainSchema), count: z.number() });
export type OwnDomainList = z.infer<typeof ownDomainListSchema>;

/** POST /api/domains/ (import), 201: names added, and names someone already had. */
export const importResultSchema = z.object({ created: z.array(z.string()), existing_domains: z.array(z.string()) });
export type ImportResult = z.infer<typeof importResultSchema>;

/** GET /api/domains/nameservers/: where owners point their domains, and how often they are checked. */
export const nameserversSchema = z.object({
  nameservers: z.array(z.string()),
  /** Minutes between the server's automatic checks; 0 when it runs none. */
  check_interval_minutes: z.number(),
});
export type Nameservers = z.infer<typeof nameserversSchema>;

/** GET /api/domains/recently-viewed/: newest first. */
export const recentlyViewedDomainSchema = domainSchema.extend({ viewed_at: z.string() });
export type RecentlyViewedDomain = z.infer<typeof recentlyViewedDomainSchema>;

/** GET /api/domains/traffic/?days=&domain_id=: daily visits of the owner's domains. */
export const trafficSchema = z.object({
  /** Every day of the period, oldest first (YYYY-MM-DD, UTC). */
  days: z.array(z.string()),
  /** Domains with visits in the period, busiest first. */
  series: z.array(
    z.object({
      domain_id: z.number(),
      domain_name: z.string(),
      total: z.number(),
      points: z.array(z.object({ day: z.string(), visits: z.number() })),
    }),
  ),
  referrers: z.array(z.object({ referrer: z.string(), visits: z.number() })),
});
export type Traffic = z.infer<typeof trafficSchema>;

/** POST /api/domains/admin/approval/ {ids, action}: how many pending domains changed. */
export const bulkReviewResultSchema = z.object({ updated: z.number() });

