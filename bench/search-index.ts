/**
 * The in-memory search index alone, without a database or HTTP: builds it from the seed's
 * generated rows (the same names and columns as bench/seed-million.ts, N of them) and times
 * its match of a search window (up to SEARCH_COUNT_CAP + 1 ids, what any page of a search
 * reads) for the search benchmarks' five query shapes, with the candidates each tested; each
 * query's time is the fastest of --repeat runs, each after reading enough memory to clear the
 * processor's caches, so that other work on the machine counts little. A quick way to see what a change to the index does at a
 * size too slow to seed: the figures that count are bench/search-http.ts's, over HTTP.
 *
 *   node --expose-gc --max-old-space-size=4096 --conditions=source --import tsx bench/search-index.ts [--names=2000000] [--runs=100] [--repeat=5]
 *   BENCH_DOMAINS=20000000 DATABASE_URL=… node … bench/search-index.ts --postgres
 *
 * --postgres loads the index from the seeded PostgreSQL schema (bench/seed-million.ts) as the
 * server does. The index is kept in bench/out/ for the next run while the index's code is
 * unchanged (or, with --reuse, whatever changed: only for changes that leave the index's parts as
 * they were).
 */
import fs from 'node:fs';
import path from 'node:path';
import { SEARCH_COUNT_CAP } from '@market/shared';
import { type IndexParts, ListedDomainIndex, type ListedRow } from '../apps/server/src/modules/search/listed-index.js';
import { loadListedIndex } from '../apps/server/src/modules/search/listed-index-load.js';
import { planSearch } from '../apps/server/src/modules/search/search-plan.js';
import { acceptedByServer, createRng, generateNames, pick } from './generate-names.js';
import { codeFingerprint, hasFlag, isMain, MILLION, ms, openBenchDb, OUT_DIR, PG_SCHEMA, stats, table } from './lib/common.js';
import { buildScenarios } from './search.js';
import { randomFilters } from './search-filter-mix.js';
import { domainRow, NAME_SEED } from './seed-million.js';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

/** The seed's rows for the first `count` names, straight into an index. */
function buildIndex(count: number): ListedDomainIndex {
  const rows: ListedRow[] = [];
  const rng = createRng(42);
  const t0 = Date.now() - 3 * 365 * 86_400_000;
  const step = (3 * 365 * 86_400_000) / count;
  let labelBytes = 0;
  const index = new ListedDomainIndex();
  let id = 0;
  const owners = [1, 2, 3, 4, 5];
  // Two passes would generate the names twice; the load sizes are known once the rows are.
  for (const name of generateNames(count, NAME_SEED, { accept: acceptedByServer })) {
    const owner = owners[Math.min(owners.length - 1, Math.floor(Math.pow(rng(), 1.5) * owners.length))] as number;
    const row = domainRow(rng, name, owner, new Date(t0 + id * step).toISOString());
    id += 1;
    labelBytes += row.domain_label.length;
    rows.push({ ...(row as unknown as ListedRow), id });
  }
  index.startLoad(rows.length, id, labelBytes);
  for (const row of rows.splice(0)) index.upsert(row);
  index.finishLoad();
  return index;
}

/** The index's arrays and dictionaries in one file: generating the names is the slow part of a build. */
function saveParts(file: string, parts: IndexParts): void {
  const entries = Object.entries(parts);
  const typed = entries.filter(([, v]) => ArrayBuffer.isView(v)) as [string, Uint8Array][];
  const plain = Object.fromEntries(entries.filter(([, v]) => !ArrayBuffer.isView(v)));
  const arrays = typed.map(([key, v]) => ({ key, type: v.constructor.name, bytes: v.byteLength }));
  const header = Buffer.from(JSON.stringify({ ...plain, arrays }));
  const fd = fs.openSync(file, 'w');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  fs.writeSync(fd, length);
  fs.writeSync(fd, header);
  for (const [, v] of typed) fs.writeSync(fd, new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
  fs.closeSync(fd);
}

function loadParts(file: string): IndexParts {
  const fd = fs.openSync(file, 'r');
  const length = Buffer.alloc(4);
  fs.readSync(fd, length, 0, 4, 0);
  const headerBytes = Buffer.alloc(length.readUInt32LE());
  fs.readSync(fd, headerBytes, 0, headerBytes.length, 4);
  const header = JSON.parse(headerBytes.toString());
  let at = 4 + headerBytes.length;
  const parts = { ...header } as Record<string, unknown>;
  const types = { Int32Array, Uint8Array, Uint16Array, Uint32Array, Float64Array } as Record<string, new (b: ArrayBuffer) => unknown>;
  for (const { key, type, bytes } of header.arrays as { key: string; type: string; bytes: number }[]) {
    const buffer = new ArrayBuffer(bytes);
    for (let done = 0; done < bytes; ) done += fs.readSync(fd, new Uint8Array(buffer, done), 0, bytes - done, at + done);
    at += bytes;
    parts[key] = new types[type]!(buffer);
  }
  fs.closeSync(fd);
  return parts as unknown as IndexParts;
}

const sweep = new Uint32Array(16 * 2 ** 20);
/** Reads 64 MiB, more than any processor cache holds, so each run starts as a search among others would. */
function evictCaches(): void {
  for (let i = 0; i < sweep.length; i += 16) sweep[i]!++;
}

/**
 * The HTTP bench's mix of filter combinations (bench/search-filter-mix.ts), with texts cut from
 * labels of the index itself: four in five with a text of 3-8 characters.
 */
function filterMixScenario(index: ListedDomainIndex, runs: number, seed = 28) {
  const rng = createRng(seed);
  const labels: string[] = [];
  while (labels.length < 2000) {
    const row = index.showRow(1 + Math.floor(rng() * index.size));
    if (row && row.domain_label.length >= 3 && !row.domain_label.startsWith('xn--')) labels.push(row.domain_label);
  }
  const criteria = Array.from({ length: runs }, () => {
    const label = pick(rng, labels);
    const length = Math.min(label.length, 3 + Math.floor(rng() * 6));
    const at = Math.floor(rng() * (label.length - length + 1));
    const text = rng() < 0.8 ? label.slice(at, at + length) : '';
    return { text, extensions: [], filters: randomFilters(rng), limit: 100, offset: 0 };
  });
  return { key: 'mix', title: 'random filter combinations', criteria };
}

async function main(): Promise<void> {
  const names = arg('names', 2_000_000);
  const runs = arg('runs', 100);
  const repeat = arg('repeat', 5);
  const fromPostgres = hasFlag('--postgres');
  const started = performance.now();
  const code = codeFingerprint(['apps/server/src/modules/search/listed-index.ts', 'apps/server/src/modules/search/facet-bits.ts', 'apps/server/src/modules/search/posting-list.ts']);
  const source = fromPostgres ? `postgres-${PG_SCHEMA}` : `generated-${names}`;
  const cache = path.join(OUT_DIR, `index-${source}.bin`);
  const cacheCode = `${cache}.code`;
  let index: ListedDomainIndex;
  if (fs.existsSync(cache) && fs.existsSync(cacheCode) && (hasFlag('--reuse') || fs.readFileSync(cacheCode, 'utf8') === code)) index = ListedDomainIndex.fromParts(loadParts(cache));
  else {
    if (fromPostgres) {
      const db = await openBenchDb('postgres');
      index = (await loadListedIndex(db.kysely, 'postgres')).index;
      index.trim();
      await db.destroy();
    } else index = buildIndex(names);
    fs.mkdirSync(OUT_DIR, { recursive: true });
    saveParts(cache, index.toParts());
    fs.writeFileSync(cacheCode, code);
  }
  globalThis.gc?.();
  console.log(
    `${index.size.toLocaleString('en-US')} names (${fromPostgres ? `PostgreSQL ${PG_SCHEMA}, ${MILLION.toLocaleString('en-US')} seeded` : 'generated'}) in the index after ${((performance.now() - started) / 1000).toFixed(1)} s; ${(index.bytes / 2 ** 20).toFixed(0)} MiB in typed arrays, RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
  );
  const rows: string[][] = [];
  const slowest: { ms: number; what: string; tested: number; found: number }[] = [];
  const scenarios = hasFlag('--mix') ? [filterMixScenario(index, runs)] : buildScenarios(runs);
  // Compiled first, as in a server that has run a while: every shape, with other terms.
  for (const scenario of buildScenarios(40, 3)) for (const c of scenario.criteria) index.match(planSearch(c), SEARCH_COUNT_CAP);
  for (const scenario of scenarios) {
    {
      const cap = SEARCH_COUNT_CAP;
      const times: number[] = [];
      let tested = 0;
      let found = 0;
      for (const c of scenario.criteria) {
        const plan = planSearch(c);
        // The fastest of a few runs: what the code costs, without another process's turns.
        let best = Infinity;
        let m = index.match(plan, cap);
        for (let r = 0; r < repeat; r++) {
          evictCaches();
          const t = performance.now();
          m = index.match(plan, cap);
          best = Math.min(best, performance.now() - t);
        }
        times.push(best);
        slowest.push({ ms: best, what: `${scenario.title}: "${c.text}" ${JSON.stringify(c.filters)}`, tested: m.tested, found: m.ids.length });
        tested += m.tested;
        found += m.ids.length;
      }
      const s = stats(times);
      rows.push([scenario.title, ms(s.p50), ms(s.p95), ms(s.max), String(Math.round(tested / times.length)), String(Math.round(found / times.length))]);
    }
  }
  if (hasFlag('--slowest')) {
    for (const q of slowest.sort((a, b) => b.ms - a.ms).slice(0, 25)) console.log(`${ms(q.ms)} ms, ${q.tested} tested, ${q.found} found: ${q.what}`);
  }
  console.log(table(['query', 'p50 ms', 'p95 ms', 'max ms', 'tested (mean)', 'found (mean)'], rows));
}

if (isMain(import.meta.url)) await main();
