import { asCents } from '@market/shared';
import type { FreelancerOwn, FreelancerPublic } from '@market/shared';

/** A published freelancer as the API presents one; tests override what they look at. */
export function aFreelancer(overrides: Partial<FreelancerPublic> = {}): FreelancerPublic {
  return {
    id: 7,
    name: 'Fay F.',
    headline: 'Domain valuation and brokerage',
    bio: 'Twelve years pricing names.',
    skills: ['valuation', 'negotiation'],
    hourly_rate_cents: asCents(12_000),
    packages: [],
    languages: ['en'],
    country: 'IE',
    availability: 'available',
    links: [],
    avatar_url: null,
    badges: [{ id: 1, badge: 'valuation', name: 'Domain valuation', passed_on: '2025-09-12', note: '' }],
    certifications: ['broker'],
    level: 1,
    completed_engagements: 12,
    rating: 4.9,
    published_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The signed-in user's own profile before anything was saved. */
export function anEmptyOwnProfile(overrides: Partial<FreelancerOwn> = {}): FreelancerOwn {
  return {
    ...aFreelancer({ id: 3, name: 'Test U.', headline: '', bio: '', skills: [], hourly_rate_cents: null, languages: [], country: null, badges: [], certifications: [], level: 0, completed_engagements: 0, rating: null, published_at: null }),
    published: false,
    exists: false,
    ...overrides,
  };
}
