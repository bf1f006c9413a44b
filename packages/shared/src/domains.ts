import { BROKER_ABOVE, BUY_NOW_REQUIRED_BELOW, COMMISSION_BUYER_SHARE, COMMISSION_RATE } from './constants.js';

/** Business status values (docs/product.md section 5, Domains); an empty value is shown as Enquire. */
export const businessStatuses = ['Buy Now', 'Price Upon Request', 'Enquire', 'Get Price'] as const;
export type BusinessStatus = (typeof businessStatuses)[number];

export function businessStatusLabel(status: string | null | undefined): string {
  return status && status.trim() ? status : 'Enquire';
}

/**
 * Only a Buy Now listing shows its asking price to the public; Price Upon Request, Enquire and
 * Get Price are negotiated, so every public answer and page leaves their price out
 * (docs/product.md, Domains). The owner and admins still see it in their own views.
 */
export function showsAskingPrice(businessStatus: string | null | undefined): boolean {
  return businessStatus === 'Buy Now';
}

/** A listing's prices as the public sees them: null where the listing type keeps them private. */
export function publicPrices(d: { business_status: string | null; seller_price: number; buyer_price: number }): { seller_price: number | null; buyer_price: number | null } {
  return showsAskingPrice(d.business_status) ? { seller_price: d.seller_price, buyer_price: d.buyer_price } : { seller_price: null, buyer_price: null };
}

export const tradeOptions = ['3 Figures', '4 Figures', '5 Figures'] as const;
export type TradeOption = (typeof tradeOptions)[number];

/** The category a startup-breeder request is filed under (the breeder switch's value). */
export const BREEDER_REQUEST_CATEGORY = 'Startup Breeders';

/**
 * What a trade or breeder request can be about: a trade option or the breeder category. The
 * category reaches the seller's notification and e-mail, so nothing else is accepted.
 */
export const leadRequestCategories = [...tradeOptions, BREEDER_REQUEST_CATEGORY] as const;
export type LeadRequestCategory = (typeof leadRequestCategories)[number];

export function isLeadRequestCategory(value: string | null | undefined): value is LeadRequestCategory {
  return (leadRequestCategories as readonly string[]).includes(value ?? '');
}

/** Only one startup-breeder option exists, and it is labelled so. */
export const startupBreederOptions = ['Pitch to Us'] as const;
export const STARTUP_BREEDER_LABEL = 'Pitch to Us';

export const yesNo = ['Yes', 'No'] as const;
export type YesNo = (typeof yesNo)[number];

/** Listing type filters, spelled as the product has always shown them (Throughbeeds included). */
export const listingTypeFilters = ['Buy Now', 'Price Upon Request', 'Throughbeeds', 'Startup Breeders'] as const;
export type ListingTypeFilter = (typeof listingTypeFilters)[number];

export const excludeFilters = ['Number', 'No Hyphens', 'IDN'] as const;
export type ExcludeFilter = (typeof excludeFilters)[number];

/**
 * Extensions the app knows by name: the filter panel suggests them, and one typed as the whole
 * search text ("com" as well as ".com") searches that extension instead of labels containing it.
 * Kept short on purpose: every entry stops being searchable as a plain label word.
 */
export const KNOWN_EXTENSIONS = ['com', 'net', 'org', 'io', 'ai', 'co', 'app', 'dev', 'xyz', 'shop', 'co.uk'] as const;

/** The known extension a whole search text names ("com", ".com", " .CO.UK "), else undefined. */
export function bareExtension(text: string): string | undefined {
  const candidate = text.trim().toLowerCase().replace(/^\.+/, '');
  return (KNOWN_EXTENSIONS as readonly string[]).includes(candidate) ? candidate : undefined;
}

export const PRICE_FILTER_RANGE = [0, 100_000] as const;
export const CHARACTER_FILTER_RANGE = [0, 65] as const;

/** A premium name: priced above the broker threshold ("Throughbeeds" / Thoroughbred Domain). */
export function isThoroughbred(sellerPrice: number): boolean {
  return sellerPrice > BROKER_ABOVE;
}

/** Offers are not taken on names under the Buy Now threshold: they sell at their price. */
export function requiresBuyNow(sellerPrice: number): boolean {
  return sellerPrice > 0 && sellerPrice < BUY_NOW_REQUIRED_BELOW;
}

export interface CommissionSplit {
  price: number;
  commission: number;
  buyerShare: number;
  sellerShare: number;
  buyerTotal: number;
  sellerNet: number;
}

/** 10% commission split between buyer and seller (50/50 unless negotiated); whole dollars. */
export function commissionSplit(price: number, buyerSharePart: number = COMMISSION_BUYER_SHARE): CommissionSplit {
  const commission = Math.round(price * COMMISSION_RATE);
  const buyerShare = Math.round(commission * buyerSharePart);
  const sellerShare = commission - buyerShare;
  return { price, commission, buyerShare, sellerShare, buyerTotal: price + buyerShare, sellerNet: price - sellerShare };
}

/** Sponsored-headline category membership (docs/product.md section 5, Domains). */
export type SponsoredCategory = 'Buy Now' | 'Trade Domains' | 'Startup Breeders';
export function domainCategories(d: {
  business_status: string;
  trade_switch: YesNo;
  trade_option: string | null;
  startup_breeders_switch: YesNo;
}): SponsoredCategory[] {
  const categories: SponsoredCategory[] = [];
  if (d.business_status === 'Buy Now') categories.push('Buy Now');
  if (d.trade_switch === 'Yes' && d.trade_option) categories.push('Trade Domains');
  if (d.startup_breeders_switch === 'Yes') categories.push('Startup Breeders');
  return categories;
}

export const domainStatuses = ['pending', 'approved', 'denied'] as const;
export type DomainStatus = (typeof domainStatuses)[number];
export const domainStatusLabels: Record<DomainStatus, string> = {
  pending: 'Pending approval',
  approved: 'Approved',
  denied: 'Denied',
};

export const nameserverStates = ['unchecked', 'pending', 'verified', 'failed'] as const;
export type NameserverState = (typeof nameserverStates)[number];
export const nameserverStateLabels: Record<NameserverState, string> = {
  unchecked: 'Not checked yet',
  pending: 'Not pointed at our nameservers yet',
  verified: 'Nameservers verified',
  // The row is the domain; what failed is looking up its NS records (no answer, or none).
  failed: 'Nameservers could not be looked up',
};

/** What a landing page needs to know to offer its actions. */
export interface LandingActionInput {
  business_status: string;
  /** Null where the listing keeps its price private (`showsAskingPrice`). */
  seller_price: number | null;
  /** Priced above the broker threshold (`isThoroughbred`); public even where the price is not. */
  thoroughbred: boolean;
  trade_option: string | null;
  tradeListed: boolean;
  breederListed: boolean;
}

/** The actions a domain's landing page offers a visitor who does not own it. */
export interface LandingActions {
  buyNow: boolean;
  offer: boolean;
  trade: boolean;
  breeder: boolean;
  broker: boolean;
}

/**
 * One rule for the landing page's buttons, in the app and on the server-rendered page: Buy Now
 * with a price, offers unless the name must sell at its Buy Now price, trade and breeder requests
 * when listed so, and the broker for premium names.
 */
export function landingActions(d: LandingActionInput): LandingActions {
  return {
    buyNow: d.business_status === 'Buy Now' && (d.seller_price ?? 0) > 0,
    // A private price is never one that must sell at Buy Now: below that line only Buy Now is allowed.
    offer: !requiresBuyNow(d.seller_price ?? 0),
    trade: d.tradeListed && Boolean(d.trade_option),
    breeder: d.breederListed,
    broker: d.thoroughbred,
  };
}

/** The landing page actions that run in the app after sign-in (`/landing/{id}?action=`). */
export const landingActionParams = ['offer', 'trade', 'breeder', 'broker'] as const;
export type LandingActionParam = (typeof landingActionParams)[number];
