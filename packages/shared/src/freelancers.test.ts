import { describe, expect, it } from 'vitest';
import { freelancerBadgeKeys, freelancerCertifications, ratingText, reputationOf, reviewRating } from './freelancers.js';

/** Every set of badges there is (2^5 of them). */
function badgeSets(): string[][] {
  return Array.from({ length: 2 ** freelancerBadgeKeys.length }, (_, mask) => freelancerBadgeKeys.filter((_, i) => mask & (1 << i)));
}

describe('reputation', () => {
  it('takes the rating and its count from the reviews alone: none without reviews', () => {
    expect(reputationOf({ reviewCount: 0, starsSum: 0, badges: [] })).toEqual({ reviewCount: 0, rating: null, certifications: [], level: 0 });
    expect(reviewRating(1, 5)).toBe(5);
    // Eleven fives and a four: 4.9 to one decimal.
    expect(reviewRating(12, 11 * 5 + 4)).toBe(4.9);
    expect(ratingText(reviewRating(12, 59), 12)).toBe('4.9 of 5 stars from 12 reviewed engagements');
    expect(ratingText(null, 0)).toBe('No reviews yet');
  });

  it('earns a certification with all its badges and enough reviewed engagements, and the level counts them', () => {
    const appraiser = freelancerCertifications.find((c) => c.key === 'appraiser')!;
    const broker = freelancerCertifications.find((c) => c.key === 'broker')!;
    const badges = ['valuation', 'negotiation', 'trademark-screening'];
    expect(reputationOf({ reviewCount: broker.engagements - 1, starsSum: 0, badges }).certifications).toEqual([]);
    expect(reputationOf({ reviewCount: broker.engagements, starsSum: 0, badges })).toMatchObject({ certifications: ['broker'], level: 1 });
    expect(reputationOf({ reviewCount: appraiser.engagements, starsSum: 0, badges })).toMatchObject({ certifications: ['appraiser', 'broker'], level: 2 });
    // Reviews without the badges earn nothing.
    expect(reputationOf({ reviewCount: 100, starsSum: 500, badges: ['valuation'] })).toMatchObject({ certifications: [], level: 0, rating: 5 });
  });

  it('never loses a certification or a level to a new review, whatever its stars', () => {
    for (const badges of badgeSets()) {
      for (let count = 0; count <= 12; count += 1) {
        const before = reputationOf({ reviewCount: count, starsSum: count, badges });
        for (const stars of [1, 5]) {
          const after = reputationOf({ reviewCount: count + 1, starsSum: count + stars, badges });
          expect(after.certifications).toEqual(expect.arrayContaining(before.certifications));
          expect(after.level).toBeGreaterThanOrEqual(before.level);
        }
      }
    }
  });

  it('loses a certification only when a badge it needs is withdrawn', () => {
    const held = reputationOf({ reviewCount: 12, starsSum: 60, badges: ['valuation', 'negotiation', 'trademark-screening'] });
    expect(held.certifications).toEqual(['appraiser', 'broker']);
    const withdrawn = reputationOf({ reviewCount: 12, starsSum: 60, badges: ['valuation', 'negotiation'] });
    expect(withdrawn).toMatchObject({ certifications: ['broker'], level: 1, rating: 5 });
  });
});
