import { describe, expect, it } from 'vitest';
import { type DomainEditValues, validateDomainEdit } from './domain-edit.js';
import { domainMessages as dm } from './messages.js';

const base: DomainEditValues = {
  domain_name: 'shop.com',
  seller_price: '25000',
  min_offer: '12000',
  business_status: 'Enquire',
  trade_switch: 'No',
  trade_option: null,
  startup_breeders_switch: 'No',
  startup_breeders: null,
};

describe('validateDomainEdit', () => {
  it('accepts a valid edit and returns clean numbers', () => {
    expect(validateDomainEdit(base).value).toMatchObject({ seller_price: 25000, min_offer: 12000 });
  });

  it('uses the shared messages', () => {
    const { errors } = validateDomainEdit({
      ...base,
      domain_name: ' ',
      seller_price: 'ten',
      min_offer: 'five',
      trade_switch: 'Yes',
      startup_breeders_switch: 'Yes',
    });
    expect(errors).toEqual({
      domain_name: dm.nameRequired,
      seller_price: dm.priceInvalid,
      min_offer: dm.minOfferInvalid,
      trade_option: dm.tradeOptionRequired,
      startup_breeders: dm.startupBreederRequired,
    });
  });

  it('says a negative price or minimum offer must be positive, and how to write it', () => {
    for (const price of ['-500', '$-500', '- $500', -500]) {
      expect(validateDomainEdit({ ...base, seller_price: price }).errors, String(price)).toEqual({ seller_price: dm.priceNegative });
    }
    expect(validateDomainEdit({ ...base, min_offer: '-12000' }).errors).toEqual({ min_offer: dm.minOfferNegative });
    expect(dm.priceNegative).toBe('Price must be a positive amount in dollars, e.g. 2500.');
  });

  it('requires Buy Now and no minimum offer under $10,000', () => {
    expect(validateDomainEdit({ ...base, seller_price: '5000', min_offer: '100' }).errors).toEqual({
      business_status: dm.buyNowRequired,
      min_offer: dm.minOfferNotAllowed,
    });
    expect(validateDomainEdit({ ...base, seller_price: '5000', min_offer: '', business_status: 'Buy Now' }).errors).toEqual({});
  });

  it('needs a price for Buy Now and a minimum offer no higher than the price', () => {
    expect(validateDomainEdit({ ...base, seller_price: '', min_offer: '', business_status: 'Buy Now' }).errors).toEqual({
      seller_price: dm.priceInvalid,
    });
    expect(validateDomainEdit({ ...base, min_offer: '30000' }).errors).toEqual({ min_offer: dm.minOfferAbovePrice });
  });

  it('drops the option of a switch that is off', () => {
    expect(validateDomainEdit({ ...base, trade_option: '3 Figures' }).value?.trade_option).toBeNull();
  });
});
