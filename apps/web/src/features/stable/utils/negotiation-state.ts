import { NegotiationStatus } from '@market/shared';
import type { NegotiationEntry, NegotiationLead } from '../api/get-negotiation-view';
import type { PartyRole } from './offer-rules';

const carriesOffer = (status: number) =>
  status === NegotiationStatus.CounterOffer ||
  status === NegotiationStatus.BreederBudgetOffer ||
  status === NegotiationStatus.BiddingWar;

/** The newest entry that puts an amount on the table (2, 6 or 7), as the server reads it. */
export function latestOffer(entries: NegotiationEntry[]): NegotiationEntry | undefined {
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const e = entries[i];
    if (e && carriesOffer(e.status) && e.amount > 0) return e;
  }
  return undefined;
}

/** The other party's valid offer: what "Accept" accepts. */
export function acceptableOffer(lead: NegotiationLead, role: PartyRole): NegotiationEntry | undefined {
  const offer = latestOffer(lead.entries);
  if (!offer || offer.expired || offer.author === role) return undefined;
  return offer;
}

export function otherParty(role: PartyRole): PartyRole {
  return role === 'buyer' ? 'seller' : 'buyer';
}
