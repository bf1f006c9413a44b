import { BROKER_ABOVE, type SearchFilters, tradeOptions } from '@market/shared';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/seeded-random.js';
import { ListedDomainIndex, type ListedRow } from './listed-index.js';
import { planSearch } from './search-plan.js';

let nextId = 1;
function row(name: string, extra: Partial<ListedRow> = {}): ListedRow {
  const [label = '', ...rest] = name.split('.');
  return {
    id: nextId++,
    domain_label: label,
    domain_extension: rest.join('.') || 'com',
    business_status: '',
    seller_price: 0,
    trade_switch: 0,
    trade_option: null,
    startup_breeders_switch: 0,
    label_length: label.length,
    has_digit: /\d/.test(label) ? 1 : 0,
    has_hyphen: label.includes('-') ? 1 : 0,
    is_idn: label.startsWith('xn--') ? 1 : 0,
    domain_unicode: `${label}.${rest.join('.') || 'com'}`,
    buyer_price: 0,
    min_offer: 0,
    startup_breeders: null,
    created_at: '2026-01-02T03:04:05.678Z',
    user_id: 7,
    ...extra,
  };
}

function indexOf(rows: ListedRow[]): ListedDomainIndex {
  const index = new ListedDomainIndex();
  for (const r of rows) index.upsert(r);
  return index;
}

describe('rows shown from the index', () => {
  it('gives a listed row back as stored, and nothing for one not listed', () => {
    const shown = row('gizmo.io', {
      business_status: 'Buy Now',
      seller_price: 1_234,
      buyer_price: 1_296,
      min_offer: 900,
      trade_switch: 1,
      trade_option: '4 Figures',
      startup_breeders_switch: 1,
      startup_breeders: 'Pitch to Us',
      user_id: 42,
    });
    const index = indexOf([shown]);
    expect(index.showRow(shown.id)).toEqual({
      id: shown.id,
      domain_unicode: 'gizmo.io',
      domain_label: 'gizmo',
      business_status: 'Buy Now',
      seller_price: 1_234,
      buyer_price: 1_296,
      min_offer: 900,
      trade_option: '4 Figures',
      trade_switch: 1,
      startup_breeders: 'Pitch to Us',
      startup_breeders_switch: 1,
      created_at: '2026-01-02T03:04:05.678Z',
      user_id: 42,
      owner_first_name: '',
      owner_last_name: '',
    });
    index.remove(shown.id);
    expect(index.showRow(shown.id)).toBeUndefined();
    expect(index.showRow(999_999)).toBeUndefined();
  });

  it('spells an IDN in Unicode, and asks for the row when it cannot give it back exactly', () => {
    const idn = row('xn--mnchen-3ya.de', { domain_unicode: 'münchen.de' });
    const oddTime = row('oddtime.com', { created_at: '2026-01-02 03:04:05' });
    const oddName = row('oddname.com', { domain_unicode: 'OddName.com' });
    const emptyTrade = row('emptytrade.com', { trade_option: '' });
    const index = indexOf([idn, oddTime, oddName, emptyTrade]);
    expect(index.showRow(idn.id)?.domain_unicode).toBe('münchen.de');
    for (const r of [oddTime, oddName, emptyTrade]) expect(index.showRow(r.id), r.domain_label).toBeUndefined();
    // Still found by search: only showing it needs the row.
    expect(index.match(planSearch({ text: 'oddtime', extensions: [], filters: {}, limit: 10, offset: 0 }), 1000).ids).toEqual([oddTime.id]);
  });

  it('survives the hand-over of a build as parts', () => {
    const shown = row('handover.net', { min_offer: 5, user_id: 3, startup_breeders: 'Pitch to Us', startup_breeders_switch: 1 });
    const parts = indexOf([shown]).toParts();
    expect(ListedDomainIndex.fromParts(parts).showRow(shown.id)).toMatchObject({ min_offer: 5, user_id: 3, startup_breeders: 'Pitch to Us' });
  });
});

const find = (index: ListedDomainIndex, text: string, filters: SearchFilters = {}, cap = 1000) =>
  index.match(planSearch({ text, extensions: [], filters, limit: 50, offset: 0 }), cap).ids;

describe('ListedDomainIndex', () => {
  it('finds labels containing the text, newest first, and nothing for an absent trigram', () => {
    const rows = [row('bluewidget.com'), row('widgetry.io'), row('gadget.net'), row('mywidget.org')];
    const index = indexOf(rows);
    expect(find(index, 'widget')).toEqual([rows[3]!.id, rows[1]!.id, rows[0]!.id]);
    expect(find(index, 'dge')).toEqual([rows[3]!.id, rows[2]!.id, rows[1]!.id, rows[0]!.id]);
    expect(find(index, 'qqq')).toEqual([]);
    // Every trigram present, but not side by side.
    expect(find(index, 'widgetgad')).toEqual([]);
  });

  it('counts a label once however often a trigram repeats in it, and checks the whole text', () => {
    const rows = [row('aaaaaa.com'), row('aaab.com'), row('abaa.com')];
    const index = indexOf(rows);
    expect(find(index, 'aaa')).toEqual([rows[1]!.id, rows[0]!.id]);
    expect(find(index, 'aaaa')).toEqual([rows[0]!.id]);
    expect(find(index, 'aab')).toEqual([rows[1]!.id]);
  });

  it('applies every filter as the database search does', () => {
    const rows = [
      row('alpha.com', { seller_price: 500, business_status: 'Buy Now' }),
      row('alpha2.io', { seller_price: 60_000, business_status: 'Price Upon Request' }),
      row('alpha-beta.co.uk', { seller_price: 20_000, trade_switch: 1, trade_option: '5 Figures' }),
      row('xn--alpha-gva.de', { startup_breeders_switch: 1 }),
      row('alphaomega.com', { trade_switch: 0, trade_option: '5 Figures' }),
    ];
    const [plain, broker, traded, idn, tradeOff] = rows.map((r) => r.id) as [number, number, number, number, number];
    const index = indexOf(rows);
    expect(find(index, 'alpha', { extensions: ['co.uk', 'io'] })).toEqual([traded, broker]);
    expect(find(index, 'alpha.com')).toEqual([tradeOff, plain]);
    expect(find(index, 'alpha', { priceRange: [1000, 30_000] })).toEqual([traded]);
    expect(find(index, 'alpha', { characterRange: [0, 6] })).toEqual([broker, plain]);
    expect(find(index, 'alpha', { Exclude: ['Number', 'No Hyphens', 'IDN'] })).toEqual([tradeOff, plain]);
    expect(find(index, 'alpha', { business_status: ['Buy Now', 'Startup Breeders'] })).toEqual([idn, plain]);
    expect(find(index, 'alpha', { business_status: ['Throughbeeds'] })).toEqual([broker]);
    expect(find(index, 'alpha', { business_status: ['Price Upon Request'] })).toEqual([broker]);
    // A trade option counts only while trade is switched on.
    expect(find(index, 'alpha', { trade_options: ['5 Figures'] })).toEqual([traded]);
    expect(find(index, 'alpha', { starting_with: 'alpha-', ending_with: 'beta' })).toEqual([traded]);
    expect(find(index, '', { ending_with: 'mega' })).toEqual([tradeOff]);
    expect(find(index, '', { extensions: ['net'] })).toEqual([]);
  });

  it('answers nothing from an empty index', () => {
    const index = new ListedDomainIndex();
    expect(find(index, '', { business_status: ['Buy Now'] })).toEqual([]);
    expect(find(index, 'abc')).toEqual([]);
    expect(index.match(planSearch({ text: '', extensions: [], filters: {}, limit: 50, offset: 0 }), 1000).tested).toBe(0);
  });

  it('stops at the cap plus one, keeping the newest', () => {
    const rows = Array.from({ length: 30 }, (_, i) => row(`capped${i}.com`));
    const index = indexOf(rows);
    const ids = find(index, 'capped', {}, 10);
    expect(ids).toHaveLength(11);
    expect(ids).toEqual(rows.slice(-11).map((r) => r.id).reverse());
    expect(find(index, '', {}, 10)).toHaveLength(11);
  });

  it('takes domains out, relists them and refreshes their columns in place', () => {
    const rows = [row('rocket.com', { seller_price: 100 }), row('rocketry.com')];
    const index = indexOf(rows);
    expect(index.size).toBe(2);
    index.remove(rows[0]!.id);
    index.remove(rows[0]!.id);
    index.remove(999_999);
    expect(index.size).toBe(1);
    expect(find(index, 'rocket')).toEqual([rows[1]!.id]);
    index.upsert({ ...rows[0]!, seller_price: 9_000 });
    expect(index.size).toBe(2);
    expect(find(index, 'rocket', { priceRange: [5_000, 10_000] })).toEqual([rows[0]!.id]);
    index.upsert({ ...rows[0]!, seller_price: 50 });
    expect(find(index, 'rocket', { priceRange: [5_000, 10_000] })).toEqual([]);
    expect(index.size).toBe(2);
  });

  it('grows past its first allocation, and again after trimming, without losing anything', () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => row(`grow${i}x.net`, { seller_price: i }));
    const index = indexOf(rows);
    expect(index.size).toBe(5_000);
    expect(find(index, 'grow4999x')).toEqual([rows[4999]!.id]);
    expect(find(index, 'grow', { priceRange: [10, 12] })).toEqual([rows[12]!.id, rows[11]!.id, rows[10]!.id]);
    index.trim();
    const later = [row('grow-late.net', { seller_price: 11 }), row('other.net')];
    for (const r of later) index.upsert(r);
    index.upsert({ ...rows[0]!, seller_price: 12 });
    expect(find(index, 'grow', { priceRange: [10, 12] })).toEqual([later[0]!.id, rows[12]!.id, rows[11]!.id, rows[10]!.id, rows[0]!.id]);
    expect(find(index, 'grow4999x')).toEqual([rows[4999]!.id]);
    expect(find(index, 'other')).toEqual([later[1]!.id]);
    expect(index.size).toBe(5_002);
  });

  it('matches listing types and trade options however many other values the columns hold', () => {
    const odd = Array.from({ length: 300 }, (_, i) => row(`odd${i}.com`, { business_status: `Status ${i}`, trade_switch: 1, trade_option: `Option ${i}` }));
    const wanted = [row('oddbuy.com', { business_status: 'Buy Now' }), row('oddtrade.com', { trade_switch: 1, trade_option: '4 Figures' })];
    const index = indexOf([...odd, ...wanted]);
    expect(find(index, 'odd', { business_status: ['Buy Now'] })).toEqual([wanted[0]!.id]);
    expect(find(index, 'odd', { trade_options: ['4 Figures'] })).toEqual([wanted[1]!.id]);
  });

  it('finds 1–2 character prefixes in label order, ids breaking ties, with domains listed later merged in', () => {
    const first = [row('bravo.com'), row('alpha.com'), row('alpha.net'), row('b.io'), row('bz.com')];
    const index = indexOf(first);
    index.sortLabelOrder();
    const later = [row('ba.com'), row('beta.com'), row('al.com')];
    for (const r of later) index.upsert(r);
    const names = (ids: number[]) => ids.map((id) => [...first, ...later].find((r) => r.id === id)!.domain_label + '#' + id);
    const label = (r: ListedRow) => `${r.domain_label}#${r.id}`;
    expect(names(find(index, 'b'))).toEqual([first[3]!, later[0]!, later[1]!, first[0]!, first[4]!].map(label));
    expect(names(find(index, 'al'))).toEqual([later[2]!, first[1]!, first[2]!].map(label));
    expect(names(find(index, 'al', { extensions: ['net'] }))).toEqual([label(first[2]!)]);
    expect(names(find(index, '', { starting_with: 'be' }))).toEqual([label(later[1]!)]);
    expect(find(index, 'c')).toEqual([]);
    expect(find(index, 'b', {}, 2)).toHaveLength(3);
  });

  it('sorts a long tail of new listings into the label order', () => {
    const index = indexOf([row('zz.com')]);
    index.sortLabelOrder();
    const many = Array.from({ length: 5_000 }, (_, i) => row(`p${String(4_999 - i).padStart(4, '0')}.com`));
    for (const r of many) index.upsert(r);
    const ids = find(index, 'p', {}, 10);
    expect(ids).toEqual(many.slice(-11).reverse().map((r) => r.id));
    expect(find(index, 'zz')).toHaveLength(1);
  });

  it('finds the same after a bulk load as after adding one by one, and keeps growing after it', () => {
    const rows = Array.from({ length: 2_000 }, (_, i) =>
      row(`${['web', 'shop', 'cloud', 'data'][i % 4]}${i % 7 ? '' : '-'}x${i}.${['com', 'io'][i % 2]}`, { seller_price: i }),
    );
    const one = indexOf(rows);
    const bulk = new ListedDomainIndex();
    // A reservation that falls short must still hold everything.
    bulk.startLoad(1_000, 10, 100);
    for (const r of rows) bulk.upsert(r);
    bulk.finishLoad();
    for (const [text, filters] of [
      ['shop', {}],
      ['webx1', { priceRange: [100, 900] }],
      ['', { Exclude: ['No Hyphens'], extensions: ['io'] }],
      ['da', {}],
      ['c', { characterRange: [0, 8] }],
    ] as [string, SearchFilters][]) {
      expect(find(bulk, text, filters), text).toEqual(find(one, text, filters));
    }
    const late = row('shoplate.com');
    bulk.upsert(late);
    expect(find(bulk, 'shoplate')).toEqual([late.id]);
    expect(find(bulk, 'sh')[0]).toBe(find(one, 'sh')[0]);
  });

  it('comes back whole from its parts, as a worker thread hands it over', () => {
    const rows = Array.from({ length: 500 }, (_, i) => row(`part${i}${i % 3 ? 'x' : '-y'}.${['com', 'io', 'de'][i % 3]}`, { seller_price: i, business_status: i % 2 ? 'Buy Now' : '' }));
    const original = new ListedDomainIndex();
    original.startLoad(rows.length, rows[rows.length - 1]!.id, 5_000);
    for (const r of rows) original.upsert(r);
    original.finishLoad();
    original.remove(rows[7]!.id);
    const queries = [
      ['part1', {}],
      ['', { extensions: ['io'], business_status: ['Buy Now'] }],
      ['pa', { Exclude: ['No Hyphens'] }],
      ['art7', { priceRange: [0, 100] }],
      ['added', {}],
    ] as [string, SearchFilters][];
    const parts = original.toParts();
    expect(ListedDomainIndex.transferList(parts).every((b) => b instanceof ArrayBuffer)).toBe(true);
    const copy = ListedDomainIndex.fromParts(structuredClone(parts));
    expect(copy.size).toBe(original.size);
    for (const [text, filters] of queries) expect(find(copy, text, filters), text).toEqual(find(original, text, filters));
    // Once lists have grown past the load's shared arrays, the parts are packed afresh.
    original.upsert(row('partadded.io'));
    const second = ListedDomainIndex.fromParts(structuredClone(original.toParts()));
    for (const [text, filters] of queries) expect(find(second, text, filters), text).toEqual(find(original, text, filters));
    expect(find(second, 'added')).toHaveLength(1);
    const late = row('partlate.com');
    copy.upsert(late);
    expect(find(copy, 'partlate')).toEqual([late.id]);
    expect(find(copy, 'part7x')).not.toContain(rows[7]!.id);
  });

  it('agrees with a plain scan over more slots than one posting block holds', () => {
    const words = ['sun', 'moon', 'star', 'sky', 'rain', 'snow'];
    const rows = Array.from({ length: 140_000 }, (_, i) => row(`${words[i % 6]}${words[(i * 7) % 6]}${i}.com`, { seller_price: i % 1000 }));
    const index = new ListedDomainIndex();
    index.startLoad(rows.length, rows[rows.length - 1]!.id, 2_000_000);
    for (const r of rows) index.upsert(r);
    index.finishLoad();
    const scan = (text: string, max: number) =>
      rows
        .filter((r) => r.domain_label.includes(text) && r.seller_price <= max)
        .map((r) => r.id)
        .reverse()
        .slice(0, 1001);
    for (const [text, max] of [['starsun', 10], ['rain9', 999], ['moon13999', 999], ['skysnow', 3]] as const) {
      expect(find(index, text, { priceRange: [0, max] }), text).toEqual(scan(text, max));
    }
  });
});

describe('ListedDomainIndex against a plain filter, through generated changes', () => {
  // More extensions than have a facet group of their own, so some share the last group.
  const EXTENSIONS = ['com', 'net', 'org', 'io', 'ai', 'co', 'de', 'app', 'dev', 'xyz', 'co.uk', 'me', 'shop'];
  const SYLLABLES = ['ka', 'lo', 'mi', 'net', 'ro', 'sun', 'ta', 'vi', 'zo', 'a1', 'b-', 'x'];
  const STATUSES = ['', '', 'Buy Now', 'Price Upon Request', 'Enquire', 'Get Price'];
  const PRICES = [0, 0, 90, 1_500, 20_000, BROKER_ABOVE, BROKER_ABOVE + 1, 250_000];

  function generatedRow(rng: () => number, id: number): ListedRow {
    const pick = <T,>(list: readonly T[]) => list[Math.floor(rng() * list.length)]!;
    const label = Array.from({ length: 2 + Math.floor(rng() * 3) }, () => pick(SYLLABLES)).join('').replace(/^-|-$/g, 'q');
    return { ...row(`${label}.${pick(EXTENSIONS)}`), id, ...listingOf(rng) };
  }

  function listingOf(rng: () => number): Partial<ListedRow> {
    const pick = <T,>(list: readonly T[]) => list[Math.floor(rng() * list.length)]!;
    const trade = rng() < 0.3;
    const breeder = rng() < 0.2;
    return {
      business_status: pick(STATUSES),
      seller_price: pick(PRICES),
      trade_switch: trade ? 1 : 0,
      trade_option: trade || rng() < 0.2 ? pick(tradeOptions) : null,
      startup_breeders_switch: breeder ? 1 : 0,
      startup_breeders: breeder ? 'Pitch to Us' : null,
    };
  }

  function generatedFilters(rng: () => number): SearchFilters {
    const some = <T,>(list: readonly T[]) => list.filter(() => rng() < 0.25);
    const filters: SearchFilters = {};
    if (rng() < 0.4) filters.extensions = some(EXTENSIONS);
    if (rng() < 0.3) filters.business_status = some(['Buy Now', 'Price Upon Request', 'Throughbeeds', 'Startup Breeders']);
    if (rng() < 0.2) filters.trade_options = some(tradeOptions);
    if (rng() < 0.3) filters.Exclude = some(['Number', 'No Hyphens', 'IDN']);
    if (rng() < 0.2) filters.priceRange = [pick2(rng, [0, 100, 1_000]), pick2(rng, [5_000, 60_000, 100_000])];
    if (rng() < 0.2) filters.characterRange = [pick2(rng, [0, 4, 6]), pick2(rng, [6, 8, 65])];
    return filters;
  }
  const pick2 = (rng: () => number, list: number[]) => list[Math.floor(rng() * list.length)]!;

  /** What a window must hold, by a plain reading of the filters over the rows in listing order. */
  function expected(rows: ListedRow[], listed: Set<number>, text: string, filters: SearchFilters, cap: number): number[] {
    const plan = planSearch({ text, extensions: [], filters, limit: 50, offset: 0 });
    const matching = rows.filter((r) => {
      if (!listed.has(r.id)) return false;
      if (plan.label.length >= 3 ? !r.domain_label.includes(plan.label) : !r.domain_label.startsWith(plan.label)) return false;
      if (plan.extensions.length && !plan.extensions.includes(r.domain_extension)) return false;
      if (plan.noDigit && r.has_digit) return false;
      if (plan.noHyphen && r.has_hyphen) return false;
      if (plan.noIdn && r.is_idn) return false;
      if (r.seller_price < (plan.priceMin ?? -Infinity) || r.seller_price > (plan.priceMax ?? Infinity)) return false;
      if (r.label_length < (plan.lengthMin ?? -Infinity) || r.label_length > (plan.lengthMax ?? Infinity)) return false;
      if (plan.tradeOptions && !(r.trade_switch && plan.tradeOptions.includes(r.trade_option ?? ''))) return false;
      const l = plan.listing;
      if (
        l &&
        !(
          (l.buyNow && r.business_status === 'Buy Now') ||
          (l.priceUponRequest && r.business_status === 'Price Upon Request') ||
          (l.broker && r.seller_price > BROKER_ABOVE) ||
          (l.breeder && r.startup_breeders_switch)
        )
      ) {
        return false;
      }
      return true;
    });
    if (plan.label.length >= 3 || !plan.label) {
      return matching
        .reverse()
        .slice(0, cap + 1)
        .map((r) => r.id)
        .sort((a, b) => b - a);
    }
    const byLabel = (a: ListedRow, b: ListedRow) => (a.domain_label < b.domain_label ? -1 : a.domain_label > b.domain_label ? 1 : a.id - b.id);
    return matching.sort(byLabel).slice(0, cap + 1).map((r) => r.id);
  }

  it.each([1, 2, 3])('finds what a plain filter finds after loads, edits, removals and a hand-over (seed %i)', (seed) => {
    const rng = seededRandom(seed);
    // Past one posting block (65,536 slots), so the join crosses block boundaries.
    const rows = Array.from({ length: 70_000 }, (_, i) => generatedRow(rng, i + 1));
    const listed = new Set(rows.map((r) => r.id));
    const loaded = new ListedDomainIndex();
    loaded.startLoad(rows.length, rows.length, 1_000_000);
    for (const r of rows) loaded.upsert(r);
    loaded.finishLoad();
    const incremental = indexOf(rows);
    const change = (apply: (index: ListedDomainIndex) => void) => {
      apply(loaded);
      apply(incremental);
    };
    // Edits that move a domain in and out of every facet, removals and relistings, new names.
    for (let step = 0; step < 3_000; step++) {
      const r = rows[Math.floor(rng() * rows.length)]!;
      const dice = rng();
      if (dice < 0.15) {
        listed.delete(r.id);
        change((index) => index.remove(r.id));
      } else if (dice < 0.9) {
        Object.assign(r, listingOf(rng));
        listed.add(r.id);
        change((index) => index.upsert({ ...r }));
      } else {
        const added = generatedRow(rng, rows.length + 1);
        rows.push(added);
        listed.add(added.id);
        change((index) => index.upsert({ ...added }));
      }
    }
    const handedOver = ListedDomainIndex.fromParts(structuredClone(loaded.toParts()));
    const texts = [...Array.from({ length: 40 }, () => rows[Math.floor(rng() * rows.length)]!.domain_label), 'net', 'kalo', 'a1b', ''];
    for (let q = 0; q < 150; q++) {
      const label = texts[Math.floor(rng() * texts.length)]!;
      const start = Math.floor(rng() * Math.max(1, label.length - 2));
      const text = label ? label.slice(start, start + 1 + Math.floor(rng() * 5)) : '';
      const filters = generatedFilters(rng);
      const cap = rng() < 0.5 ? 1000 : 20;
      const want = expected(rows, listed, text, filters, cap);
      const got = (index: ListedDomainIndex) => index.match(planSearch({ text, extensions: [], filters, limit: 50, offset: 0 }), cap).ids;
      const what = `${text} ${JSON.stringify(filters)} cap ${cap}`;
      expect(got(loaded), what).toEqual(want);
      expect(got(incremental), what).toEqual(want);
      expect(got(handedOver), what).toEqual(want);
    }
  });
});
