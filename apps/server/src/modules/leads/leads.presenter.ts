import { asCents, commissionSplit, type LeadStatus, leaseTermsOf, negotiationStepLabel, type NegotiationStatus, offerLease, publicName } from '@market/shared';
import type { DomainRow } from '../domains/index.js';
import type { EntryRow, LeadRow } from './leads.repository.js';

/** One step of a negotiation. `earlier`: the lead's entries before this one, oldest first (they decide its label). */
export function presentEntry(entry: EntryRow, lead: LeadRow, domain: DomainRow, now: Date, earlier: readonly EntryRow[]) {
  return {
    id: entry.id,
    domain_lead_id: lead.id,
    domain_id: domain.id,
    domain_name: domain.domain_unicode,
    amount: entry.amount,
    status: entry.status,
    status_label: negotiationStepLabel(
      { status: entry.status, byBuyer: entry.author_id === lead.buyer_id },
      earlier.map((e) => ({ status: e.status, amount: e.amount, byBuyer: e.author_id === lead.buyer_id })),
    ),
    author: entry.author_id === lead.buyer_id ? ('buyer' as const) : ('seller' as const),
    created_at: entry.created_at,
    expires_at: entry.expires_at,
    expired: entry.expires_at !== null && Date.parse(entry.expires_at) <= now.getTime(),
    lease: entryLease(entry),
  };
}

/** The plan of an offer in instalments, on the terms it was made on; null for one paid at once. */
export function entryLease(entry: Pick<EntryRow, 'amount' | 'lease_months' | 'lease_down_payment_cents' | 'lease_rate_bp'>) {
  if (entry.lease_months === null || entry.amount <= 0) return null;
  return offerLease(entry.amount, { months: entry.lease_months, down_payment_cents: asCents(entry.lease_down_payment_cents), rate_bp: entry.lease_rate_bp });
}

/** The domain as the negotiation page heads it. */
export function presentNegotiationDomain(domain: DomainRow) {
  return {
    id: domain.id,
    domain_name: domain.domain_unicode,
    seller_price: domain.seller_price,
    min_offer: domain.min_offer,
    business_status: domain.business_status,
    sale_status: domain.sale_status,
    startup_breeders_switch: domain.startup_breeders_switch ? ('Yes' as const) : ('No' as const),
    lease_terms: leaseTermsOf(domain),
  };
}

/**
 * The domain as the page heads it for someone whose negotiations were with an owner before the
 * current one: sold, and nothing of the new owner's listing (not public until approved).
 */
export function presentSoldNegotiationDomain(domain: DomainRow): ReturnType<typeof presentNegotiationDomain> {
  return {
    id: domain.id,
    domain_name: domain.domain_unicode,
    seller_price: 0,
    min_offer: 0,
    business_status: '',
    sale_status: 'sold',
    startup_breeders_switch: 'No',
    lease_terms: null,
  };
}

/** One lead on the negotiation page: its history, state, split and what the viewer may do next. */
export function presentLead(
  lead: LeadRow,
  domain: DomainRow,
  entries: readonly EntryRow[],
  context: { role: 'buyer' | 'seller'; buyerName: string; orderId: number | null; leaseId: number | null; allowedStatuses: NegotiationStatus[]; now: Date },
) {
  return {
    id: lead.id,
    role: context.role,
    buyer_name: context.buyerName,
    status: lead.status as LeadStatus,
    category: lead.category,
    broker_requested: lead.broker_requested_at !== null,
    accepted_amount: lead.accepted_amount,
    split: lead.accepted_amount ? commissionSplit(lead.accepted_amount) : null,
    order_id: context.orderId,
    lease_id: context.leaseId,
    allowed_statuses: context.allowedStatuses,
    entries: entries.map((e, i) => presentEntry(e, lead, domain, context.now, entries.slice(0, i))),
  };
}

/** A buyer shown to the other party: first name and initial. */
export function buyerName(user: { first_name: string; last_name: string } | undefined): string {
  return user ? publicName(user) : 'Buyer';
}

/**
 * A row of the leads summary: one domain the viewer negotiates on, on one side. Leads that were
 * all with an earlier owner read "Sold": the domain changed hands after them.
 */
export function presentLeadSummary(
  row: {
    domain_id: number;
    domain_name: string;
    role: 'buyer' | 'seller';
    sale_status: string;
    with_owner: number | string;
    total_inquiries: number | string;
    last_bid_date: string | null;
  },
  lastBid: number | undefined,
) {
  const sale = Number(row.with_owner) === 1 ? row.sale_status : 'sold';
  return {
    domain_id: row.domain_id,
    domain_name: row.domain_name,
    role: row.role,
    total_inquiries: Number(row.total_inquiries),
    last_bid_amount: lastBid ?? null,
    last_bid_date: row.last_bid_date ?? null,
    status_label: sale === 'sold' ? 'Sold' : sale === 'under_order' ? 'Under order' : 'Open',
  };
}
