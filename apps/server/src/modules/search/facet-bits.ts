/**
 * One bit per slot for each facet a search filter selects on, in bitmaps of their own. At 20
 * million slots a bitmap is 2.4 MiB, so the few a search reads stay in the processor's cache,
 * where a slot's row in the index's columns is a trip to main memory: testing a candidate's
 * facets first makes the candidates the filters reject nearly free, and a walk over every slot
 * can test 32 at once. Numbers (the label's length, the price's order of magnitude) are kept
 * bit by bit, one bitmap per binary digit, so a range is tested with a few operations a word.
 */
export const FACET_LISTED = 0;
export const FACET_DIGIT = 1;
export const FACET_HYPHEN = 2;
export const FACET_IDN = 3;
export const FACET_BUY_NOW = 4;
export const FACET_PRICE_ON_REQUEST = 5;
export const FACET_BROKER = 6;
export const FACET_BREEDER = 7;
export const FACET_TRADE = 8;
/** Then one facet per extension group (see ExtensionGroups). */
export const FACET_EXTENSION = 9;
/** The most common extensions have a group of their own; every other extension shares the last. */
export const EXTENSION_GROUPS = 12;
/** The label's length (0–63, a label's most), one facet per binary digit, lowest first. */
export const FACET_LENGTH = FACET_EXTENSION + EXTENSION_GROUPS;
export const LENGTH_BITS = 6;
/** The price's class (priceClass), one facet per binary digit, lowest first. */
export const FACET_PRICE_CLASS = FACET_LENGTH + LENGTH_BITS;
export const PRICE_CLASS_BITS = 5;
/** 32: a slot's facets fit in one 32-bit mask. */
export const FACETS = FACET_PRICE_CLASS + PRICE_CLASS_BITS;

/**
 * A price's order of magnitude in powers of two: 0 for none, k for 2^(k-1) up to 2^k - 1 (at
 * most 31). It grows with the price, so a price range maps to a range of classes holding it.
 */
export function priceClass(price: number): number {
  return price <= 0 ? 0 : Math.min(31, 32 - Math.clz32(Math.min(price, 2 ** 31 - 1)));
}

/** A number held in `bits` facets from `facet` on (lowest digit first), and the range it must lie in. */
export interface FacetRange {
  facet: number;
  bits: number;
  min: number;
  max: number;
}

/** Facet bits of a number: `value` (clamped to what `bits` digits hold) in the facets from `facet` on. */
export function numberFacets(facet: number, bits: number, value: number): number {
  const clamped = Math.max(0, Math.min(value, 2 ** bits - 1));
  return (clamped << facet) | 0;
}

/**
 * Extension codes to facet groups. Up to EXTENSION_GROUPS - 1 extensions get a group of their
 * own (a bulk load gives them to the most common, `assignByCount`; otherwise they go first
 * come, first served); the rest share the last group, which a filter on one of them narrows
 * less, but correctly.
 */
export class ExtensionGroups {
  private groups: number[] = [];
  private own = 0;

  groupOf(code: number): number {
    let group = this.groups[code];
    if (group === undefined) {
      group = this.own < EXTENSION_GROUPS - 1 ? this.own++ : EXTENSION_GROUPS - 1;
      this.groups[code] = group;
    }
    return group;
  }

  /** Own groups for the extensions with the highest counts (counts[code]). */
  assignByCount(counts: ArrayLike<number>): void {
    const codes = Array.from({ length: counts.length }, (_, code) => code).filter((code) => counts[code]! > 0);
    codes.sort((a, b) => counts[b]! - counts[a]! || a - b);
    this.groups = new Array(counts.length).fill(EXTENSION_GROUPS - 1);
    this.own = Math.min(EXTENSION_GROUPS - 1, codes.length);
    codes.slice(0, this.own).forEach((code, group) => {
      this.groups[code] = group;
    });
  }

  /** The group of each code, to rebuild the table elsewhere (`restore`). */
  values(): number[] {
    return [...this.groups];
  }

  restore(groups: readonly number[]): void {
    this.groups = [...groups];
    this.own = Math.min(EXTENSION_GROUPS - 1, new Set(groups.filter((g) => g < EXTENSION_GROUPS - 1)).size);
  }
}

/**
 * FACETS bitmaps, one after another in one array: bitmap f's word w is bits[f * words + w],
 * and slot s is bit s & 31 of word s >>> 5.
 */
export class FacetBits {
  constructor(
    public bits = new Uint32Array(0),
    public words = 0,
  ) {}

  /** Makes room for `slots` slots (new ones have no facet). */
  ensure(slots: number): void {
    const needed = (slots + 31) >>> 5;
    if (needed <= this.words) return;
    const words = Math.max(needed, Math.ceil(this.words * 1.5), 64);
    const bits = new Uint32Array(FACETS * words);
    for (let f = 0; f < FACETS; f++) bits.set(this.bits.subarray(f * this.words, (f + 1) * this.words), f * words);
    this.bits = bits;
    this.words = words;
  }

  /** Gives back the room kept for growth. */
  trim(slots: number): void {
    const words = (slots + 31) >>> 5;
    if (words >= this.words) return;
    const bits = new Uint32Array(FACETS * words);
    for (let f = 0; f < FACETS; f++) bits.set(this.bits.subarray(f * this.words, f * this.words + words), f * words);
    this.bits = bits;
    this.words = words;
  }

  /** Sets a slot's facets to those in `mask` (bit f for facet f) and clears the others. */
  assign(slot: number, mask: number): void {
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    const { bits, words } = this;
    for (let f = 0, at = word; f < FACETS; f++, at += words) {
      if (mask & (1 << f)) bits[at]! |= bit;
      else bits[at]! &= ~bit;
    }
  }

  clear(slot: number, facet: number): void {
    this.bits[facet * this.words + (slot >>> 5)]! &= ~(1 << (slot & 31));
  }
}

/**
 * Facets a search asks for, as a test of 32 slots at once: every clause needs one of its
 * facets (an OR), no facet of `absent` may be set, and each range's number must lie in it.
 * `word(w)` gives the slots of word w that pass, as bits.
 */
export function facetTest(
  facets: FacetBits,
  clauses: readonly (readonly number[])[],
  absent: readonly number[],
  ranges: readonly FacetRange[] = [],
): (word: number) => number {
  const { bits, words } = facets;
  const anyOf = clauses.map((clause) => Int32Array.from(clause, (f) => f * words));
  const noneOf = Int32Array.from(absent, (f) => f * words);
  const within = ranges.map((r) => {
    const top = 2 ** r.bits - 1;
    return { at: r.facet * words, bits: r.bits, min: Math.max(0, Math.min(r.min, top)), max: Math.max(0, Math.min(r.max, top)), empty: r.min > r.max || r.max < 0 };
  });
  return (w) => {
    let pass = -1;
    for (let c = 0; c < anyOf.length; c++) {
      const clause = anyOf[c]!;
      let any = 0;
      for (let i = 0; i < clause.length; i++) any |= bits[clause[i]! + w]!;
      pass &= any;
      if (!pass) return 0;
    }
    for (let i = 0; i < noneOf.length; i++) pass &= ~bits[noneOf[i]! + w]!;
    for (let r = 0; r < within.length && pass; r++) {
      const { at, min, max, empty } = within[r]!;
      if (empty) return 0;
      // Highest digit first: slots equal to the bound so far, and those already past it.
      let atMin = -1;
      let aboveMin = 0;
      let atMax = -1;
      let belowMax = 0;
      for (let b = within[r]!.bits - 1; b >= 0; b--) {
        const digit = bits[at + b * words + w]!;
        if ((min >>> b) & 1) atMin &= digit;
        else {
          aboveMin |= atMin & digit;
          atMin &= ~digit;
        }
        if ((max >>> b) & 1) {
          belowMax |= atMax & ~digit;
          atMax &= digit;
        } else atMax &= ~digit;
      }
      pass &= (aboveMin | atMin) & (belowMax | atMax);
    }
    return pass;
  };
}
