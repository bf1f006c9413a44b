import type { NegotiationEntry, NegotiationLead, NegotiationView } from './api/get-negotiation-view';

/** Builders for negotiation page data, as the server's view() answers it. */
export function entry(overrides: Partial<NegotiationEntry> = {}): NegotiationEntry {
  return {
    id: 1,
    domain_lead_id: 10,
    domain_id: 5,
    domain_name: 'premium-deal.com',
    amount: 18000,
    status: 2,
    status_label: 'Counter offer',
    author: 'buyer',
    created_at: '2025-03-01T10:00:00.000Z',
    expires_at: '2025-03-08T10:00:00.000Z',
    expired: false,
    lease: null,
    ...overrides,
  };
}

/** A lead as a test describes it: its side (`role`) is the page's unless the test names one. */
export type LeadDraft = Omit<NegotiationLead, 'role'> & { role?: NegotiationLead['role'] };

export function lead(overrides: Partial<NegotiationLead> = {}): LeadDraft {
  return {
    id: 10,
    buyer_name: 'Bob B.',
    status: 'open',
    category: null,
    broker_requested: false,
    accepted_amount: null,
    split: null,
    order_id: null,
    lease_id: null,
    allowed_statuses: [2],
    entries: [],
    ...overrides,
  };
}

export function view(
  overrides: Partial<Omit<NegotiationView, 'leads'>> & { leads?: LeadDraft[] } = {},
  domain: Partial<NegotiationView['domain']> = {},
): NegotiationView {
  const { leads, ...rest } = overrides;
  const role = rest.role ?? 'buyer';
  return {
    domain: {
      id: 5,
      domain_name: 'premium-deal.com',
      seller_price: 25000,
      min_offer: 15000,
      business_status: 'Price Upon Request',
      sale_status: 'available',
      startup_breeders_switch: 'No',
      lease_terms: null,
      ...domain,
    },
    role,
    ...rest,
    leads: (leads ?? [lead()]).map((l) => ({ ...l, role: l.role ?? role })),
  };
}
