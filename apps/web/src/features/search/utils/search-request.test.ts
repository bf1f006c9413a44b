import { describe, expect, it } from 'vitest';
import { emptySearchState, sanitizeSearchState } from '../hooks/search-state';
import { activeFilterCount, compactFilters, searchRequestQuery } from './search-request';

describe('searchRequestQuery', () => {
  it('sends only the text and paging for an untouched search', () => {
    expect(searchRequestQuery({ ...emptySearchState, text: '  shop ' }, 10, 20)).toEqual({
      domain_name: 'shop',
      limit: 10,
      offset: 20,
    });
  });

  it('sends extensions and filters as JSON, dropping empty parts and sliders at their ends', () => {
    const query = searchRequestQuery(
      {
        text: '',
        extensions: ['.COM', 'io', 'com', ' '],
        filters: {
          business_status: ['Buy Now', 'Throughbeeds'],
          trade_options: [],
          priceRange: [0, 100_000],
          characterRange: [3, 65],
          Exclude: ['No Hyphens'],
          starting_with: ' ab ',
          ending_with: '',
        },
      },
      25,
      0,
    );
    expect(JSON.parse(String(query.extensions))).toEqual(['com', 'io']);
    expect(JSON.parse(String(query.filters))).toEqual({
      business_status: ['Buy Now', 'Throughbeeds'],
      characterRange: [3, 65],
      Exclude: ['No Hyphens'],
      starting_with: 'ab',
    });
  });

  it('keeps a price bound that moved off its end', () => {
    expect(compactFilters({ priceRange: [0, 50_000] })).toEqual({ priceRange: [0, 50_000] });
    expect(compactFilters({ priceRange: [1_000, 100_000] })).toEqual({ priceRange: [1_000, 100_000] });
  });

  it('caps the page size at the server limit', () => {
    expect(searchRequestQuery(emptySearchState, 5000, 0).limit).toBe(1000);
  });

  it('counts active filters', () => {
    expect(activeFilterCount(emptySearchState)).toBe(0);
    expect(activeFilterCount({ text: 'x', extensions: ['com'], filters: { Exclude: ['IDN'], priceRange: [0, 100_000] } })).toBe(2);
  });
});

describe('sanitizeSearchState', () => {
  it('keeps the right shapes from storage and drops the rest', () => {
    expect(
      sanitizeSearchState({
        text: 'shoes',
        extensions: ['com', 3],
        filters: { business_status: ['Buy Now'], priceRange: [10, 'x'], characterRange: [2, 9], starting_with: 5 },
      }),
    ).toEqual({ text: 'shoes', extensions: ['com'], filters: { business_status: ['Buy Now'], characterRange: [2, 9] } });
    expect(sanitizeSearchState('garbage')).toEqual(emptySearchState);
  });
});
