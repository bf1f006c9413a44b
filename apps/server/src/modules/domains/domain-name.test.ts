import { checkDomainList, splitDomainList } from '@market/shared';
import { describe, expect, it } from 'vitest';
import { describeDomain } from './domain-name.js';

describe('describeDomain', () => {
  it('splits on the public suffix list', () => {
    expect(describeDomain('shop.co.uk')).toMatchObject({ domain_label: 'shop', domain_extension: 'co.uk', label_length: 4 });
    expect(describeDomain('example.com')).toMatchObject({ domain_label: 'example', domain_extension: 'com' });
    expect(describeDomain('a.b.example.com.au')).toMatchObject({ domain_label: 'a.b.example', domain_extension: 'com.au' });
  });

  it('keeps the Unicode form of an IDN for display', () => {
    const d = describeDomain('xn--mnchen-3ya.de');
    expect(d).toMatchObject({ domain_unicode: 'münchen.de', is_idn: true, label_length: 7, domain_extension: 'de' });
  });

  it('flags digits and hyphens in the label only', () => {
    expect(describeDomain('my-shop24.com')).toMatchObject({ has_digit: true, has_hyphen: true });
    expect(describeDomain('shop.com')).toMatchObject({ has_digit: false, has_hyphen: false, is_idn: false });
  });

  it('refuses a bare suffix and an unknown suffix', () => {
    expect(describeDomain('co.uk')).toBeUndefined();
    expect(describeDomain('example.notarealtld')).toBeUndefined();
  });
});

describe('checkDomainList', () => {
  it('splits on commas, spaces and line breaks, lower-cases and removes duplicates', () => {
    const pieces = splitDomainList('Alpha.com, beta.io\ngamma.co.uk  alpha.com\r\nALPHA.COM,,');
    expect(checkDomainList(pieces)).toEqual({
      names: ['alpha.com', 'beta.io', 'gamma.co.uk'],
      invalid: [],
      hasSpecialCharacters: false,
      missingExtension: false,
      otherwiseInvalid: false,
    });
  });

  it('converts IDNs to punycode', () => {
    expect(checkDomainList(['München.de']).names).toEqual(['xn--mnchen-3ya.de']);
  });

  it('accepts hyphens inside labels but not at their ends', () => {
    expect(checkDomainList(['my-shop.com', '-shop.com', 'shop-.com'])).toMatchObject({
      names: ['my-shop.com'],
      invalid: ['-shop.com', 'shop-.com'],
      hasSpecialCharacters: false,
    });
  });

  it('refuses every rejected special character', () => {
    for (const ch of '`!@#$%^&*()_+=[]{};\':"\\|<>/?~') {
      const result = checkDomainList([`bad${ch}name.com`]);
      expect(result.invalid, ch).toEqual([`bad${ch}name.com`]);
      expect(result.hasSpecialCharacters).toBe(true);
    }
  });

  it('refuses names over 253 characters, empty labels and single labels', () => {
    const long = `${'a'.repeat(60)}.`.repeat(5) + 'com';
    expect(checkDomainList([long, 'a..com', 'localhost', `${'b'.repeat(64)}.com`]).invalid).toHaveLength(4);
  });
});
