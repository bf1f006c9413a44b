import { describe, expect, it } from 'vitest';
import { isEngagementCompleted, MASKED_CONTACT as M, maskContactDetails, milestoneAmounts } from './engagements.js';
import { asCents } from './money.js';

describe('maskContactDetails (docs/product.md, "Hiring a freelancer")', () => {
  it('hides e-mail addresses, also written out with (at) and (dot)', () => {
    expect(maskContactDetails('write to ana.b+work@mail.example.com today')).toBe(`write to ${M} today`);
    expect(maskContactDetails('ana (at) gmail (dot) com')).toBe(M);
    expect(maskContactDetails('ana[at]gmail[dot]com.')).toBe(`${M}.`);
  });

  it.each([
    'finn (at) founders dot io',
    'finn [at] founders [dot] io',
    'finn at founders dot io',
    'finn AT founders DOT io',
    'finn {at} founders {dot} io',
    'finn (at) mail (dot) founders (dot) co (dot) uk',
    'finn at mail.founders dot io',
    'finn.o+x (at) founders.io',
    'finn @ founders.io',
    'finn@founders dot io',
    'finn < at > founders < dot > io',
  ])('hides an address written out: %s', (address) => {
    expect(maskContactDetails(`reach me: ${address} thanks`)).toBe(`reach me: ${M} thanks`);
  });

  it.each([
    'look at the domain',
    'look at example.com, it is for sale',
    'we met at noon. The logo is done',
    'at 5 dot points we are done',
    'the meeting is at the office, dot the i',
    'see you at dinner',
    'priced at 5000 dollars',
    'a dot com name is worth more',
  ])('keeps an ordinary sentence: %s', (text) => {
    expect(maskContactDetails(text)).toBe(text);
  });

  it('hides web addresses with a scheme, www. or a path, but not a bare domain name', () => {
    expect(maskContactDetails('see https://my-site.example/portfolio?x=1 and www.me.dev')).toBe(`see ${M} and ${M}`);
    expect(maskContactDetails('my work: behance.net/ana')).toBe(`my work: ${M}`);
    expect(maskContactDetails('a logo for quickledger.io')).toBe('a logo for quickledger.io');
  });

  it('hides phone numbers of seven digits or more, keeps dates and short numbers', () => {
    expect(maskContactDetails('call +353 (1) 555-0199 now')).toBe(`call ${M} now`);
    expect(maskContactDetails('0871234567')).toBe(M);
    expect(maskContactDetails('by 2026-12-01 or 01/12/2026, 3 logos for $1,500')).toBe('by 2026-12-01 or 01/12/2026, 3 logos for $1,500');
  });

  it('leaves a message without contact details unchanged', () => {
    const text = 'Two drafts, then one round of changes. OK?';
    expect(maskContactDetails(text)).toBe(text);
  });
});

describe('milestoneAmounts', () => {
  it('takes the commission from the freelancer, in whole cents', () => {
    expect(milestoneAmounts(asCents(150_000), 10)).toEqual({ amount_cents: 150_000, commission_cents: 15_000, freelancer_net_cents: 135_000 });
    expect(milestoneAmounts(asCents(1_005), 10)).toEqual({ amount_cents: 1_005, commission_cents: 101, freelancer_net_cents: 904 });
    expect(milestoneAmounts(asCents(999), 0)).toEqual({ amount_cents: 999, commission_cents: 0, freelancer_net_cents: 999 });
  });
});

describe('isEngagementCompleted', () => {
  it('needs a milestone paid out and none left open', () => {
    expect(isEngagementCompleted(['paid_out'])).toBe(true);
    expect(isEngagementCompleted(['paid_out', 'cancelled', 'refunded'])).toBe(true);
    expect(isEngagementCompleted(['paid_out', 'approved'])).toBe(false);
    expect(isEngagementCompleted(['paid_out', 'disputed'])).toBe(false);
    expect(isEngagementCompleted(['cancelled', 'refunded'])).toBe(false);
    expect(isEngagementCompleted([])).toBe(false);
  });
});
