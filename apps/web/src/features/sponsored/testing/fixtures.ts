import { allowedActions, asCents, formatCents, formatUtcDateTime, nextStepText, type SponsoredCart as Cart, type SponsoredCategory, sponsoredCategories , sponsoredFlow } from '@market/shared';
import { mockFetch, type MockHandler, type RecordedRequest } from '@/testing/mock-fetch';
import { testUser } from '@/testing/test-utils';
import { aDomain } from '@/features/portfolio/testing/fixtures';
import type { EligibleDomain } from '../api/get-eligible-domains';
import type { SponsoredHeadline } from '../api/get-sponsored-headlines';
import type { SponsoredOrder } from '../api/get-sponsored-orders';

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
    domain_obj: aDomain({
      id: nextHeadlineId,
      domain_name: `headline-${nextHeadlineId}.com`,
      seller_price: category === 'Buy Now' ? 3000 : 0,
      business_status: category === 'Buy Now' ? 'Buy Now' : '',
      business_status_label: category === 'Buy Now' ? 'Buy Now' : 'Enquire',
      trade_option: category === 'Trade Domains' ? '4 Figures' : null,
      trade_switch: category === 'Trade Domains' ? 'Yes' : 'No',
      user: { id: 99, first_name: 'Grace', last_name: 'Hopper' },
      ...domain,
    }),
    advertisement_price: categoryObj!.advertisement_price,
    created_at: '2026-03-01T12:00:00.000Z',
    ends_at: '2026-03-31T12:00:00.000Z',
  };
}

/** An order just placed, waiting for its bank transfer (and a card payment when `card` is set). */
export function aWaitingOrder(overrides: Partial<SponsoredOrder> = {}): SponsoredOrder {
  return anOrder({
    status: 'awaiting_payment',
    status_label: 'Awaiting payment',
    paid_at: null,
    paid_reference: null,
    ends_at: null,
    payment_instructions: { reference: 'SH-ABCD-EFGH', amount_cents: asCents(800), details: 'IBAN TEST 00 1234' },
    headlines: [
      { domain_name: 'bin-one.com', domain_id: 1, category: 'Buy Now', advertisement_price: 5, starts_at: null, ends_at: null, running: false },
      { domain_name: 'trade-one.com', domain_id: 2, category: 'Trade Domains', advertisement_price: 3, starts_at: null, ends_at: null, running: false },
    ],
    ...overrides,
  });
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

/** A sponsored order as its buyer sees it; its next steps come from the shared sponsored flow, as the server's do. */
export function anOrder(overrides: Partial<SponsoredOrder> = {}): SponsoredOrder {
  const order: SponsoredOrder = {
    id: 12,
    cart_id: 31,
    total_amount: 8,
    amount_cents: asCents(800),
    status: 'paid',
    status_label: 'Paid',
    payment_mode: 'manual',
    payment_reference: 'SH-ABCD-EFGH',
    payment_instructions: null,
    pay_by: '2026-03-04T12:00:00.000Z',
    paid_at: '2026-03-01T12:00:00.000Z',
    paid_reference: 'BANK-1',
    ends_at: '2026-03-31T12:00:00.000Z',
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
    next_step: '',
    allowed_actions: [],
    ...overrides,
  };
  const facts = { card: order.payment_mode === 'stripe', by_hand: true, auth_code: false, dns_verified: false, dns_unverified: false };
  const allowed = overrides.allowed_actions ?? allowedActions(sponsoredFlow, order.status, 'buyer', facts);
  const vars = { amount: formatCents(order.amount_cents), reference: order.payment_reference, pay_by: formatUtcDateTime(order.pay_by), ends_at: formatUtcDateTime(order.ends_at) };
  return {
    ...order,
    next_step: overrides.next_step ?? nextStepText(sponsoredFlow, order.status, 'buyer', vars),
    allowed_actions: allowed,
    payment_instructions: allowed.includes('pay_by_bank_transfer') ? order.payment_instructions : null,
  };
}

/** mockFetch plus the user refresh a stored session triggers; `calls` leaves that one out. */
export function mockApi(routes: Record<string, MockHandler>) {
  const mocked = mockFetch({ 'GET /api/auth/user/': { body: testUser }, ...routes });
  const calls = (): RecordedRequest[] => mocked.requests.filter((r) => !r.path.startsWith('/api/auth/user/'));
  return { ...mocked, calls };
}

export const SPONSORED_API = '/api/domains/sponsored-headlines';
