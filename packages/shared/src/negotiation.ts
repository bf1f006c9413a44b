import { OFFER_VALIDITY_DAYS } from './constants.js';
import { leadRequestCategories } from './domains.js';

/** Negotiation status codes (docs/product.md section 5, Negotiation). */
export const NegotiationStatus = {
  InitialRequest: 1,
  CounterOffer: 2,
  /** Ours: the seller ends a negotiation without a deal (the code the spec's list leaves free). */
  Decline: 3,
  Accept: 4,
  AssignBroker: 5,
  BiddingWar: 6,
  BreederBudgetOffer: 7,
} as const;
export type NegotiationStatus = (typeof NegotiationStatus)[keyof typeof NegotiationStatus];
export const negotiationStatusValues = [1, 2, 3, 4, 5, 6, 7] as const;

export const negotiationStatusLabels: Record<NegotiationStatus, string> = {
  1: 'Initial request',
  2: 'Counter offer',
  3: 'Declined',
  4: 'Accepted',
  5: 'Broker assigned',
  6: 'Bidding war',
  7: 'Startup breeder budget offer',
};

/**
 * What one step of a lead's history is called. Status 2 is both the buyer's opening offer and
 * every answer to a price: the first status-2 step of a lead, when the buyer made it, is an
 * "Offer" (it counters nothing); one that replaces the same party's own standing price is a
 * "Changed offer" (it counters nothing either); every other one is a "Counter offer".
 * `earlier` is the lead's steps before this one, oldest first.
 */
export function negotiationStepLabel(
  step: { status: number; byBuyer: boolean },
  earlier: readonly { status: number; byBuyer: boolean; amount: number }[],
): string {
  const status = step.status as NegotiationStatus;
  if (status === NegotiationStatus.CounterOffer) {
    const previous = [...earlier].reverse().find((e) => PRICED_STATUSES.includes(e.status as NegotiationStatus) && e.amount > 0);
    if (!previous && step.byBuyer) return 'Offer';
    if (previous && previous.byBuyer === step.byBuyer) return 'Changed offer';
  }
  return negotiationStatusLabels[status] ?? 'Unknown';
}

/** Steps that put a price on the table. */
const PRICED_STATUSES: readonly NegotiationStatus[] = [2, 6, 7];

/** The offer input appears only for these codes. */
export const OFFER_STATUSES: readonly NegotiationStatus[] = [2, 7];

export function offerExpiry(createdAt: Date): Date {
  return new Date(createdAt.getTime() + OFFER_VALIDITY_DAYS * 86_400_000);
}

export const leadStatuses = ['open', 'accepted', 'declined', 'closed'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
export const leadStatusLabels: Record<LeadStatus, string> = {
  open: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  closed: 'Closed',
};

export const negotiationMessages = {
  leadSubmitted: 'Your request is submitted succefully',
  leadFailed: 'Something went wrong!',
  offerSubmitted: 'Your offer has been submitted successfully',
  brokerAssigned: 'This negotiation has been submitted to our Broker Team. You will be contacted soon',
  biddingWar:
    'Your domain will be shown as a sponsored headline on our home page and across our advertising network, and previous bidders have been contacted.',
  accepted: 'Your request is submitted succefully',
  declined: 'You declined this negotiation. The buyer has been told.',
  // Ours: the marketplace rules the server enforces (docs/product.md section 5, Negotiation).
  ownDomain: 'You cannot make a request on your own domain.',
  notAvailable: 'This domain is not available for offers.',
  buyNowOnly: 'Domains under $10,000 are sold at their Buy Now price and take no offers.',
  belowMinOffer: (min: number) => `Offers on this domain start at $${min.toLocaleString('en-US')}.`,
  brokerThreshold: 'A broker is available only for deals above $50,000.',
  breederThreshold: 'Startup breeder budget offers must be above $10,000.',
  notBreederDomain: 'This domain is not open to startup breeder offers.',
  amountRequired: 'Please enter an amount.',
  amountInvalid: 'Please enter a whole number of dollars.',
  amountTooHigh: 'Please enter an amount up to $1,000,000,000.',
  nothingToAccept: 'There is no offer from the other party to accept.',
  offerExpired: 'This offer has expired and can no longer be accepted.',
  alreadyAccepted: 'This negotiation has already been accepted.',
  closed: 'This negotiation is closed.',
  notYourMove: 'Only the buyer can make this request.',
  sellerOnly: 'Only the seller can start a bidding war.',
  sellerOnlyDecline: 'Only the seller can decline a negotiation.',
  declinedLead: 'The seller declined this negotiation.',
  notBreederBuyer: 'Startup breeder budget offers follow a startup breeder request: send one from the domain page first.',
  biddingWarNeedsBids: 'A bidding war needs at least one earlier offer.',
  statusNotAllowed: 'This action is not allowed now.',
  notParty: 'Only the buyer and the seller can see this negotiation.',
  categoryInvalid: `The request type must be one of: ${leadRequestCategories.join(', ')}.`,
  requestsThrottled: 'You have sent many requests in a short time. Please wait before sending another.',
  buyNowUnavailable: 'This domain cannot be bought now.',
} as const;

export const MAX_OFFER = 1_000_000_000;
