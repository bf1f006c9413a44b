import { type SponsoredCategory, sponsoredCategories } from '@market/shared';
import { mockFetch, type MockHandler, type RecordedRequest } from '@/testing/mock-fetch';
import { testUser } from '@/testing/test-utils';
import type { EligibleDomain } from '../api/get-eligible-domains';
import type { SponsoredHeadline } from '../api/get-sponsored-headlines';
import type { SponsoredOrder } from '../api/get-sponsored-orders';
import type { Cart } from '../types/cart';

export function eligibleDomain(overrides: Partial<EligibleDomain> = {}): EligibleDomain {
  return {
    id: 1,
    domain_name: 'alpha.com',
    business_status: 'Buy Now',
    seller_price: 3000,
    trade_option: null,
    categories: ['Buy Now'],
    running: [],
    ...overrides,
  };
}

let nextHeadlineId = 100;

/** A public running headline of another seller's domain. */
export function headline(category: SponsoredCategory, domain: Partial<SponsoredHeadline['domain_obj']> = {}): SponsoredHeadline {
  nextHeadlineId += 1;
  const categoryObj = sponsoredCategories.find((c) => c.name === category) ?? sponsoredCategories[0];
  return {
    id: nextHeadlineId,
    category_obj: { ...categoryObj! },
    domain_obj: {
      id: nextHeadlineId,
      domain_name: `headline-${nextHeadlineId}.com`,
      seller_price: category === 'Buy Now' ? 3000 : 0,
      business_status_label: category === 'Buy Now' ? 'Buy Now' : 'Enquire',
      trade_option: category === 'Trade Domains' ? '4 Figures' : null,
      user: { id: 99 },
      ...domain,
    },
    advertisement_price: categoryObj!.advertisement_price,
    created_at: '2026-03-01T12:00:00.000Z',
    ends_at: '2026-03-31T12:00:00.000Z',
  };
}

/** The cart the server answers for one Buy Now ($5) and one trade ($3) headline. */
export function aCart(overrides: Partial<Cart> = {}): Cart {
  return {
    id: 31,
    total_amount: 8,
    status: 'open',
    status_label: 'Awaiting payment',
    category: [
      { name: 'Buy Now', quantity: 1, unit_price: 5, sub_total: 5, domains: [{ id: 1, domain_name: 'bin-one.com' }] },
      { name: 'Trade Domains', quantity: 1, unit_price: 3, sub_total: 3, domains: [{ id: 2, domain_name: 'trade-one.com' }] },
    ],
    created_at: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
}

export function anOrder(overrides: Partial<SponsoredOrder> = {}): SponsoredOrder {
  return {
    id: 12,
    total_amount: 8,
    status: 'paid',
    payment_mode: 'test',
    created_at: '2026-03-01T12:00:00.000Z',
    headlines: [
      {
        domain_name: 'bin-one.com',
        domain_id: 1,
        category: 'Buy Now',
        advertisement_price: 5,
        starts_at: '2026-03-01T12:00:00.000Z',
        ends_at: '2026-03-31T12:00:00.000Z',
        running: true,
      },
    ],
    ...overrides,
  };
}

/** mockFetch plus the user refresh a stored session triggers; `calls` leaves that one out. */
export function mockApi(routes: Record<string, MockHandler>) {
  const mocked = mockFetch({ 'GET /api/auth/user/': { body: testUser }, ...routes });
  const calls = (): RecordedRequest[] => mocked.requests.filter((r) => !r.path.startsWith('/api/auth/user/'));
  return { ...mocked, calls };
}

export const SPONSORED_API = '/api/domains/sponsored-headlines';
