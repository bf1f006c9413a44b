import { describe, expect, it } from 'vitest';
import { EXTENSION_GROUPS, ExtensionGroups, FACET_DIGIT, FACET_LISTED, FACET_TRADE, FacetBits, facetTest } from './facet-bits.js';

const has = (facets: FacetBits, slot: number, facet: number) => (facets.bits[facet * facets.words + (slot >>> 5)]! >>> (slot & 31)) & 1;

describe('FacetBits', () => {
  it('keeps every slot\'s facets through growth and trimming', () => {
    const facets = new FacetBits();
    const maskOf = (slot: number) => (slot % 3 ? 1 << FACET_LISTED : 0) | (slot % 5 ? 0 : 1 << FACET_TRADE) | (slot === 31 ? 1 << FACET_DIGIT : 0);
    for (let slot = 0; slot < 5_000; slot++) {
      facets.ensure(slot + 1);
      facets.assign(slot, maskOf(slot));
    }
    facets.trim(5_000);
    expect(facets.words).toBe(Math.ceil(5_000 / 32));
    facets.clear(30, FACET_LISTED);
    for (let slot = 0; slot < 5_000; slot++) {
      expect(has(facets, slot, FACET_LISTED)).toBe(slot % 3 && slot !== 30 ? 1 : 0);
      expect(has(facets, slot, FACET_TRADE)).toBe(slot % 5 ? 0 : 1);
      expect(has(facets, slot, FACET_DIGIT)).toBe(slot === 31 ? 1 : 0);
    }
  });

  it('tests 32 slots at once: one facet of each clause, none of the absent ones', () => {
    const facets = new FacetBits();
    facets.ensure(64);
    facets.assign(0, (1 << FACET_LISTED) | (1 << FACET_TRADE));
    facets.assign(1, 1 << FACET_LISTED);
    facets.assign(2, (1 << FACET_LISTED) | (1 << FACET_DIGIT));
    facets.assign(31, (1 << FACET_LISTED) | (1 << FACET_TRADE));
    facets.assign(33, 1 << FACET_TRADE);
    expect(facetTest(facets, [[FACET_LISTED]], [])(0) >>> 0).toBe(0b111 + 2 ** 31);
    expect(facetTest(facets, [[FACET_LISTED], [FACET_TRADE, FACET_DIGIT]], [])(0) >>> 0).toBe(0b101 + 2 ** 31);
    expect(facetTest(facets, [[FACET_LISTED]], [FACET_DIGIT, FACET_TRADE])(0)).toBe(0b010);
    expect(facetTest(facets, [[FACET_LISTED], []], [])(0)).toBe(0);
    expect(facetTest(facets, [[FACET_TRADE]], [])(1)).toBe(0b10);
  });
});

describe('ExtensionGroups', () => {
  it('gives the first extensions groups of their own and makes the rest share the last', () => {
    const groups = new ExtensionGroups();
    const given = Array.from({ length: EXTENSION_GROUPS + 3 }, (_, code) => groups.groupOf(code));
    expect(given).toEqual([...Array.from({ length: EXTENSION_GROUPS - 1 }, (_, g) => g), ...Array(4).fill(EXTENSION_GROUPS - 1)]);
    expect(groups.groupOf(2)).toBe(2);
  });

  it('gives a bulk load\'s most common extensions their own groups, and survives a hand-over', () => {
    const groups = new ExtensionGroups();
    const counts = [5, 0, 900, 40, 7, 7, 1, 300, 2, 60, 3];
    groups.assignByCount(counts);
    const own = [2, 7, 9, 3, 4, 5, 0].map((code) => groups.groupOf(code));
    expect(own).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect([6, 8, 10].map((code) => groups.groupOf(code))).toEqual([7, 7, 7]);
    const copy = new ExtensionGroups();
    copy.restore(groups.values());
    expect(Array.from({ length: 12 }, (_, code) => copy.groupOf(code))).toEqual(Array.from({ length: 12 }, (_, code) => groups.groupOf(code)));
  });
});
