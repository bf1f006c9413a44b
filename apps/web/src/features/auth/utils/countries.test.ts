import { describe, expect, it } from 'vitest';
import { getCountries } from './countries';

describe('country list', () => {
  const countries = getCountries();

  it('holds the ISO countries once each, sorted by name', () => {
    const codes = countries.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(240);
    expect(countries.find((c) => c.code === 'IE')?.name).toBe('Ireland');
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('leaves out groupings, aliases and private-use codes', () => {
    const codes = new Set(countries.map((c) => c.code));
    for (const code of ['EU', 'UN', 'EZ', 'UK', 'SU', 'ZZ', 'QO', 'XA']) expect(codes.has(code)).toBe(false);
  });
});
