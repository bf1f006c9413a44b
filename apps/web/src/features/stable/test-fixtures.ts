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
    ...overrides,
  };
}

export function lead(overrides: Partial<NegotiationLead> = {}): NegotiationLead {
  return {
    id: 10,
    buyer_name: 'Bob B.',
    status: 'open',
    category: null,
    broker_requested: false,
    accepted_amount: null,
    split: null,
    order_id: null,
    allowed_statuses: [2],
    entries: [],
    ...overrides,
  };
}

export function view(overrides: Partial<NegotiationView> = {}, domain: Partial<NegotiationView['domain']> = {}): NegotiationView {
  return {
    domain: {
      id: 5,
      domain_name: 'premium-deal.com',
      seller_price: 25000,
      min_offer: 15000,
      business_status: 'Price Upon Request',
      sale_status: 'available',
      startup_breeders_switch: 'No',
      ...domain,
    },
    role: 'buyer',
    leads: [lead()],
    ...overrides,
  };
}
