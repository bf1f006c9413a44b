import { domainToUnicode } from 'node:url';
import { BROKER_ABOVE, businessStatuses, tradeOptions } from '@market/shared';
import {
  ExtensionGroups,
  FACET_BREEDER,
  FACET_BROKER,
  FACET_BUY_NOW,
  FACET_DIGIT,
  FACET_EXTENSION,
  FACET_HYPHEN,
  FACET_IDN,
  FACET_LENGTH,
  FACET_LISTED,
  FACET_PRICE_CLASS,
  FACET_PRICE_ON_REQUEST,
  FACET_TRADE,
  FacetBits,
  type FacetRange,
  facetTest,
  LENGTH_BITS,
  numberFacets,
  PRICE_CLASS_BITS,
  priceClass,
} from './facet-bits.js';
import { DownCursor, PostingList } from './posting-list.js';
import { prefixOf, type SearchPlan, searchKind } from './search-plan.js';

/** The columns of a listed domain that search reads. */
export interface ListedRow {
  id: number;
  domain_label: string;
  domain_extension: string;
  business_status: string;
  seller_price: number;
  trade_switch: number;
  trade_option: string | null;
  startup_breeders_switch: number;
  label_length: number;
  has_digit: number;
  has_hyphen: number;
  is_idn: number;
  // Shown in a result list, so that the index can answer one without reading a row.
  domain_unicode: string;
  buyer_price: number;
  min_offer: number;
  startup_breeders: string | null;
  created_at: string;
  user_id: number;
}

/** A listed domain as the index can show it: a search row whose owner's name the caller fills in. */
export interface ShownRow {
  id: number;
  domain_unicode: string;
  domain_label: string;
  business_status: string;
  seller_price: number;
  buyer_price: number;
  min_offer: number;
  trade_option: string | null;
  trade_switch: number;
  startup_breeders: string | null;
  startup_breeders_switch: number;
  created_at: string;
  user_id: number;
  owner_first_name: string;
  owner_last_name: string;
}

export const LISTED_ROW_COLUMNS = [
  'id',
  'domain_label',
  'domain_extension',
  'business_status',
  'seller_price',
  'trade_switch',
  'trade_option',
  'startup_breeders_switch',
  'label_length',
  'has_digit',
  'has_hyphen',
  'is_idn',
  'domain_unicode',
  'buyer_price',
  'min_offer',
  'startup_breeders',
  'created_at',
  'user_id',
] as const satisfies readonly (keyof ListedRow)[];

/** Labels hold a–z, 0–9 and hyphens (IDNs are stored as punycode). */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789-';
const RADIX = ALPHABET.length;
const CHAR_CODE = new Int8Array(128).fill(-1);
for (let i = 0; i < RADIX; i++) CHAR_CODE[ALPHABET.charCodeAt(i)] = i;

/** Trigram of three character codes as a number below RADIX³, or -1 when one lies outside the alphabet. */
function gramOf(x: number, y: number, z: number): number {
  const a = CHAR_CODE[x] ?? -1;
  const b = CHAR_CODE[y] ?? -1;
  const c = CHAR_CODE[z] ?? -1;
  return a < 0 || b < 0 || c < 0 ? -1 : (a * RADIX + b) * RADIX + c;
}

function gramAt(text: string, at: number): number {
  return gramOf(text.charCodeAt(at), text.charCodeAt(at + 1), text.charCodeAt(at + 2));
}

const FLAG_LISTED = 1;
const FLAG_DIGIT = 2;
const FLAG_HYPHEN = 4;
const FLAG_IDN = 8;
const FLAG_BREEDER = 16;
const FLAG_TRADE = 32;
/** The index cannot show this row as the database holds it (see shownAsStored): read the row. */
const FLAG_READ_ROW = 64;

/** Shown columns of a slot side by side: min offer, buyer price, owner id, breeder text code + 1 (0 = none). */
const SHOWN = 4;
/** Distinct breeder texts held; a text past them is read from its row. */
const BREEDER_TEXTS = 65_536;
/** created_at as every writer stores it (toISOString), which the index can give back exactly from its milliseconds. */
const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * A slot's columns side by side, so testing a candidate touches one cache line (random memory
 * reads are what a candidate costs): flags | label length << 8 | listing type << 16 | trade
 * option << 24, seller price, extension code, and where its label's bytes start (they end where
 * the next slot's start: labels are stored in slot order, with one record more as the end mark).
 */
const META = 4;
const LABEL_START = 3;
/** Posting lists intersected before labels are compared; the rest is left to the comparison. */
const INTERSECTED_LISTS = 3;
/** Slots listed since the label order was sorted that a prefix search scans before sorting them in. */
const UNSORTED_TAIL = 4096;

/**
 * Dictionary codes for a text column. With a limit, the values search can ask for get codes
 * first and values past the limit share the last code, which no search asks for.
 */
class Codes {
  private readonly byValue = new Map<string, number>();
  private readonly list: string[] = [];
  constructor(
    known: readonly string[] = [],
    private readonly limit = Number.MAX_SAFE_INTEGER,
  ) {
    for (const value of known) this.code(value);
  }
  code(value: string): number {
    let code = this.byValue.get(value);
    if (code === undefined) {
      if (this.byValue.size >= this.limit - 1) return this.limit - 1;
      code = this.byValue.size;
      this.byValue.set(value, code);
      this.list.push(value);
    }
    return code;
  }
  /** The value of a code; past the limit, the first value that took the shared last code. */
  valueOf(code: number): string | undefined {
    return this.list[code];
  }
  /** Whether `value` reads back as itself (false once values share the last code). */
  holds(value: string): boolean {
    const code = this.byValue.get(value);
    return code !== undefined && code < this.limit - 1;
  }
  /** The values in code order, to rebuild the dictionary elsewhere (`restore`). */
  values(): string[] {
    return [...this.byValue.keys()];
  }
  restore(values: readonly string[]): void {
    this.byValue.clear();
    this.list.length = 0;
    for (const value of values) {
      this.byValue.set(value, this.byValue.size);
      this.list.push(value);
    }
  }
  /** Codes given out (values sharing the last code count once). */
  get size(): number {
    return this.list.length;
  }
  codeOf(value: string): number | undefined {
    return this.byValue.get(value);
  }
  /** Codes of the values that exist; unknown values match nothing. */
  lookup(values: readonly string[]): Set<number> {
    const codes = new Set<number>();
    for (const v of values) {
      const code = this.byValue.get(v);
      if (code !== undefined) codes.add(code);
    }
    return codes;
  }
}

interface ListingTypeCodes {
  buyNow: number;
  priceOnRequest: number;
}

function grow<T extends Int32Array | Uint8Array | Float64Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, Math.ceil(array.length * 1.5), 1024));
  next.set(array);
  return next;
}

/**
 * Sorts a typed array in place (quicksort, median of three, insertion sort for short runs):
 * TypedArray#sort with a comparator copies the whole array into the JS heap twice, which left
 * resident memory behind.
 */
function sortInPlace(a: Int32Array, compare: (x: number, y: number) => number): void {
  const pending: number[] = [];
  let low = 0;
  let high = a.length - 1;
  for (;;) {
    if (high - low > 16) {
      const mid = (low + high) >> 1;
      if (compare(a[mid]!, a[low]!) < 0) swap(a, mid, low);
      if (compare(a[high]!, a[low]!) < 0) swap(a, high, low);
      if (compare(a[high]!, a[mid]!) < 0) swap(a, high, mid);
      const pivot = a[mid]!;
      let i = low;
      let j = high;
      while (i <= j) {
        while (compare(a[i]!, pivot) < 0) i++;
        while (compare(a[j]!, pivot) > 0) j--;
        if (i <= j) swap(a, i++, j--);
      }
      // Keep the larger part for later and go on with the smaller: the stack stays shallow.
      if (j - low > high - i) {
        pending.push(low, j);
        low = i;
      } else {
        pending.push(i, high);
        high = j;
      }
      continue;
    }
    if (!pending.length) break;
    high = pending.pop()!;
    low = pending.pop()!;
  }
  // Every element is now within 16 places of its own: one insertion pass finishes.
  for (let i = 1; i < a.length; i++) {
    const value = a[i]!;
    let j = i - 1;
    while (j >= 0 && compare(a[j]!, value) > 0) {
      a[j + 1] = a[j]!;
      j--;
    }
    a[j + 1] = value;
  }
}

function swap(a: Int32Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}

/** Merges two lists sorted by `compare` into one. */
function mergeSorted(a: number[], b: number[], compare: (x: number, y: number) => number): number[] {
  const out: number[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compare(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/** A copy without the room kept for growth (after a build, which grows everything). */
function trim<T extends Int32Array | Uint8Array | Float64Array>(array: T, size: number): T {
  return size < array.length ? (array.slice(0, size) as T) : array;
}

/**
 * An index as plain arrays and numbers, so a worker thread can build it and hand it over
 * (the buffers are transferred, not copied). Posting lists travel packed in one array.
 */
export interface IndexParts {
  meta: Int32Array<ArrayBuffer>;
  shown: Int32Array<ArrayBuffer>;
  created: Float64Array<ArrayBuffer>;
  ids: Int32Array<ArrayBuffer>;
  labelBytes: Uint8Array<ArrayBuffer>;
  byLabel: Int32Array<ArrayBuffer>;
  slotOfId: Int32Array<ArrayBuffer>;
  /** postingLows[postingStart[g] .. postingStart[g + 1]) are trigram g's slots (low bits). */
  postingLows: Uint16Array<ArrayBuffer>;
  postingStart: Int32Array<ArrayBuffer>;
  /** postingBlocks[blockStart[g] .. blockStart[g + 1]) is trigram g's block table. */
  postingBlocks: Int32Array<ArrayBuffer>;
  blockStart: Int32Array<ArrayBuffer>;
  /** The facet bitmaps (FacetBits) and their length in words. */
  facetBits: Uint32Array<ArrayBuffer>;
  facetWords: number;
  /** Facet group of each extension code. */
  extensionGroups: number[];
  extensions: string[];
  listingTypes: string[];
  tradeOptions: string[];
  breederTexts: string[];
  slots: number;
  sortedCount: number;
  listedCount: number;
}

export interface IndexMatch {
  /** Up to `cap` + 1 matching domain ids, newest first: the search window. */
  ids: number[];
  /** Candidates whose columns were tested, for diagnostics. */
  tested: number;
}

/**
 * Listed domains held in memory as columns in typed arrays (outside the garbage-collected
 * heap), with a trigram inverted index over their labels. A substring search walks the posting
 * lists of the query's rarest trigrams together, newest first, and tests each candidate's
 * columns and label bytes in place, so no candidate costs a disk or buffer visit; a filter-only
 * search walks the columns newest first. A domain keeps its slot for life (its name never
 * changes), so posting lists only grow; a domain that leaves the listing is flagged.
 */
export class ListedDomainIndex {
  private meta = new Int32Array(META);
  private shown = new Int32Array(0);
  private created = new Float64Array(0);
  private ids = new Int32Array(0);
  private labelBytes = new Uint8Array(0);
  /** Slots in label order, up to sortedCount; slots from sortedCount on are not in it yet. */
  private byLabel = new Int32Array(0);
  private sortedCount = 0;
  /** Domain id → slot + 1 (0 = never listed here). */
  private slotOfId = new Int32Array(0);
  private readonly postings: (PostingList | undefined)[] = new Array(RADIX * RADIX * RADIX);
  private readonly extensions = new Codes();
  private readonly listingTypes = new Codes(businessStatuses, 256);
  private readonly tradeOptions = new Codes(tradeOptions, 256);
  private readonly breederTexts = new Codes([], BREEDER_TEXTS);
  /** Facets of every slot in bitmaps, kept as the columns change (not during a load: finishLoad sets them). */
  private facets = new FacetBits();
  private readonly extensionGroups = new ExtensionGroups();
  private slots = 0;
  private listedCount = 0;
  /** Between startLoad and finishLoad: new slots get no posting entries yet. */
  private loading = false;
  /**
   * The shared arrays a load put every posting list in, until a slot is added after it
   * (toParts then hands them over as they are).
   */
  private packed?: { lows: Uint16Array<ArrayBuffer>; lowsAt: Int32Array<ArrayBuffer>; starts: Int32Array<ArrayBuffer>; startsAt: Int32Array<ArrayBuffer> };

  /** Listed domains held. */
  get size(): number {
    return this.listedCount;
  }

  /** Adds or refreshes a listed domain. */
  upsert(row: ListedRow): void {
    let slot = this.slotOf(row.id);
    if (slot >= 0 && this.labelOf(slot) !== row.domain_label) {
      this.remove(row.id);
      slot = -1;
    }
    if (slot < 0) slot = this.newSlot(row);
    const at = slot * META;
    if (!(this.meta[at]! & FLAG_LISTED)) this.listedCount++;
    const flags =
      FLAG_LISTED |
      (row.has_digit ? FLAG_DIGIT : 0) |
      (row.has_hyphen ? FLAG_HYPHEN : 0) |
      (row.is_idn ? FLAG_IDN : 0) |
      (row.startup_breeders_switch ? FLAG_BREEDER : 0) |
      (row.trade_switch ? FLAG_TRADE : 0);
    const kinds = this.listingTypes.code(row.business_status) | (this.tradeOptions.code(row.trade_option ?? '') << 8);
    const breeder = row.startup_breeders === null ? 0 : this.breederTexts.code(row.startup_breeders) + 1;
    this.meta[at] = flags | (this.shownAsStored(row) ? 0 : FLAG_READ_ROW) | (Math.min(row.label_length, 255) << 8) | (kinds << 16);
    this.meta[at + 1] = row.seller_price;
    this.meta[at + 2] = this.extensions.code(row.domain_extension);
    const shownAt = slot * SHOWN;
    this.shown[shownAt] = row.min_offer;
    this.shown[shownAt + 1] = row.buyer_price;
    this.shown[shownAt + 2] = row.user_id;
    this.shown[shownAt + 3] = breeder;
    this.created[slot] = Date.parse(row.created_at);
    if (!this.loading) this.facets.assign(slot, this.facetsOf(slot, this.listingTypeCodes()));
  }

  /** The listing types that have facets of their own, as codes (-1 while no row has one). */
  private listingTypeCodes(): ListingTypeCodes {
    return {
      buyNow: this.listingTypes.codeOf('Buy Now') ?? -1,
      priceOnRequest: this.listingTypes.codeOf('Price Upon Request') ?? -1,
    };
  }

  /** A slot's facets (FacetBits) as its columns give them. */
  private facetsOf(slot: number, codes: ListingTypeCodes): number {
    const at = slot * META;
    const head = this.meta[at]!;
    if (!(head & FLAG_LISTED)) return 0;
    const listingType = (head >>> 16) & 0xff;
    return (
      (1 << FACET_LISTED) |
      (head & FLAG_DIGIT ? 1 << FACET_DIGIT : 0) |
      (head & FLAG_HYPHEN ? 1 << FACET_HYPHEN : 0) |
      (head & FLAG_IDN ? 1 << FACET_IDN : 0) |
      (head & FLAG_BREEDER ? 1 << FACET_BREEDER : 0) |
      (head & FLAG_TRADE ? 1 << FACET_TRADE : 0) |
      (listingType === codes.buyNow ? 1 << FACET_BUY_NOW : 0) |
      (listingType === codes.priceOnRequest ? 1 << FACET_PRICE_ON_REQUEST : 0) |
      (this.meta[at + 1]! > BROKER_ABOVE ? 1 << FACET_BROKER : 0) |
      (1 << (FACET_EXTENSION + this.extensionGroups.groupOf(this.meta[at + 2]!))) |
      numberFacets(FACET_LENGTH, LENGTH_BITS, (head >>> 8) & 0xff) |
      numberFacets(FACET_PRICE_CLASS, PRICE_CLASS_BITS, priceClass(this.meta[at + 1]!))
    );
  }

  /**
   * Whether showRow gives this row back exactly as stored: its texts within the dictionaries'
   * limits, no empty trade option (read back as none), its Unicode name the one its ASCII
   * name spells, and created_at in toISOString's form. Otherwise a search reads the row.
   */
  private shownAsStored(row: ListedRow): boolean {
    if (!this.listingTypes.holds(row.business_status) || !this.tradeOptions.holds(row.trade_option ?? '') || row.trade_option === '') return false;
    if (row.startup_breeders !== null && !this.breederTexts.holds(row.startup_breeders)) return false;
    if (!ISO_INSTANT.test(row.created_at) || !Number.isFinite(Date.parse(row.created_at))) return false;
    const ascii = `${row.domain_label}.${row.domain_extension}`;
    return row.domain_unicode === (row.is_idn ? domainToUnicode(ascii) : ascii);
  }

  /** A listed domain as a result list shows it, or undefined when not listed or its row must be read. */
  showRow(id: number): ShownRow | undefined {
    const slot = this.slotOf(id);
    if (slot < 0) return undefined;
    const at = slot * META;
    const head = this.meta[at]!;
    if (!(head & FLAG_LISTED) || head & FLAG_READ_ROW) return undefined;
    const label = this.labelOf(slot);
    const ascii = `${label}.${this.extensions.valueOf(this.meta[at + 2]!)}`;
    const shownAt = slot * SHOWN;
    const breeder = this.shown[shownAt + 3]!;
    const tradeOption = this.tradeOptions.valueOf(head >>> 24) ?? '';
    return {
      id,
      domain_unicode: head & FLAG_IDN ? domainToUnicode(ascii) : ascii,
      domain_label: label,
      business_status: this.listingTypes.valueOf((head >>> 16) & 0xff) ?? '',
      seller_price: this.meta[at + 1]!,
      buyer_price: this.shown[shownAt + 1]!,
      min_offer: this.shown[shownAt]!,
      trade_option: tradeOption === '' ? null : tradeOption,
      trade_switch: head & FLAG_TRADE ? 1 : 0,
      startup_breeders: breeder ? (this.breederTexts.valueOf(breeder - 1) ?? null) : null,
      startup_breeders_switch: head & FLAG_BREEDER ? 1 : 0,
      created_at: new Date(this.created[slot]!).toISOString(),
      user_id: this.shown[shownAt + 2]!,
      owner_first_name: '',
      owner_last_name: '',
    };
  }

  /** Takes a domain out of the listing (sold, withdrawn, deleted); unknown ids are ignored. */
  remove(id: number): void {
    const slot = this.slotOf(id);
    if (slot < 0 || !(this.meta[slot * META]! & FLAG_LISTED)) return;
    this.meta[slot * META] = this.meta[slot * META]! & ~FLAG_LISTED;
    this.facets.clear(slot, FACET_LISTED);
    this.listedCount--;
  }

  /**
   * The search window of a plan: up to `cap` + 1 matching ids, most recently listed first for
   * a substring (3+ characters) or filter-only search, alphabetically (then by id) for a prefix.
   */
  match(plan: SearchPlan, cap: number): IndexMatch {
    if (searchKind(plan) === 'prefix') return this.matchPrefix(prefixOf(plan), plan, cap);
    const accept = this.compile(plan);
    const passes = this.facetTestOf(plan);
    const { ids } = this;
    const limit = cap + 1;
    const found = new Int32Array(limit);
    let count = 0;
    let tested = 0;
    if (plan.label.length >= 3) {
      const lists = this.listsFor(plan.label);
      if (!lists) return { ids: [], tested };
      // A zig-zag join: each list's cursor moves down to the candidate; where one holds only a
      // smaller slot, that slot is the next candidate, so no list is walked one step at a time
      // past slots another lacks.
      const [lead, ...others] = lists.map((list) => new DownCursor(list)) as [DownCursor, ...DownCursor[]];
      let word = -1;
      let passing = 0;
      let slot = lead.index >= 0 ? lead.slot() : -1;
      candidates: while (slot >= 0 && count < limit) {
        // The facets first: they reject most of what filters reject without reading the slot.
        if (slot >>> 5 !== word) {
          word = slot >>> 5;
          passing = passes(word);
        }
        if (!((passing >>> (slot & 31)) & 1)) {
          // The next candidate is nearly always in a lower word: one step, not a seek.
          if (--lead.index < 0) break;
          slot = lead.slot();
          continue;
        }
        for (const other of others) {
          if (!other.seek(slot)) break candidates;
          const held = other.slot();
          if (held !== slot) {
            if (!lead.seek(held)) break candidates;
            slot = lead.slot();
            continue candidates;
          }
        }
        tested++;
        if (accept(slot)) found[count++] = ids[slot]!;
        if (--lead.index < 0) break;
        slot = lead.slot();
      }
    } else {
      // 32 slots at a time, newest first: only those whose facets pass are read.
      for (let word = ((this.slots + 31) >>> 5) - 1; word >= 0 && count < limit; word--) {
        let passing = passes(word);
        while (passing && count < limit) {
          const bit = 31 - Math.clz32(passing);
          passing &= ~(1 << bit);
          const slot = (word << 5) | bit;
          tested++;
          if (accept(slot)) found[count++] = ids[slot]!;
        }
      }
    }
    return { ids: Array.from(found.subarray(0, count).sort()).reverse(), tested };
  }

  /**
   * Walks the slots in label order from the prefix on. Slots listed since the order was last
   * sorted (the tail) are scanned and merged in; a long tail is sorted into the order first.
   */
  private matchPrefix(prefix: string, plan: SearchPlan, cap: number): IndexMatch {
    if (this.slots - this.sortedCount > UNSORTED_TAIL) this.sortLabelOrder();
    const accept = this.compile(plan);
    const passes = this.facetTestOf(plan);
    const passing = (slot: number) => (passes(slot >>> 5) >>> (slot & 31)) & 1;
    const bytes = Uint8Array.from(prefix, (ch) => ch.charCodeAt(0) & 0xff);
    const limit = cap + 1;
    const inOrder: number[] = [];
    let tested = 0;
    for (let i = this.lowerBound(bytes); i < this.sortedCount && inOrder.length < limit; i++) {
      const slot = this.byLabel[i]!;
      if (!this.startsWith(slot, bytes)) break;
      if (!passing(slot)) continue;
      tested++;
      if (accept(slot)) inOrder.push(slot);
    }
    const tail: number[] = [];
    for (let slot = this.sortedCount; slot < this.slots; slot++) {
      if (!passing(slot)) continue;
      tested++;
      if (this.startsWith(slot, bytes) && accept(slot)) tail.push(slot);
    }
    const slots = tail.length ? mergeSorted(inOrder, tail.sort(this.compareSlots), this.compareSlots).slice(0, limit) : inOrder;
    return { ids: slots.map((slot) => this.ids[slot]!), tested };
  }

  /** (label bytes, id) order: the database's byte-order label index gives the same. */
  private readonly compareSlots = (a: number, b: number): number => {
    const { meta, labelBytes } = this;
    let i = meta[a * META + LABEL_START]!;
    let j = meta[b * META + LABEL_START]!;
    const endA = meta[(a + 1) * META + LABEL_START]!;
    const endB = meta[(b + 1) * META + LABEL_START]!;
    for (; i < endA && j < endB; i++, j++) {
      const d = labelBytes[i]! - labelBytes[j]!;
      if (d !== 0) return d;
    }
    return endA - i - (endB - j) || this.ids[a]! - this.ids[b]!;
  };

  /** Puts every slot into label order: the sorted part and the tail, merged. */
  sortLabelOrder(): void {
    if (this.sortedCount === 0) {
      // The first sort, in place in a typed array (a build's whole listing).
      const order = new Int32Array(this.slots);
      for (let slot = 0; slot < this.slots; slot++) order[slot] = slot;
      sortInPlace(order, this.compareSlots);
      this.byLabel = order;
      this.sortedCount = this.slots;
      return;
    }
    const tail = Array.from({ length: this.slots - this.sortedCount }, (_, i) => this.sortedCount + i).sort(this.compareSlots);
    const merged = mergeSorted(Array.from(this.byLabel.subarray(0, this.sortedCount)), tail, this.compareSlots);
    this.byLabel = Int32Array.from(merged);
    this.sortedCount = this.slots;
  }

  /** First position in label order whose label is not below the prefix. */
  private lowerBound(prefix: Uint8Array): number {
    let low = 0;
    let high = this.sortedCount;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.compareToPrefix(this.byLabel[mid]!, prefix) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Compares a slot's label with a prefix, as if the label were cut to the prefix's length. */
  private compareToPrefix(slot: number, prefix: Uint8Array): number {
    const start = this.meta[slot * META + LABEL_START]!;
    const end = this.meta[(slot + 1) * META + LABEL_START]!;
    for (let i = 0; i < prefix.length; i++) {
      if (start + i >= end) return -1;
      const d = this.labelBytes[start + i]! - prefix[i]!;
      if (d !== 0) return d;
    }
    return 0;
  }

  private startsWith(slot: number, prefix: Uint8Array): boolean {
    return this.compareToPrefix(slot, prefix) === 0;
  }

  private slotOf(id: number): number {
    return id < this.slotOfId.length ? this.slotOfId[id]! - 1 : -1;
  }

  private labelOf(slot: number): string {
    const start = this.meta[slot * META + LABEL_START]!;
    return Buffer.from(this.labelBytes.buffer, start, this.meta[(slot + 1) * META + LABEL_START]! - start).toString('latin1');
  }

  toParts(): IndexParts {
    const grams = this.postings.length;
    const common = {
      meta: this.meta,
      shown: this.shown,
      created: this.created,
      ids: this.ids,
      labelBytes: this.labelBytes,
      byLabel: this.byLabel,
      slotOfId: this.slotOfId,
      facetBits: this.facets.bits,
      facetWords: this.facets.words,
      extensionGroups: this.extensionGroups.values(),
      extensions: this.extensions.values(),
      listingTypes: this.listingTypes.values(),
      tradeOptions: this.tradeOptions.values(),
      breederTexts: this.breederTexts.values(),
      slots: this.slots,
      sortedCount: this.sortedCount,
      listedCount: this.listedCount,
    };
    if (this.packed) {
      const { lows, lowsAt, starts, startsAt } = this.packed;
      return { ...common, postingLows: lows, postingStart: lowsAt, postingBlocks: starts, blockStart: startsAt };
    }
    const postingStart = new Int32Array(grams + 1);
    const blockStart = new Int32Array(grams + 1);
    for (let gram = 0; gram < grams; gram++) {
      const list = this.postings[gram];
      postingStart[gram + 1] = postingStart[gram]! + (list?.size ?? 0);
      blockStart[gram + 1] = blockStart[gram]! + (list?.starts.length ?? 0);
    }
    const postingLows = new Uint16Array(postingStart[grams]!);
    const postingBlocks = new Int32Array(blockStart[grams]!);
    for (let gram = 0; gram < grams; gram++) {
      const list = this.postings[gram];
      if (!list) continue;
      postingLows.set(list.lows.subarray(0, list.size), postingStart[gram]!);
      postingBlocks.set(list.starts, blockStart[gram]!);
    }
    return { ...common, postingLows, postingStart, postingBlocks, blockStart };
  }

  static fromParts(parts: IndexParts): ListedDomainIndex {
    const index = new ListedDomainIndex();
    index.meta = parts.meta;
    index.shown = parts.shown;
    index.created = parts.created;
    index.ids = parts.ids;
    index.labelBytes = parts.labelBytes;
    index.byLabel = parts.byLabel;
    index.slotOfId = parts.slotOfId;
    index.facets = new FacetBits(parts.facetBits, parts.facetWords);
    index.extensionGroups.restore(parts.extensionGroups);
    for (let gram = 0; gram < index.postings.length; gram++) {
      const start = parts.postingStart[gram]!;
      const end = parts.postingStart[gram + 1]!;
      if (end === start) continue;
      // Views into the transferred arrays; a list that grows later gets its own.
      const lows = parts.postingLows.subarray(start, end);
      const starts = parts.postingBlocks.subarray(parts.blockStart[gram]!, parts.blockStart[gram + 1]!);
      index.postings[gram] = new PostingList(0, lows, starts);
    }
    index.extensions.restore(parts.extensions);
    index.listingTypes.restore(parts.listingTypes);
    index.tradeOptions.restore(parts.tradeOptions);
    index.breederTexts.restore(parts.breederTexts);
    index.slots = parts.slots;
    index.sortedCount = parts.sortedCount;
    index.listedCount = parts.listedCount;
    return index;
  }

  /** The buffers of `parts`, to transfer with it. */
  static transferList(parts: IndexParts): ArrayBuffer[] {
    return [parts.meta, parts.shown, parts.created, parts.ids, parts.labelBytes, parts.byLabel, parts.slotOfId, parts.facetBits, parts.postingLows, parts.postingStart, parts.postingBlocks, parts.blockStart].map(
      (a) => a.buffer,
    );
  }

  /** Bytes held in typed arrays (nearly all of the index). */
  get bytes(): number {
    let total = this.meta.byteLength + this.shown.byteLength + this.created.byteLength + this.ids.byteLength + this.labelBytes.byteLength + this.byLabel.byteLength + this.slotOfId.byteLength + this.facets.bits.byteLength;
    for (const list of this.postings) if (list) total += list.bytes;
    return total;
  }

  /** Gives back the room kept for growth; called once a build is complete. */
  trim(): void {
    this.meta = trim(this.meta, (this.slots + 1) * META);
    this.shown = trim(this.shown, this.slots * SHOWN);
    this.created = trim(this.created, this.slots);
    this.ids = trim(this.ids, this.slots);
    this.labelBytes = trim(this.labelBytes, this.meta[this.slots * META + LABEL_START]!);
    let maxId = 0;
    for (let slot = 0; slot < this.slots; slot++) maxId = Math.max(maxId, this.ids[slot]!);
    this.slotOfId = trim(this.slotOfId, maxId + 1);
    this.facets.trim(this.slots);
    for (const list of this.postings) list?.trim();
  }

  private newSlot(row: ListedRow): number {
    const slot = this.slots++;
    this.store(slot, row);
    // A load builds the posting lists at its end (finishLoad).
    if (this.loading) return slot;
    this.packed = undefined;
    const label = row.domain_label;
    for (let at = 0; at + 3 <= label.length; at++) {
      const gram = gramAt(label, at);
      if (gram < 0) continue;
      let list = this.postings[gram];
      if (!list) this.postings[gram] = list = new PostingList();
      // Slots arrive in ascending order, so a trigram seen twice in one label ends its list.
      if (list.last() === slot) continue;
      list.append(slot);
    }
    return slot;
  }

  /** Writes a new slot's id and label bytes (growing the arrays when a reservation falls short). */
  private store(slot: number, row: ListedRow): void {
    const label = row.domain_label;
    this.meta = grow(this.meta, (slot + 2) * META);
    this.shown = grow(this.shown, (slot + 1) * SHOWN);
    this.created = grow(this.created, slot + 1);
    this.ids = grow(this.ids, slot + 1);
    const start = this.meta[slot * META + LABEL_START]!;
    this.labelBytes = grow(this.labelBytes, start + label.length);
    for (let i = 0; i < label.length; i++) this.labelBytes[start + i] = label.charCodeAt(i) & 0xff;
    this.meta[(slot + 1) * META + LABEL_START] = start + label.length;
    this.slotOfId = grow(this.slotOfId, row.id + 1);
    this.slotOfId[row.id] = slot + 1;
    this.facets.ensure(slot + 1);
    this.ids[slot] = row.id;
  }

  /**
   * Starts a bulk load into an empty index: arrays are allocated at the sizes given (the
   * listing's count, highest id and label bytes), and posting lists wait for `finishLoad`,
   * which sizes each exactly. Memory then never holds growth room or copies.
   */
  startLoad(count: number, maxId: number, labelBytes: number): void {
    if (this.slots) throw new Error('startLoad needs an empty index');
    this.meta = new Int32Array((count + 1) * META);
    this.shown = new Int32Array(count * SHOWN);
    this.created = new Float64Array(count);
    this.ids = new Int32Array(count);
    this.labelBytes = new Uint8Array(labelBytes);
    this.slotOfId = new Int32Array(maxId + 1);
    this.facets = new FacetBits();
    this.facets.ensure(count);
    this.loading = true;
  }

  /**
   * Builds every posting list at its exact size (a counting pass, then a filling one), the
   * facets (the most common extensions getting their own groups) and the label order.
   */
  finishLoad(): void {
    this.loading = false;
    const extensionCounts = new Int32Array(this.extensions.size);
    for (let slot = 0; slot < this.slots; slot++) extensionCounts[this.meta[slot * META + 2]!]!++;
    this.extensionGroups.assignByCount(extensionCounts);
    const codes = this.listingTypeCodes();
    for (let slot = 0; slot < this.slots; slot++) this.facets.assign(slot, this.facetsOf(slot, codes));
    const grams = RADIX * RADIX * RADIX;
    const counts = new Int32Array(grams);
    const lastSlot = new Int32Array(grams).fill(-1);
    const eachGram = (visit: (gram: number, slot: number) => void) => {
      const { meta, labelBytes } = this;
      for (let slot = 0; slot < this.slots; slot++) {
        const start = meta[slot * META + LABEL_START]!;
        const end = meta[(slot + 1) * META + LABEL_START]!;
        for (let at = start; at + 3 <= end; at++) {
          const gram = gramOf(labelBytes[at]!, labelBytes[at + 1]!, labelBytes[at + 2]!);
          if (gram < 0) continue;
          if (lastSlot[gram] === slot) continue;
          lastSlot[gram] = slot;
          visit(gram, slot);
        }
      }
    };
    eachGram((gram) => {
      counts[gram] = counts[gram]! + 1;
    });
    // Every list is a view into two shared arrays (exact sizes: lastSlot now holds each
    // trigram's highest slot), instead of tens of thousands of small allocations.
    const lowsAt = new Int32Array(grams + 1);
    const startsAt = new Int32Array(grams + 1);
    for (let gram = 0; gram < grams; gram++) {
      lowsAt[gram + 1] = lowsAt[gram]! + counts[gram]!;
      startsAt[gram + 1] = startsAt[gram]! + (counts[gram] ? (lastSlot[gram]! >>> 16) + 2 : 0);
    }
    const allLows = new Uint16Array(lowsAt[grams]!);
    const allStarts = new Int32Array(startsAt[grams]!);
    this.packed = { lows: allLows, lowsAt, starts: allStarts, startsAt };
    for (let gram = 0; gram < grams; gram++) {
      if (!counts[gram]) continue;
      const lows = allLows.subarray(lowsAt[gram]!, lowsAt[gram + 1]!);
      this.postings[gram] = new PostingList(0, lows, allStarts.subarray(startsAt[gram]!, startsAt[gram + 1]!), 0);
    }
    lastSlot.fill(-1);
    eachGram((gram, slot) => {
      this.postings[gram]!.append(slot);
    });
    this.sortLabelOrder();
  }

  /** The posting lists of the query's rarest trigrams, rarest first; undefined if one is empty. */
  private listsFor(label: string): PostingList[] | undefined {
    const lists = new Set<PostingList>();
    for (let at = 0; at + 3 <= label.length; at++) {
      const gram = gramAt(label, at);
      const list = gram < 0 ? undefined : this.postings[gram];
      if (!list || list.size === 0) return undefined;
      lists.add(list);
    }
    return [...lists].sort((a, b) => a.size - b.size).slice(0, INTERSECTED_LISTS);
  }

  /** The plan's conditions that facets decide, as a test of 32 slots at a time (FacetBits). */
  private facetTestOf(plan: SearchPlan): (word: number) => number {
    const clauses: number[][] = [[FACET_LISTED]];
    const absent: number[] = [];
    if (plan.noDigit) absent.push(FACET_DIGIT);
    if (plan.noHyphen) absent.push(FACET_HYPHEN);
    if (plan.noIdn) absent.push(FACET_IDN);
    if (plan.tradeOptions) clauses.push([FACET_TRADE]);
    const { listing } = plan;
    if (listing) {
      const any: number[] = [];
      if (listing.buyNow) any.push(FACET_BUY_NOW);
      if (listing.priceUponRequest) any.push(FACET_PRICE_ON_REQUEST);
      if (listing.broker) any.push(FACET_BROKER);
      if (listing.breeder) any.push(FACET_BREEDER);
      clauses.push(any);
    }
    if (plan.extensions.length) {
      const groups = new Set([...this.extensions.lookup(plan.extensions)].map((code) => FACET_EXTENSION + this.extensionGroups.groupOf(code)));
      clauses.push([...groups]);
    }
    const ranges: FacetRange[] = [];
    if (plan.lengthMin !== undefined || plan.lengthMax !== undefined) {
      ranges.push({ facet: FACET_LENGTH, bits: LENGTH_BITS, min: plan.lengthMin ?? 0, max: plan.lengthMax ?? Infinity });
    }
    if (plan.priceMin !== undefined || plan.priceMax !== undefined) {
      ranges.push({ facet: FACET_PRICE_CLASS, bits: PRICE_CLASS_BITS, min: priceClass(plan.priceMin ?? 0), max: plan.priceMax === undefined ? Infinity : priceClass(plan.priceMax) });
    }
    return facetTest(this.facets, clauses, absent, ranges);
  }

  /** One test per slot, with the plan's conditions resolved to codes and bit masks up front. */
  private compile(plan: SearchPlan): (slot: number) => boolean {
    const { meta, labelBytes } = this;
    let mustBeClear = 0;
    if (plan.noDigit) mustBeClear |= FLAG_DIGIT;
    if (plan.noHyphen) mustBeClear |= FLAG_HYPHEN;
    if (plan.noIdn) mustBeClear |= FLAG_IDN;
    const extensionCodes = plan.extensions.length ? this.extensions.lookup(plan.extensions) : undefined;
    const tradeCodes = plan.tradeOptions ? this.tradeOptions.lookup(plan.tradeOptions) : undefined;
    const listing = plan.listing;
    const buyNow = listing?.buyNow ? this.listingTypes.lookup(['Buy Now']) : undefined;
    const onRequest = listing?.priceUponRequest ? this.listingTypes.lookup(['Price Upon Request']) : undefined;
    const priceMin = plan.priceMin ?? -Infinity;
    const priceMax = plan.priceMax ?? Infinity;
    const lengthMin = plan.lengthMin ?? -Infinity;
    const lengthMax = plan.lengthMax ?? Infinity;
    const bytes = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff);
    // Three characters are one trigram: its posting list holds exactly the labels containing it.
    const substring = plan.label.length > 3 ? bytes(plan.label) : undefined;
    const starting = plan.startingWith ? bytes(plan.startingWith) : undefined;
    const ending = plan.endingWith ? bytes(plan.endingWith) : undefined;
    const sameAt = (at: number, text: Uint8Array) => {
      for (let i = 0; i < text.length; i++) if (labelBytes[at + i] !== text[i]) return false;
      return true;
    };
    return (slot) => {
      const at = slot * META;
      const head = meta[at]!;
      if (!(head & FLAG_LISTED) || head & mustBeClear) return false;
      const length = (head >>> 8) & 0xff;
      if (length < lengthMin || length > lengthMax) return false;
      const price = meta[at + 1]!;
      if (price < priceMin || price > priceMax) return false;
      if (extensionCodes && !extensionCodes.has(meta[at + 2]!)) return false;
      const listingType = (head >>> 16) & 0xff;
      if (tradeCodes && (!(head & FLAG_TRADE) || !tradeCodes.has(head >>> 24))) return false;
      if (
        listing &&
        !(
          buyNow?.has(listingType) ||
          onRequest?.has(listingType) ||
          (listing.broker && price > BROKER_ABOVE) ||
          (listing.breeder && head & FLAG_BREEDER)
        )
      ) {
        return false;
      }
      const start = meta[at + LABEL_START]!;
      const end = meta[at + META + LABEL_START]!;
      if (starting && (end - start < starting.length || !sameAt(start, starting))) return false;
      if (ending && (end - start < ending.length || !sameAt(end - ending.length, ending))) return false;
      if (substring) {
        let found = false;
        for (let from = start; from + substring.length <= end && !found; from++) found = sameAt(from, substring);
        if (!found) return false;
      }
      return true;
    };
  }
}
