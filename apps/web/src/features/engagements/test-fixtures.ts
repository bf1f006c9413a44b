import { allowedActions, asCents, type Engagement, type Milestone, milestoneFlow } from '@market/shared';

/** A milestone as the API answers it: $500.00 at 10%, awaiting funding, for the client. */
export function aMilestone(overrides: Partial<Milestone> = {}): Milestone {
  return {
    id: 31,
    position: 1,
    title: 'Sketches',
    due_date: '2030-01-10',
    status: 'awaiting_funding',
    status_label: 'Awaiting funding',
    amount_cents: asCents(50_000),
    commission_cents: asCents(5_000),
    freelancer_net_cents: asCents(45_000),
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
    allowed_actions: ['fund_by_bank_transfer', 'cancel'],
    payment_instructions: { reference: 'FM-ABCD-EFGH', amount_cents: asCents(50_000), details: 'IBAN IE00 TEST 0000' },
    ...overrides,
  };
}

/**
 * An engagement as the API answers it (the viewer is the client, Ada, id 7, unless `role` says
 * otherwise). Each milestone's next steps are the viewer's, from the shared milestone flow, as the
 * server's are.
 */
export function anEngagement(overrides: Partial<Engagement> = {}): Engagement {
  const role = overrides.role ?? 'client';
  const milestones = (overrides.milestones ?? [aMilestone()]).map((m) => {
    const facts = { card: m.provider === 'stripe', by_hand: m.provider !== 'stripe', auth_code: false, dns_verified: false, dns_unverified: false };
    const allowed = allowedActions(milestoneFlow, m.status, role, facts);
    return { ...m, allowed_actions: allowed, payment_instructions: allowed.includes('fund_by_bank_transfer') ? m.payment_instructions : null };
  });
  return {
    id: 12,
    role: 'client',
    client: { id: 7, first_name: 'Ada', last_name: 'Lovelace' },
    freelancer: { id: 9, first_name: 'Grace', last_name: 'Hopper' },
    title: 'A logo',
    brief: 'A logo for my domain.',
    budget_cents: asCents(50_000),
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
    events: [],
    unread_messages: 0,
    created_at: '2029-12-01T10:00:00.000Z',
    updated_at: '2029-12-01T10:00:00.000Z',
    ...overrides,
    milestones,
  };
}
