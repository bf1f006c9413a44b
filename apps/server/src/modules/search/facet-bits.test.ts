import { describe, expect, it } from 'vitest';
import { EXTENSION_GROUPS, ExtensionGroups, FACET_DIGIT, FACET_LENGTH, FACET_LISTED, FACET_TRADE, FacetBits, facetTest, LENGTH_BITS, numberFacets, priceClass } from './facet-bits.js';

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

describe('numbers kept digit by digit', () => {
  it('finds every value within a range, bounds included, for every range', () => {
    const facets = new FacetBits();
    // Each value twice, in different words and bit positions.
    const values = [...Array.from({ length: 64 }, (_, v) => v), ...Array.from({ length: 64 }, (_, v) => 63 - v)];
    facets.ensure(values.length);
    values.forEach((v, slot) => facets.assign(slot, (1 << FACET_LISTED) | numberFacets(FACET_LENGTH, LENGTH_BITS, v)));
    for (let min = 0; min < 64; min += 3) {
      for (let max = min - 1; max < 64; max += 5) {
        const test = facetTest(facets, [[FACET_LISTED]], [], [{ facet: FACET_LENGTH, bits: LENGTH_BITS, min, max }]);
        const passing = values.map((_, slot) => (test(slot >>> 5) >>> (slot & 31)) & 1);
        expect(passing, `${min}–${max}`).toEqual(values.map((v) => (v >= min && v <= max ? 1 : 0)));
      }
    }
    const open = facetTest(facets, [[FACET_LISTED]], [], [{ facet: FACET_LENGTH, bits: LENGTH_BITS, min: 60, max: Infinity }]);
    expect(values.filter((_, slot) => (open(slot >>> 5) >>> (slot & 31)) & 1)).toEqual([60, 61, 62, 63, 63, 62, 61, 60]);
  });

  it('puts prices in classes that grow with the price', () => {
    expect([0, 1, 2, 3, 4, 999, 1_000, 1_023, 1_024, 2 ** 31 - 1, 2 ** 40].map(priceClass)).toEqual([0, 1, 2, 2, 3, 10, 10, 10, 11, 31, 31]);
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
    // Codes 0, 1, 2, … in an order unlike their counts: code c counted (c * 7) % n + 1 times, and one never.
    const n = EXTENSION_GROUPS + 3;
    const counts = Array.from({ length: n + 1 }, (_, code) => (code === n ? 0 : ((code * 7) % n) + 1));
    groups.assignByCount(counts);
    const byCount = Array.from({ length: n }, (_, code) => code).sort((a, b) => counts[b]! - counts[a]!);
    expect(byCount.slice(0, EXTENSION_GROUPS - 1).map((code) => groups.groupOf(code))).toEqual(Array.from({ length: EXTENSION_GROUPS - 1 }, (_, g) => g));
    expect([...byCount.slice(EXTENSION_GROUPS - 1), n].map((code) => groups.groupOf(code))).toEqual(Array(5).fill(EXTENSION_GROUPS - 1));
    const copy = new ExtensionGroups();
    copy.restore(groups.values());
    expect(Array.from({ length: n + 2 }, (_, code) => copy.groupOf(code))).toEqual(Array.from({ length: n + 2 }, (_, code) => groups.groupOf(code)));
  });
});
