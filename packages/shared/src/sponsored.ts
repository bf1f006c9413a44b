import { SPONSORED_PRICES } from './constants.js';
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
  cartNotOpen: 'This cart has already been ordered.',
  paymentFailed: 'The payment did not go through. Nothing was charged.',
  testMode: 'Test mode: orders are marked paid without a real charge.',
} as const;

/** Dollars with two decimals, as the spec shows prices. */
export function formatPrice(amount: number): string {
  return `$${amount.toFixed(2)}`;
}
