import { domainMessages as dm } from './messages.js';
import { businessStatuses, requiresBuyNow, startupBreederOptions, tradeOptions } from './domains.js';
import { parseDollars } from './money.js';
import type { FieldErrors } from './validation.js';

export const MAX_PRICE = 1_000_000_000;

export interface DomainEditValues {
  domain_name: string;
  seller_price: string | number | null;
  min_offer: string | number | null;
  business_status: string;
  trade_switch: string;
  trade_option: string | null;
  startup_breeders_switch: string;
  startup_breeders: string | null;
}

export interface DomainEdit {
  seller_price: number;
  min_offer: number;
  business_status: string;
  trade_switch: 'Yes' | 'No';
  trade_option: string | null;
  startup_breeders_switch: 'Yes' | 'No';
  startup_breeders: string | null;
}

/** A minus sign before the amount: a number, but not a price ("-500", "$-500", "- $500"). */
function isNegative(value: string | number | null | undefined): boolean {
  if (typeof value === 'number') return value < 0;
  return typeof value === 'string' && /^\s*(?:\$\s*)?-\s*\$?\s*\d/.test(value);
}

/** A price field: whole dollars (a blank field is zero), or undefined when it is not one. */
function priceField(value: string | number | null | undefined): number | undefined {
  const parsed = parseDollars(value);
  if (parsed === 'empty') return 0;
  return parsed === 'invalid' || parsed >= 1e12 ? undefined : parsed;
}

/**
 * The edit-domain rules plus the Buy Now rule (under $10,000: Buy Now, no offers; docs/product.md
 * section 5, Domains). Returns the clean values or the first error per field.
 */
export function validateDomainEdit(v: DomainEditValues): { errors: FieldErrors<keyof DomainEditValues>; value?: DomainEdit } {
  const errors: FieldErrors<keyof DomainEditValues> = {};
  if (!v.domain_name?.trim()) errors.domain_name = dm.nameRequired;
  const price = priceField(v.seller_price);
  const minOffer = priceField(v.min_offer);
  if (isNegative(v.seller_price)) errors.seller_price = dm.priceNegative;
  else if (price === undefined) errors.seller_price = dm.priceInvalid;
  else if (price > MAX_PRICE) errors.seller_price = dm.priceTooHigh;
  if (isNegative(v.min_offer)) errors.min_offer = dm.minOfferNegative;
  else if (minOffer === undefined) errors.min_offer = dm.minOfferInvalid;
  const status = v.business_status ?? '';
  if (status !== '' && !(businessStatuses as readonly string[]).includes(status)) errors.business_status = 'Please choose a listed status.';
  const tradeOn = v.trade_switch === 'Yes';
  const breederOn = v.startup_breeders_switch === 'Yes';
  if (tradeOn && !(tradeOptions as readonly string[]).includes(v.trade_option ?? '')) errors.trade_option = dm.tradeOptionRequired;
  if (breederOn && !(startupBreederOptions as readonly string[]).includes(v.startup_breeders ?? '')) {
    errors.startup_breeders = dm.startupBreederRequired;
  }
  if (price !== undefined && minOffer !== undefined && !errors.seller_price) {
    if (status === 'Buy Now' && price === 0) errors.seller_price = dm.priceInvalid;
    if (requiresBuyNow(price)) {
      if (status !== 'Buy Now') errors.business_status = dm.buyNowRequired;
      if (minOffer > 0) errors.min_offer = dm.minOfferNotAllowed;
    } else if (price > 0 && minOffer > price) {
      errors.min_offer = dm.minOfferAbovePrice;
    }
  }
  if (Object.keys(errors).length > 0 || price === undefined || minOffer === undefined) return { errors };
  return {
    errors,
    value: {
      seller_price: price,
      min_offer: minOffer,
      business_status: status,
      trade_switch: tradeOn ? 'Yes' : 'No',
      trade_option: tradeOn ? (v.trade_option ?? null) : null,
      startup_breeders_switch: breederOn ? 'Yes' : 'No',
      startup_breeders: breederOn ? (v.startup_breeders ?? null) : null,
    },
  };
}
