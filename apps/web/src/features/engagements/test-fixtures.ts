import type { Engagement, Milestone } from '@market/shared';

/** A milestone as the API answers it: $500.00 at 10%, awaiting funding, for the client. */
export function aMilestone(overrides: Partial<Milestone> = {}): Milestone {
  return {
    id: 31,
    position: 1,
    title: 'Sketches',
    due_date: '2030-01-10',
    status: 'awaiting_funding',
    status_label: 'Awaiting funding',
    amount_cents: 50_000,
    commission_cents: 5_000,
    freelancer_net_cents: 45_000,
    provider: 'manual',
    payment_reference: 'FM-ABCD-EFGH',
    paid_at: null,
    delivered_at: null,
    delivery_note: null,
    approve_by: null,
    approved_at: null,
    payout_at: null,
    refunded_at: null,
    dispute_reason: null,
    resolution_note: null,
    next_step: 'Fund it: pay $500.00 into escrow.',
    payment_instructions: { reference: 'FM-ABCD-EFGH', amount_cents: 50_000, details: 'IBAN IE00 TEST 0000' },
    ...overrides,
  };
}

/** An engagement as the API answers it (the viewer is the client, Ada, id 7). */
export function anEngagement(overrides: Partial<Engagement> = {}): Engagement {
  return {
    id: 12,
    role: 'client',
    client: { id: 7, first_name: 'Ada', last_name: 'Lovelace' },
    freelancer: { id: 9, first_name: 'Grace', last_name: 'Hopper' },
    title: 'A logo',
    brief: 'A logo for my domain.',
    budget_cents: 50_000,
    deadline: '2030-01-31',
    domain_name: null,
    order_id: null,
    status: 'active',
    status_label: 'Hired',
    decline_reason: null,
    terms_version: 2,
    commission_percent: 10,
    closed: false,
    contacts_unmasked: false,
    milestones: [aMilestone()],
    events: [],
    unread_messages: 0,
    created_at: '2029-12-01T10:00:00.000Z',
    updated_at: '2029-12-01T10:00:00.000Z',
    ...overrides,
  };
}
