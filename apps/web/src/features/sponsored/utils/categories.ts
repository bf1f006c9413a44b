import { type SponsoredCategory, type SponsoredPage, sponsoredCategories, sponsoredPages } from '@market/shared';

/** How each category is named to people (the home table's column names). */
export const categoryLabels: Record<SponsoredCategory, string> = {
  'Trade Domains': 'Domain trade',
  'Buy Now': 'Buy Now',
  'Startup Breeders': 'Startup Breeders',
};

/** The order the public views show the categories in: the home table's column order. */
export const publicCategoryOrder: readonly SponsoredCategory[] = ['Trade Domains', 'Buy Now', 'Startup Breeders'];

export const pageOfCategory = Object.fromEntries(
  Object.entries(sponsoredPages).map(([page, category]) => [category, page]),
) as Record<SponsoredCategory, SponsoredPage>;

export function sponsoredPagePath(category: SponsoredCategory): string {
  return `/sponsored/${pageOfCategory[category]}`;
}

export function isSponsoredPage(page: string | undefined): page is SponsoredPage {
  return page !== undefined && Object.hasOwn(sponsoredPages, page);
}

/** Price per listing, from the shared constants (the server charges the same). */
export function unitPrice(category: SponsoredCategory): number {
  return sponsoredCategories.find((c) => c.name === category)?.advertisement_price ?? 0;
}

/** The lowest price per listing, for "from $3.00" invitations. */
export const cheapestUnitPrice = Math.min(...sponsoredCategories.map((c) => c.advertisement_price));
