import { vi } from 'vitest';
import type { Deal, DealStatus, Finance, User } from '@market/shared';
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
    created_at: '2026-01-05T08:00:00.000Z',
    uploader_email: 'founder@example.com',
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

/** An order as the admin's finance list shows it ($1,000 plus 5% from each side, no history). */
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
    ...overrides,
  });
}

export function aFinance(overrides: Partial<Finance> = {}): Finance {
  return {
    held_cents: 0,
    payouts_due_cents: 0,
    refunds_due_cents: 0,
    period: { payments_cents: 0, refunds_cents: 0, payouts_cents: 0, commission_cents: 0 },
    orders: [],
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
  // The finance page also lists sponsored orders waiting for payment and freelance milestones: none unless a test says so.
  const mocked = mockFetch({ 'GET /api/auth/user/': { body: adminUser }, 'GET /api/admin/sponsored-orders/': { body: [] }, 'GET /api/admin/milestones/': { body: [] }, ...routes });
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
