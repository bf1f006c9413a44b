/**
 * One bit per slot for each facet a search filter selects on, in bitmaps of their own. At 20
 * million slots a bitmap is 2.4 MiB, so the few a search reads stay in the processor's cache,
 * where a slot's row in the index's columns is a trip to main memory: testing a candidate's
 * facets first makes the candidates the filters reject nearly free, and a walk over every slot
 * can test 32 at once.
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
export const EXTENSION_GROUPS = 8;
export const FACETS = FACET_EXTENSION + EXTENSION_GROUPS;

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
 * facets (an OR), and no facet of `absent` may be set. `word(w)` gives the slots of word w
 * that pass, as bits.
 */
export function facetTest(facets: FacetBits, clauses: readonly (readonly number[])[], absent: readonly number[]): (word: number) => number {
  const { bits, words } = facets;
  const anyOf = clauses.map((clause) => Int32Array.from(clause, (f) => f * words));
  const noneOf = Int32Array.from(absent, (f) => f * words);
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
    return pass;
  };
}
