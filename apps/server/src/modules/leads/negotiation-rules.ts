import {
  BREEDER_REQUEST_CATEGORY,
  BROKER_ABOVE,
  NegotiationStatus,
  OFFER_STATUSES,
  requiresBuyNow,
} from '@market/shared';
import type { DomainRow } from '../domains/index.js';
import type { EntryRow, LeadRow } from './leads.repository.js';

export type PartyRole = 'buyer' | 'seller';

export interface NegotiationState {
  lead: LeadRow;
  domain: DomainRow;
  entries: EntryRow[];
  now: Date;
}

/** The newest offer (2, 6 or 7) on the lead, if any. */
export function latestOffer(entries: EntryRow[]): EntryRow | undefined {
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const e = entries[i];
    if (e && (OFFER_STATUSES.includes(e.status as NegotiationStatus) || e.status === NegotiationStatus.BiddingWar) && e.amount > 0) {
      return e;
    }
  }
  return undefined;
}

export function isExpired(entry: EntryRow, now: Date): boolean {
  return entry.expires_at !== null && Date.parse(entry.expires_at) <= now.getTime();
}

export function roleOf(lead: LeadRow, userId: number): PartyRole | undefined {
  if (lead.buyer_id === userId) return 'buyer';
  if (lead.seller_id === userId) return 'seller';
  return undefined;
}

/** The size of the deal on the table: the newest offer, else the asking price. */
export function dealSize(state: NegotiationState): number {
  return Math.max(latestOffer(state.entries)?.amount ?? 0, state.domain.seller_price);
}

/** An offer from the other party that is still valid: what "accept" would accept. */
export function acceptableOffer(state: NegotiationState, role: PartyRole): EntryRow | undefined {
  const offer = latestOffer(state.entries);
  if (!offer || isExpired(offer, state.now)) return undefined;
  const authorRole = offer.author_id === state.lead.buyer_id ? 'buyer' : 'seller';
  return authorRole === role ? undefined : offer;
}

/**
 * A startup breeder buyer: one who sent a startup breeder request on a domain listed for
 * startup breeders. Only they make (and read the rules of) startup breeder budget offers.
 */
export function isBreederBuyer({ lead, domain }: Pick<NegotiationState, 'lead' | 'domain'>): boolean {
  return Boolean(domain.startup_breeders_switch) && lead.category === BREEDER_REQUEST_CATEGORY;
}

/** What the viewer may post now; the page shows exactly these actions and the API enforces them. */
export function allowedStatuses(state: NegotiationState, role: PartyRole): NegotiationStatus[] {
  const { lead, domain, entries } = state;
  if (lead.status !== 'open' || domain.sale_status !== 'available' || domain.status !== 'approved') return [];
  const takesOffers = !requiresBuyNow(domain.seller_price);
  const allowed: NegotiationStatus[] = [];
  if (role === 'buyer') {
    if (entries.length === 0) allowed.push(NegotiationStatus.InitialRequest);
    if (takesOffers) allowed.push(NegotiationStatus.CounterOffer);
    if (isBreederBuyer(state)) allowed.push(NegotiationStatus.BreederBudgetOffer);
  } else {
    if (takesOffers && entries.length > 0) allowed.push(NegotiationStatus.CounterOffer);
    // Once a buyer has asked, the seller may say no rather than leave them waiting.
    if (entries.length > 0) allowed.push(NegotiationStatus.Decline);
    if (latestOffer(entries)) allowed.push(NegotiationStatus.BiddingWar);
  }
  if (acceptableOffer(state, role)) allowed.push(NegotiationStatus.Accept);
  if (dealSize(state) > BROKER_ABOVE && !lead.broker_requested_at) allowed.push(NegotiationStatus.AssignBroker);
  return allowed.sort((a, b) => a - b);
}

