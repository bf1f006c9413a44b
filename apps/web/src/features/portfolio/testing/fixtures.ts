import { mockFetch, type MockHandler, type RecordedRequest } from '@/testing/mock-fetch';
import { testUser } from '@/testing/test-utils';
import type { Domain, OwnDomain } from '@market/shared';

/** An approved public domain of another user ("Grace Hopper"). */
export function aDomain(overrides: Partial<Domain> = {}): Domain {
  return {
    id: 11,
    domain_name: 'alpha.com',
    domain_ascii: 'alpha.com',
    domain_extension: 'com',
    business_status: 'Buy Now',
    business_status_label: 'Buy Now',
    seller_price: 2500,
    buyer_price: 2625,
    min_offer: 0,
    thoroughbred: false,
    trade_option: null,
    trade_switch: 'No',
    startup_breeders: null,
    startup_breeders_switch: 'No',
    description: null,
    visits: 3,
    video_pitch_leads: 0,
    status: 'approved',
    status_label: 'Approved',
    is_approved: true,
    sale_status: 'available',
    lease_monthly_line: '',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    videos: [],
    user: { id: 99, first_name: 'Grace', last_name: 'Hopper' },
    ...overrides,
  };
}

/** A domain of the signed-in test user, as the portfolio answers it. */
export function ownDomain(overrides: Partial<OwnDomain> = {}): OwnDomain {
  return {
    ...aDomain({
      business_status: '',
      business_status_label: 'Enquire',
      status: 'pending',
      status_label: 'Pending approval',
      is_approved: false,
      user: { id: testUser.id, first_name: testUser.first_name, last_name: testUser.last_name },
    }),
    seller_price: 0,
    buyer_price: 0,
    reviewed_at: null,
    ns_status: 'unchecked',
    ns_status_label: 'Not checked yet',
    ns_checked_at: null,
    ...overrides,
  };
}

/**
 * mockFetch plus the user refresh a stored session triggers on start, and `calls` without it:
 * the requests the code under test made.
 */
export function mockApi(routes: Record<string, MockHandler>) {
  const mocked = mockFetch({
    'GET /api/auth/user/': { body: testUser },
    'GET /api/domains/nameservers/': { body: { nameservers: ['ns1.market.test', 'ns2.market.test'], check_interval_minutes: 60 } },
    'GET /api/orders/': { body: [] },
    ...routes,
  });
  const calls = (): RecordedRequest[] => mocked.requests.filter((r) => !r.path.startsWith('/api/auth/user/'));
  return { ...mocked, calls };
}
