import { describe, expect, it } from 'vitest';
import { homeContent, staticPageByPath, staticPages, termsFacts } from './index.js';

function text(value: unknown): string {
  return JSON.stringify(value);
}

/** Plain data only: every leaf is a string, number or boolean (the server renders it too). */
function leaves(value: unknown, path = ''): string[] {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}[${i}]`));
  if (typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, `${path}.${k}`));
  return [path];
}

describe('page content', () => {
  it('is plain serialisable data without markup', () => {
    for (const page of [homeContent, ...staticPages]) {
      expect(leaves(page)).toEqual([]);
      expect(text(page)).not.toMatch(/<\/?[a-z][^>]*>/i);
      expect(text(page)).not.toMatch(/lorem ipsum/i);
    }
  });

  it('has one page per static route, each with a title, meta description and sections', () => {
    expect(staticPages.map((p) => p.path)).toEqual([
      '/how-it-works',
      '/build-your-dream',
      '/about-us',
      '/our-mission',
      '/privacy-policy',
      '/terms-and-conditions',
    ]);
    for (const page of staticPages) {
      expect(page.title).not.toBe('');
      expect(page.metaDescription.length).toBeGreaterThan(50);
      expect(page.metaDescription.length).toBeLessThanOrEqual(170);
      expect(page.sections.length).toBeGreaterThan(0);
      expect(new Set(page.sections.map((s) => s.id)).size).toBe(page.sections.length);
    }
    expect(homeContent.metaDescription.length).toBeLessThanOrEqual(170);
  });

  it('states the marketing facts', () => {
    const how = text(staticPageByPath('/how-it-works'));
    expect(how).toContain('10% commission');
    expect(how).toContain('split 50/50 between buyer and seller unless');
    expect(how).toContain('under $10,000 must carry a Buy Now price, and they take no offers');
    expect(how).toContain('only for deals above $50,000');
    expect(how).toContain("budget is above $10,000");
    expect(how).toContain('one-warning trademark policy');
    expect(how).toContain('Every portfolio and every domain is reviewed and approved');
    expect(text(staticPageByPath('/our-mission'))).toContain('minimum values and quality will be required for listing');
  });

  it('states the terms facts', () => {
    const terms = staticPageByPath('/terms-and-conditions');
    expect(terms?.layout).toBe('accordion');
    expect(terms?.lastUpdated).toBe('Last updated April 18, 2022');
    const body = text(terms);
    expect(body).toContain('registered in Ireland');
    expect(body).toContain('at least 18 years old');
    expect(body).toContain(`for at least ${termsFacts.informalNegotiationDays} days before starting arbitration`);
    expect(body).toContain('during the one (1) month before');
    expect(body).toContain('The seat of arbitration is Dublin, Ireland, the language of the proceedings is English, and the governing law is Irish law');
  });
});
