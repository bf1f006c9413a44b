import {
  BREEDER_BUDGET_ABOVE,
  MAX_OFFER,
  NegotiationStatus,
  negotiationMessages as nm,
  parseDollars,
} from '@market/shared';

export type PartyRole = 'buyer' | 'seller';

/** The two codes that carry an amount typed by the user (OFFER_STATUSES). */
export type OfferStatus = typeof NegotiationStatus.CounterOffer | typeof NegotiationStatus.BreederBudgetOffer;

export interface OfferContext {
  status: OfferStatus;
  role: PartyRole;
  /** The domain's minimum offer; 0 means none. It binds the buyer only, as on the server. */
  minOffer: number;
}

/**
 * The server's rules for an amount, checked before sending so the user learns them at once.
 * Returns the amount or the message to show (the same shared message the server would send).
 */
export function validateOfferAmount(raw: string, { status, role, minOffer }: OfferContext): { amount: number } | { error: string } {
  const parsed = parseDollars(raw);
  if (parsed === 'empty' || parsed === 0) return { error: nm.amountRequired };
  if (parsed === 'invalid') return { error: nm.amountInvalid };
  if (parsed > MAX_OFFER) return { error: nm.amountTooHigh };
  if (status === NegotiationStatus.BreederBudgetOffer && parsed <= BREEDER_BUDGET_ABOVE) return { error: nm.breederThreshold };
  if (status === NegotiationStatus.CounterOffer && role === 'buyer' && minOffer > 0 && parsed < minOffer) {
    return { error: nm.belowMinOffer(minOffer) };
  }
  return { amount: parsed };
}
