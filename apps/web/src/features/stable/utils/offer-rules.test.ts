import { describe, expect, it } from 'vitest';
import { negotiationMessages as nm } from '@market/shared';
import { validateOfferAmount } from './offer-rules';

describe('validateOfferAmount', () => {
  const buyerOffer = { status: 2, role: 'buyer', minOffer: 15000 } as const;

  it('needs an amount above zero', () => {
    expect(validateOfferAmount('', buyerOffer)).toEqual({ error: nm.amountRequired });
    expect(validateOfferAmount('0', buyerOffer)).toEqual({ error: nm.amountRequired });
  });

  it('needs whole dollars', () => expect(validateOfferAmount('15000.5', buyerOffer)).toEqual({ error: nm.amountInvalid }));

  it('caps the amount', () => expect(validateOfferAmount('1000000001', buyerOffer)).toEqual({ error: nm.amountTooHigh }));

  it("holds a buyer's offer to the minimum offer, and lets the minimum itself through", () => {
    expect(validateOfferAmount('14,999', buyerOffer)).toEqual({ error: nm.belowMinOffer(15000) });
    expect(validateOfferAmount('15000', buyerOffer)).toEqual({ amount: 15000 });
  });

  it("does not hold the seller's counter offer to the minimum", () =>
    expect(validateOfferAmount('9000', { status: 2, role: 'seller', minOffer: 15000 })).toEqual({ amount: 9000 }));

  it('needs a startup breeder budget above $10,000', () => {
    const breeder = { status: 7, role: 'buyer', minOffer: 0 } as const;
    expect(validateOfferAmount('10000', breeder)).toEqual({ error: nm.breederThreshold });
    expect(validateOfferAmount('10001', breeder)).toEqual({ amount: 10001 });
  });
});
