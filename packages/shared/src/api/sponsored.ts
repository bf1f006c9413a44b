import { z } from 'zod';
import { sponsoredCategoryNames } from '../sponsored.js';
import { domainSchema } from './domains.js';

const sponsoredCategory = z.enum(sponsoredCategoryNames);

/** GET /api/domains/sponsored-headlines/ (public): running headlines, newest first. */
export const sponsoredHeadlineSchema = z.object({
  id: z.number(),
  category_obj: z.object({ id: z.number(), name: sponsoredCategory, advertisement_price: z.number() }),
  /** The public Domain (its `videos` always empty here). */
  domain_obj: domainSchema,
  advertisement_price: z.number(),
  created_at: z.string(),
  ends_at: z.string(),
});
export type SponsoredHeadline = z.infer<typeof sponsoredHeadlineSchema>;

/**
 * GET /api/domains/sponsored-headlines/eligible/: the signed-in seller's approved, available
 * domains that belong to at least one category, with the headlines already running for them.
 */
export const eligibleDomainSchema = z.object({
  id: z.number(),
  domain_name: z.string(),
  business_status: z.string(),
  seller_price: z.number(),
  trade_option: z.string().nullable(),
  categories: z.array(sponsoredCategory),
  running: z.array(z.object({ category: sponsoredCategory, ends_at: z.string() })),
});
export type EligibleDomain = z.infer<typeof eligibleDomainSchema>;

/** POST /api/domains/sponsored-headlines/cart/, 201: the cart, with the server's prices and totals. */
export const sponsoredCartSchema = z.object({
  id: z.number(),
  total_amount: z.number(),
  status: z.string(),
  status_label: z.string(),
  category: z.array(
    z.object({
      name: sponsoredCategory,
      quantity: z.number(),
      unit_price: z.number(),
      sub_total: z.number(),
      domains: z.array(z.object({ id: z.number(), domain_name: z.string() })),
    }),
  ),
  created_at: z.string(),
});
export type SponsoredCart = z.infer<typeof sponsoredCartSchema>;
