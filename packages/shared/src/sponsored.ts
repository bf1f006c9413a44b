import { z } from 'zod';
import { SPONSORED_PRICES } from './constants.js';
import { paymentProviders } from './deals.js';
import { sponsoredActions, sponsoredFlow, stateLabels, statesOf } from './escrow/index.js';
import { centsSchema } from './money.js';
import type { SponsoredCategory } from './domains.js';

/** The three listing categories, with stable ids for the API's category_obj. */
export const sponsoredCategories: { id: number; name: SponsoredCategory; advertisement_price: number }[] = [
  { id: 1, name: 'Buy Now', advertisement_price: SPONSORED_PRICES['Buy Now'] },
  { id: 2, name: 'Trade Domains', advertisement_price: SPONSORED_PRICES['Trade Domains'] },
  { id: 3, name: 'Startup Breeders', advertisement_price: SPONSORED_PRICES['Startup Breeders'] },
];
export const sponsoredCategoryNames = sponsoredCategories.map((c) => c.name) as [SponsoredCategory, ...SponsoredCategory[]];

/** How long a bought headline runs. */
export const SPONSORED_PERIOD_DAYS = 30;

/** `/sponsored/{page}` slugs and the category each shows. */
export const sponsoredPages = {
  'domain-trade': 'Trade Domains',
  'buy-now': 'Buy Now',
  'startup-breeders': 'Startup Breeders',
} as const satisfies Record<string, SponsoredCategory>;
export type SponsoredPage = keyof typeof sponsoredPages;

export const sponsoredMessages = {
  cartEmpty: 'There are no items in your cart.',
  orderPlaced: 'Order Placed Successfully!',
  // Ours.
  notYourDomain: 'You can sponsor only your own approved domains.',
  notInCategory: (domain: string, category: string) => `${domain} is not listed as ${category}.`,
  duplicate: (domain: string, category: string) => `${domain} appears twice under ${category}.`,
  alreadyRunning: (domain: string, category: string) => `${domain} already has a running ${category} headline.`,
  alreadyOrdered: (domain: string, category: string) => `${domain} is already in a ${category} order waiting for its payment.`,
  cartNotOpen: 'This cart has already been ordered.',
  awaitingPayment: 'Your headlines start as soon as your payment arrives.',
  outOfOrder: (label: string) => `This order is ${label.toLowerCase()}: that step is not possible now.`,
  notFound: 'Sponsored order not found.',
} as const;

/** A sponsored order's states and their labels: the sponsored flow (escrow/sponsored-flow.ts) is the one list. */
export const sponsoredOrderStatuses = statesOf(sponsoredFlow);
export type SponsoredOrderStatus = (typeof sponsoredOrderStatuses)[number];
export const sponsoredOrderStatusLabels: Record<SponsoredOrderStatus, string> = stateLabels(sponsoredFlow);

const sponsoredHeadlineSchema = z.object({
  domain_id: z.number(),
  domain_name: z.string(),
  category: z.enum(sponsoredCategoryNames),
  advertisement_price: z.number(),
  /** Null until the order is paid: the headline has not started. */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  running: z.boolean(),
});

/** A sponsored order as its owner (or an admin) sees it; the answer to placing one too. */
export const sponsoredOrderSchema = z.object({
  id: z.number(),
  cart_id: z.number(),
  /** Whole dollars, as the cart shows prices. */
  total_amount: z.number(),
  amount_cents: centsSchema,
  status: z.enum(sponsoredOrderStatuses),
  status_label: z.string(),
  /** The payment provider the order is paid through (`test` for orders placed before payments). */
  payment_mode: z.string(),
  /** The reference a bank transfer for the order quotes. */
  payment_reference: z.string(),
  payment_instructions: z.object({ reference: z.string(), amount_cents: centsSchema, details: z.string() }).nullable(),
  pay_by: z.string().nullable(),
  paid_at: z.string().nullable(),
  paid_reference: z.string().nullable(),
  /** When the headlines stop; null until paid. */
  ends_at: z.string().nullable(),
  created_at: z.string(),
  user: z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string() }).optional(),
  headlines: z.array(sponsoredHeadlineSchema),
  next_step: z.string(),
  /** The steps the viewer may take now; the page offers exactly these. */
  allowed_actions: z.array(z.enum(sponsoredActions)),
});
export type SponsoredOrder = z.infer<typeof sponsoredOrderSchema>;

/** What a payment provider is in use, for the checkout page to say how orders are paid. */
export const sponsoredPaymentModeSchema = z.object({ mode: z.enum(paymentProviders), message: z.string().nullable() });
