import { vi } from 'vitest';
import { type AdminMilestone, asCents, type Deal, type DealStatus, type Finance, type Overpayment, type PaymentCommand, type ReconcileReport, type SponsoredOrder, type User } from '@market/shared';
import { aDeal as anyDeal } from '@/testing/deals';
import { mockFetch, type MockHandler, type RecordedRequest } from '@/testing/mock-fetch';
import { testUser } from '@/testing/test-utils';
import { ownDomain } from '@/features/portfolio/testing/fixtures';
import type { AuditEntry } from '../api/get-audit-log';
import type { BrokerLead } from '../api/get-broker-leads';
import type { BrokerUser } from '../api/get-broker-dashboard';
import type { AdminUser } from '../api/get-users';
import type { PendingDomain } from '../api/get-pending-domains';
import type { AdminVideo } from '../api/get-admin-videos';

/** The signed-in admin of these tests (a SuperAdmin unless told otherwise). */
export const adminUser = { ...testUser, id: 1, email: 'root@example.com', first_name: 'Root', last_name: 'Admin', role: 2 } as User;

export function anAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  const first = overrides.first_name ?? 'Uma';
  const last = overrides.last_name ?? 'User';
  const role = overrides.role ?? 0;
  return {
    id: 20,
    first_name: first,
    last_name: last,
    name: `${first} ${last}`,
    email: 'uma@example.com',
    role,
    role_label: ['User', 'Admin', 'SuperAdmin'][role] ?? String(role),
    user_role: 'seller',
    subscription: 'Free',
    created_at: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export function users(n: number, from = 1): AdminUser[] {
  return Array.from({ length: n }, (_, i) =>
    anAdminUser({ id: from + i, first_name: `First${from + i}`, last_name: 'Last', email: `user${from + i}@example.com` }),
  );
}

export function aPendingDomain(overrides: Partial<PendingDomain> = {}): PendingDomain {
  return ownDomain({
    id: 31,
    domain_name: 'pending-one.com',
    business_status: 'Buy Now',
    business_status_label: 'Buy Now',
    seller_price: 4000,
    created_at: '2026-01-03T09:00:00.000Z',
    user: { id: 20, first_name: 'Sid', last_name: 'Seller' },
    ...overrides,
  });
}

export function aBrokerUser(overrides: Partial<BrokerUser> = {}): BrokerUser {
  return {
    id: 20,
    username: 'sid',
    display_name: 'Sid Seller',
    email: 'sid@example.com',
    role: 'DOMAINER',
    admin_role: 'User',
    subscription: 'Pony',
    video_pitch: 2,
    sponsored_headlines: 3,
    exclusive_startup_breeders: 4,
    thoroughbred_domains: 5,
    sold_domains: 6,
    ...overrides,
  };
}

export function aBrokerLead(overrides: Partial<BrokerLead> = {}): BrokerLead {
  return {
    id: 41,
    domain_id: 31,
    domain_name: 'bigdeal.com',
    seller_price: 90000,
    status: 'open',
    broker_requested_at: '2026-01-04T12:00:00.000Z',
    broker_taken_at: null,
    broker_id: null,
    buyer_name: 'Bo Buyer',
    seller_name: 'Sid Seller',
    broker_name: null,
    ...overrides,
  };
}

export function aVideo(overrides: Partial<AdminVideo> = {}): AdminVideo {
  return {
    id: 51,
    domain_id: 31,
    domain_name: 'pitched.com',
    file_name: 'pitch.mp4',
    status: 'undecided',
    moderation: 'new',
    created_at: '2026-01-05T08:00:00.000Z',
    uploader_email: 'founder@example.com',
    allowed_actions: ['approve', 'deny'],
    ...overrides,
  };
}

export function anAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 61,
    action: 'role-change',
    target_type: 'user',
    target_id: 20,
    outcome: 'ok',
    details: JSON.stringify({ from: 0, to: 1 }),
    created_at: '2026-01-06T08:00:00.000Z',
    actor_email: 'root@example.com',
    ...overrides,
  };
}

/**
 * An order as the admin's finance list shows it ($1,000 plus 5% from each side, no history). It
 * offers the admin no step and says no next step unless the test gives them: what the page shows
 * must come from those two fields.
 */
export function aDeal(overrides: Partial<Deal> & { status?: DealStatus } = {}): Deal {
  return anyDeal({
    id: 71,
    domain_id: 31,
    domain_name: 'escrowed.com',
    domain_lead_id: null,
    role: 'admin',
    buyer: { id: 21, first_name: 'Bo', last_name: 'Buyer' },
    seller: { id: 20, first_name: 'Sid', last_name: 'Seller' },
    priceDollars: 1000,
    pay_by: '2026-01-10T10:00:00.000Z',
    created_at: '2026-01-07T10:00:00.000Z',
    updated_at: '2026-01-07T10:00:00.000Z',
    events: [],
    next_step: '',
    allowed_actions: [],
    ...overrides,
  });
}

export function aFinance(overrides: Partial<Finance> = {}): Finance {
  const none = asCents(0);
  return {
    held_cents: none,
    payouts_due_cents: none,
    refunds_due_cents: none,
    period: { payments_cents: none, refunds_cents: none, payouts_cents: none, commission_cents: none, sponsored_cents: none },
    orders: [],
    commands: [],
    overpayments: [],
    ...overrides,
  };
}

/** A card refund of order 71 the worker is sending; `failed()` for one that waits for an admin. */
export function aPaymentCommand(overrides: Partial<PaymentCommand> = {}): PaymentCommand {
  return {
    id: 81,
    item_kind: 'order',
    item_id: 71,
    item_label: 'Order DM-ABCD-EFGH, escrowed.com',
    item_link: '/orders/71',
    action: 'refund',
    provider: 'stripe',
    amount_cents: asCents(105_000),
    status: 'pending',
    status_label: 'Waiting to be sent',
    attempts: 1,
    next_attempt_at: '2026-01-08T10:05:00.000Z',
    last_error: null,
    provider_reference: null,
    created_at: '2026-01-08T10:00:00.000Z',
    updated_at: '2026-01-08T10:00:00.000Z',
    can_retry: false,
    ...overrides,
  };
}

export function aFailedCommand(overrides: Partial<PaymentCommand> = {}): PaymentCommand {
  return aPaymentCommand({ status: 'failed', status_label: 'Failed: needs you', attempts: 5, next_attempt_at: null, last_error: 'Charge ch_1 has already been refunded.', can_retry: true, ...overrides });
}

/** A second card payment for order 71, held until an admin refunds it. */
export function anOverpayment(overrides: Partial<Overpayment> = {}): Overpayment {
  return {
    id: 91,
    item_kind: 'order',
    item_id: 71,
    item_label: 'Order DM-ABCD-EFGH, escrowed.com',
    item_link: '/orders/71',
    payer: { id: 21, first_name: 'Bo', last_name: 'Buyer' },
    provider: 'stripe',
    payment_reference: 'pi_again_71',
    amount_cents: asCents(105_000),
    status: 'held',
    status_label: 'Held: to be refunded',
    created_at: '2026-01-08T11:00:00.000Z',
    refunded_at: null,
    allowed_actions: [],
    ...overrides,
  };
}

/** A sponsored order of two headlines ($8) waiting for its bank transfer, as the admin's list shows it; no step unless given. */
export function aSponsoredOrder(overrides: Partial<SponsoredOrder> = {}): SponsoredOrder {
  return {
    id: 14,
    cart_id: 31,
    total_amount: 8,
    amount_cents: asCents(800),
    status: 'awaiting_payment',
    status_label: 'Awaiting payment',
    payment_mode: 'manual',
    payment_reference: 'SH-ABCD-EFGH',
    payment_instructions: null,
    pay_by: '2026-03-04T12:00:00.000Z',
    paid_at: null,
    paid_reference: null,
    ends_at: null,
    created_at: '2026-03-01T12:00:00.000Z',
    user: { id: 5, first_name: 'Sam', last_name: 'Seller', email: 'sam@example.com' },
    headlines: [
      { domain_name: 'bin-one.com', domain_id: 1, category: 'Buy Now', advertisement_price: 5, starts_at: null, ends_at: null, running: false },
      { domain_name: 'trade-one.com', domain_id: 2, category: 'Trade Domains', advertisement_price: 3, starts_at: null, ends_at: null, running: false },
    ],
    next_step: '',
    allowed_actions: [],
    ...overrides,
  };
}

/** The books reconcile: nothing disagrees. */
export function aReconcileReport(overrides: Partial<ReconcileReport> = {}): ReconcileReport {
  return { checked_items: 12, mismatches: [], unbalanced_movements: [], ...overrides };
}

/** A freelance milestone as the admin's list shows it; no step and no next step unless given. */
export function anAdminMilestone(overrides: Partial<AdminMilestone> = {}): AdminMilestone {
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
    next_step: '',
    allowed_actions: [],
    payment_instructions: null,
    engagement_id: 12,
    engagement_title: 'A logo',
    client: { id: 7, first_name: 'Cleo', last_name: 'Client' },
    freelancer: { id: 9, first_name: 'Gwen', last_name: 'Lance' },
    ...overrides,
  };
}

/**
 * mockFetch (the app's table of "METHOD /path" -> reply), plus the X-Total-Count header for the
 * listed routes, plus the user refresh a stored session makes on start. `calls` leaves that
 * refresh out: the requests the code under test made.
 */
export function mockAdminApi(
  routes: Record<string, MockHandler>,
  totals: Record<string, number | ((request: RecordedRequest) => number)> = {},
) {
  // The finance page also lists sponsored orders waiting for payment and freelance milestones, and
  // checks the books: none, and they reconcile, unless a test says otherwise.
  const mocked = mockFetch({
    'GET /api/auth/user/': { body: adminUser },
    'GET /api/admin/sponsored-orders/': { body: [] },
    'GET /api/admin/milestones/': { body: [] },
    'GET /api/admin/finance/reconcile/': { body: aReconcileReport() },
    ...routes,
  });
  const inner = mocked.fetchMock;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await inner(input, init);
    const url = new URL(String(input), 'http://localhost');
    const total = totals[`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`];
    if (total === undefined) return response;
    const request = mocked.requests[mocked.requests.length - 1] as RecordedRequest;
    const headers = new Headers(response.headers);
    headers.set('x-total-count', String(typeof total === 'function' ? total(request) : total));
    const text = await response.text();
    return new Response(text || null, { status: response.status, headers });
  });
  const calls = (): RecordedRequest[] => mocked.requests.filter((r) => !r.path.startsWith('/api/auth/user/'));
  return { ...mocked, calls };
}

/** "METHOD /path?query" of each call, for order assertions. */
export function callLines(requests: RecordedRequest[]): string[] {
  return requests.map((r) => `${r.method} ${r.path}`);
}
