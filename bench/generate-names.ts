/**
 * Deterministic generator of realistic domain names for the benchmarks: dictionary words
 * combined, brand-like syllables, some digits and hyphens, a few IDNs, across a realistic mix
 * of extensions (.com heavy). The same seed always yields the same names in the same order.
 *
 * CLI: npx tsx --conditions=source bench/generate-names.ts [count=1000] [--seed=N] [--out=file]
 * Names are printed (or written) one a line, IDNs in their Unicode form as a seller pastes them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toAsciiDomain } from '@market/shared';
import { describeDomain } from '../apps/server/src/modules/domains/domain-name.js';

/** sfc32: small, fast, good enough statistically, and reproducible across runs and machines. */
export function createRng(seed: number): () => number {
  let a = 0x9e3779b9 ^ seed;
  let b = 0x243f6a88 ^ (seed * 7);
  let c = 0xb7e15162 ^ (seed * 13);
  let d = seed | 0;
  const next = () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 20; i += 1) next();
  return next;
}

export type Rng = () => number;

export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

function weighted<T>(rng: Rng, table: readonly (readonly [T, number])[]): T {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let r = rng() * total;
  for (const [value, w] of table) {
    r -= w;
    if (r < 0) return value;
  }
  return (table[table.length - 1] as readonly [T, number])[0];
}

/** Common English words as domain investors combine them (business, tech, home, lifestyle). */
export const WORDS = `
able access account ace action active ad admin advice agency agent air alpha amazing angel animal
answer apex app apple arc area army art artist asset atlas audio auto avenue award baby bag bake
baker bank bar base basic bay beach bean bear beauty bed bee best bet big bike bird bit black blade
blog blue board boat body bold bond book boost boot boss box brain brand brave bread bridge bright
brown buddy build bull bus business buy cafe cake call camp campus canvas capital car card care
career cart case cash castle cat center chain chair champion chance change charge chat cheap check
chef chess chief child chip city civic class clean clear click client climb clinic clock cloud
club coach coast code coffee coin cold color comfort comic common cook cool core corner cost
country craft crazy credit crew crowd crown crypto cube cup cure custom cyber daily dance dark
data date deal deep delta dental design desk dev diamond diet digital direct doctor dog dollar
door dot dragon dream drive drop dry eagle earth easy eco edge edu elite energy engine epic
estate event ever expert express eye fact factory fair faith family fan farm fashion fast fire
first fish fit fix flag flash fleet flex flow flower fly focus food force forest forge form fox
free fresh friend front fruit fuel fun fund future gadget gallery game garden gate gear gem
genius giant gift global glow go goal gold golf good grand graph green grid grill group grow
guard guide guru hair hand happy harbor hat haven health heart heat hero hill hire hive holiday
home honey hope horse host hot hotel house hub hunt ice icon idea image impact info ink inn
insight iron island jet job joy juice jump just key kid kind king kit kitchen lab lake land
laser law lead leaf lean learn legal legend lemon level life light lime line link lion liquid
list live loan local lock logic loft logo long loop lotus love lucky luxury machine magic mail
main maker mall map market mart master match max media medic mega mental menu metal metro micro
mind mint mobile mode money monkey moon motion motor mountain move movie music nation native
nature net neural new news next nice night ninja noble north nova now ocean office oil omega one
online open orange orbit organic outdoor owl pace pack page paint palm panda paper park party
pass path pay peak pearl pet phone photo pilot pine pink pixel pizza place plan planet plant play
plaza plus pocket point polar pool pop port post power prime print pro profit project proof pure
quest quick rabbit race radio rain rank rapid raw ready real red rent rest retail rich ride right
ring rise river road robot rock rocket roof root rose royal run rush safe sail sale salt sand
save scale school science score sea seed sell sense server shape share shark sharp shield shine
ship shop shore shot show sign silver simple sky smart smile snap social soft solar solid sound
source south space spark speed spice spirit sport spot spring square stack staff star start
state station steel step stock stone store storm story street strong studio style sugar summit
sun super supply sure swift system table talent talk taxi team tech tent test texas think tiger
time tiny tool top total tour tower town toy track trade trail train travel tree trend tribe
trip true trust turbo union unit urban valley value vault venture verse vibe video view villa
vision vista vital voice volt vote wave way wealth web wedding well west whale white wild win
wind wine wise wolf wood word work world yard yoga young zen zero zone
`
  .trim()
  .split(/\s+/);

const PREFIXES = ['get', 'my', 'the', 'go', 'try', 'use', 'hey', 'i', 'e', 'we', 'join', 'meet', 'best', 'top', 'all', 'pro', 'up', 'one', 'buy', 'on'];
const SUFFIXES = ['ly', 'ify', 'hub', 'lab', 'labs', 'hq', 'app', 'works', 'zone', 'base', 'box', 'kit', 'ster', 'able', 'now', 'online', 'pro', 'shop', 'ai', 'x', 'io', 'co', 'group', 'media', 'world', 'direct', 'center', 'club', 'spot', 'land'];
const SYLLABLES = ['ka', 'zo', 'ra', 'vi', 'lu', 'mi', 'no', 'tek', 'ix', 'ora', 'ze', 'ly', 'qua', 'ro', 'sa', 'ta', 'vo', 'xa', 'ne', 'bi', 'do', 'fy', 'gen', 'lo', 'ma', 'nu', 'pi', 'ri', 'su', 'ti', 'va', 'wa', 'ya', 'za', 'el', 'an', 'on', 'ex', 'um', 'is', 'ar', 'en', 'io', 'ux', 'or'];
const IDN_WORDS = ['münchen', 'café', 'bücher', 'schön', 'grün', 'über', 'müller', 'köln', 'zürich', 'straße', 'größe', 'niño', 'crème', 'été', 'fête', 'résumé', 'naïve', 'señor', 'jalapeño', 'düsseldorf', 'blümchen', 'gemütlich', 'français', 'élégant', 'brûlée', 'mañana', 'öko', 'spaß', 'küche', 'bäckerei'];
const NUMBERS = ['1', '2', '3', '4', '5', '7', '8', '9', '10', '24', '247', '360', '365', '100', '101', '123', '2024', '2025', '99', '4u', '88', '911', '500', '1000', '3d', '4k', '5g'];

export const EXTENSIONS: readonly (readonly [string, number])[] = [
  ['com', 520],
  ['net', 60],
  ['org', 55],
  ['io', 55],
  ['co', 45],
  ['ai', 40],
  ['co.uk', 35],
  ['de', 35],
  ['app', 25],
  ['dev', 15],
  ['xyz', 15],
  ['info', 15],
  ['shop', 12],
  ['store', 8],
  ['online', 8],
  ['me', 10],
  ['us', 10],
  ['ca', 10],
  ['com.au', 8],
  ['fr', 8],
  ['nl', 8],
  ['biz', 5],
  ['tech', 6],
  ['eu', 6],
  ['es', 5],
  ['it', 5],
];

type Pattern = 'two' | 'prefix' | 'suffix' | 'three' | 'brand' | 'digits' | 'hyphen' | 'one' | 'lead-digits' | 'idn' | 'acronym';

const PATTERNS: readonly (readonly [Pattern, number])[] = [
  ['two', 34],
  ['prefix', 10],
  ['suffix', 10],
  ['three', 8],
  ['brand', 12],
  ['digits', 7],
  ['hyphen', 8],
  ['one', 2],
  ['lead-digits', 3],
  ['idn', 1.5],
  ['acronym', 2.5],
];

function label(rng: Rng): string {
  const w = () => pick(rng, WORDS);
  switch (weighted(rng, PATTERNS)) {
    case 'two':
      return w() + w();
    case 'prefix':
      return pick(rng, PREFIXES) + w();
    case 'suffix':
      return w() + pick(rng, SUFFIXES);
    case 'three':
      return w() + w() + w();
    case 'brand': {
      const n = 2 + Math.floor(rng() * 3);
      let s = '';
      for (let i = 0; i < n; i += 1) s += pick(rng, SYLLABLES);
      return s;
    }
    case 'digits':
      return (rng() < 0.6 ? w() : w() + w()) + pick(rng, NUMBERS);
    case 'hyphen':
      return rng() < 0.8 ? `${w()}-${w()}` : `${w()}-${w()}-${w()}`;
    case 'one':
      return w();
    case 'lead-digits':
      return pick(rng, NUMBERS) + w();
    case 'idn':
      return rng() < 0.5 ? pick(rng, IDN_WORDS) + w() : w() + pick(rng, IDN_WORDS);
    case 'acronym': {
      const n = 3 + Math.floor(rng() * 2);
      let s = '';
      for (let i = 0; i < n; i += 1) s += String.fromCharCode(97 + Math.floor(rng() * 26));
      return s;
    }
  }
}

/** One name (may repeat); the IDN ones keep their Unicode form. */
export function randomName(rng: Rng): string {
  let l = label(rng);
  if (l.length > 60) l = l.slice(0, 60).replace(/-+$/, '');
  return `${l}.${weighted(rng, EXTENSIONS)}`;
}

/**
 * The names generated so far, as two 32-bit hashes each in one typed array (open addressing):
 * a Set of strings holds at most 2^24 entries, and tens of millions of strings on the heap make
 * every garbage collection walk them. Two names with the same 64-bit hash would count as one
 * (about one chance in 10^5 at 20 million names), which only skips a name.
 */
class NameHashSet {
  private slots = new Uint32Array(2 * 1024);
  size = 0;

  /** Adds a name; false when it was already there. */
  add(name: string): boolean {
    let h1 = 0x811c9dc5;
    let h2 = 0x9747b28c;
    for (let i = 0; i < name.length; i++) {
      const c = name.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
      h2 ^= h2 >>> 15;
    }
    h1 >>>= 0;
    h2 >>>= 0;
    if (h1 === 0 && h2 === 0) h1 = 1;
    if ((this.size + 1) * 2 > this.slots.length / 2) this.grow();
    return this.insert(h1, h2);
  }

  private insert(h1: number, h2: number): boolean {
    const mask = this.slots.length / 2 - 1;
    for (let at = h1 & mask; ; at = (at + 1) & mask) {
      const a = this.slots[2 * at]!;
      const b = this.slots[2 * at + 1]!;
      if (a === 0 && b === 0) {
        this.slots[2 * at] = h1;
        this.slots[2 * at + 1] = h2;
        this.size++;
        return true;
      }
      if (a === h1 && b === h2) return false;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    this.size = 0;
    for (let i = 0; i < old.length; i += 2) if (old[i] !== 0 || old[i + 1] !== 0) this.insert(old[i]!, old[i + 1]!);
  }
}

/**
 * `count` distinct names from a seed. `exclude` (names already used, e.g. by the seeded
 * database) are skipped, so an import list can be entirely new names; `accept` can refuse names
 * the server would (e.g. "pisa.it", itself a public suffix).
 */
export function* generateNames(
  count: number,
  seed = 1,
  opts: { exclude?: ReadonlySet<string>; accept?: (name: string) => boolean } = {},
): Generator<string> {
  const rng = createRng(seed);
  const seen = new NameHashSet();
  let misses = 0;
  while (seen.size < count) {
    const name = randomName(rng);
    if (opts.exclude?.has(name) || (opts.accept && !opts.accept(name)) || !seen.add(name)) {
      misses += 1;
      if (misses > count * 20 + 1000) throw new Error(`Only ${seen.size} distinct names could be generated`);
      continue;
    }
    yield name;
  }
}

const CONSONANTS = 'bdfgklmnprstvz';
const VOWELS = 'aeiou';

/**
 * A short made-up name as bulk portfolios hold them ("bakotu.com"): three or four
 * consonant-vowel syllables, 8% with digits, 6% with a hyphen, the usual extension mix.
 * Lines average about 12 bytes, so a 2 MB list holds about 170,000 names.
 */
export function shortBrandName(rng: Rng): string {
  const syllables = 3 + Math.floor(rng() * 2);
  let label = '';
  for (let i = 0; i < syllables; i += 1) label += pick(rng, [...CONSONANTS]) + pick(rng, [...VOWELS]);
  const r = rng();
  if (r < 0.08) label += String(1 + Math.floor(rng() * 99));
  else if (r < 0.14) label = `${label.slice(0, 2)}-${label.slice(2)}`;
  return `${label}.${weighted(rng, EXTENSIONS)}`;
}

/** `count` distinct short names (see shortBrandName) from a seed, skipping `exclude`. */
export function* generateShortNames(count: number, seed: number, exclude?: ReadonlySet<string>): Generator<string> {
  const rng = createRng(seed);
  const seen = new Set<string>();
  let misses = 0;
  while (seen.size < count) {
    const name = shortBrandName(rng);
    if (seen.has(name) || exclude?.has(name) || !acceptedByServer(name)) {
      misses += 1;
      if (misses > count * 20 + 1000) throw new Error(`Only ${seen.size} distinct short names could be generated`);
      continue;
    }
    seen.add(name);
    yield name;
  }
}

/** Search terms a visitor types: mostly dictionary words, some fragments, some word pairs. */
export function searchTerms(count: number, seed = 7): string[] {
  const rng = createRng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const r = rng();
    const w = pick(rng, WORDS.filter((x) => x.length >= 3));
    if (r < 0.65) out.push(w);
    else if (r < 0.8) out.push(w.slice(0, 3 + Math.floor(rng() * Math.max(1, w.length - 3))));
    else if (r < 0.95) out.push(w + pick(rng, WORDS));
    else out.push(pick(rng, SYLLABLES) + pick(rng, SYLLABLES) + pick(rng, SYLLABLES));
  }
  return out;
}

/** Whether the server's import would accept the name (valid, and more than a public suffix). */
export function acceptedByServer(name: string): boolean {
  const ascii = toAsciiDomain(name);
  return !!ascii && !!describeDomain(ascii);
}

function main(): void {
  const args = process.argv.slice(2);
  const count = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
  const seed = Number(args.find((a) => a.startsWith('--seed='))?.slice(7) ?? 1);
  const out = args.find((a) => a.startsWith('--out='))?.slice(6);
  const started = performance.now();
  if (out) {
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    const fd = fs.openSync(out, 'w');
    let buffer: string[] = [];
    for (const name of generateNames(count, seed, { accept: acceptedByServer })) {
      buffer.push(name);
      if (buffer.length === 10_000) {
        fs.writeSync(fd, `${buffer.join('\n')}\n`);
        buffer = [];
      }
    }
    if (buffer.length) fs.writeSync(fd, `${buffer.join('\n')}\n`);
    fs.closeSync(fd);
    console.error(`${count} names written to ${out} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } else {
    for (const name of generateNames(count, seed, { accept: acceptedByServer })) console.log(name);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
