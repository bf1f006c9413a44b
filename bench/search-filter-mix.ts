/**
 * Search with the filters a buyer combines on the search page, over HTTP: a few hundred
 * combinations drawn at random (seeded) from every filter of the page (extensions, listing
 * types, trade options, price range, length range, excludes), most with a text of 3-8 characters
 * taken from a listed name sampled from the table, some with filters alone. One request at a
 * time at the default page, after a warm-up on another draw of the same kind.
 *
 *   BENCH_DOMAINS=20000000 npx tsx --conditions=source bench/search-filter-mix.ts --postgres [--count=300] [--seed=28]
 *   npx tsx --conditions=source bench/search-filter-mix.ts            (SQLite, 1,000,000 names)
 *
 * Goals: on PostgreSQL at 20,000,000 names p95 ≤ 10 ms and p99 ≤ 20 ms; on SQLite at 1,000,000
 * names p95 under 3 ms; the server's memory within 2 GiB. Reports the slowest combinations.
 */
import http from 'node:http';
import os from 'node:os';
import { listingTypeFilters, type SearchFilters, tradeOptions } from '@market/shared';
import { sql } from 'kysely';
import { createRng, EXTENSIONS, pick, type Rng } from './generate-names.js';
import { hasFlag, isMain, machineSummary, MILLION, ms, openBenchDb, PG_SCHEMA, PG_URL, procMemory, saveReport, SQLITE_FILE, stats, table } from './lib/common.js';
import { startServer } from './lib/server-process.js';
import { searchPath } from './search-http.js';
import { seed } from './seed-million.js';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const EXCLUDES = ['Number', 'No Hyphens', 'IDN'] as const;
const PRICE_LOWS = [0, 0, 100, 500, 1_000, 2_500, 5_000, 10_000, 20_000];
const PRICE_HIGHS = [1_000, 5_000, 10_000, 25_000, 50_000, 75_000, 100_000];
const MEMORY_BUDGET_MIB = 2048;

export interface MixQuery {
  text: string;
  filters: SearchFilters;
}

/** A non-empty subset of `items`, each kept with probability one half. */
function someOf<T>(rng: Rng, items: readonly T[]): T[] {
  const chosen = items.filter(() => rng() < 0.5);
  return chosen.length ? chosen : [pick(rng, items)];
}

/** One combination of the search page's filters: each filter used with probability one half, at least one. */
export function randomFilters(rng: Rng): SearchFilters {
  for (;;) {
    const f: SearchFilters = {};
    if (rng() < 0.5) f.extensions = someOf(rng, EXTENSIONS.slice(0, 12).map(([e]) => e)).slice(0, 1 + Math.floor(rng() * 3));
    if (rng() < 0.5) f.business_status = someOf(rng, listingTypeFilters);
    if (rng() < 0.5) f.trade_options = someOf(rng, tradeOptions);
    if (rng() < 0.5) {
      const low = pick(rng, PRICE_LOWS);
      const high = pick(rng, PRICE_HIGHS.filter((h) => h > low));
      f.priceRange = [low, high];
    }
    if (rng() < 0.5) {
      const low = Math.floor(rng() * 8);
      f.characterRange = [low, low + 2 + Math.floor(rng() * 20)];
    }
    if (rng() < 0.5) f.Exclude = someOf(rng, EXCLUDES);
    if (Object.keys(f).length) return f;
  }
}

/** A text a buyer types: 3-8 characters of a listed name's label. */
function textOf(rng: Rng, label: string): string {
  const length = Math.min(label.length, 3 + Math.floor(rng() * 6));
  const at = Math.floor(rng() * (label.length - length + 1));
  return label.slice(at, at + length);
}

/** `count` queries: labels sampled from the listed names, four in five with a text. */
export async function drawMix(postgres: boolean, count: number, seedValue: number): Promise<MixQuery[]> {
  const db = await openBenchDb(postgres ? 'postgres' : 'sqlite');
  try {
    const rng = createRng(seedValue);
    const bounds = await db.kysely
      .selectFrom('domains')
      .select((eb) => [eb.fn.min<number>('id').as('lo'), eb.fn.max<number>('id').as('hi')])
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow();
    const [lo, hi] = [Number(bounds.lo), Number(bounds.hi)];
    const ids = Array.from({ length: count * 2 }, () => lo + Math.floor(rng() * (hi - lo + 1)));
    const rows = await db.kysely.selectFrom('domains').select(['domain_name']).where('id', 'in', ids).where(sql<boolean>`domain_name NOT LIKE 'xn--%'`).execute();
    const labels = rows.map((r) => r.domain_name.split('.')[0]!).filter((l) => l.length >= 3);
    return Array.from({ length: count }, () => ({ text: rng() < 0.8 ? textOf(rng, pick(rng, labels)) : '', filters: randomFilters(rng) }));
  } finally {
    await db.destroy();
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function timedGet(base: string, path: string): Promise<{ ms: number; status: number; rows: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(`${base}${path}`, { agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const elapsed = performance.now() - started;
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ ms: elapsed, status: res.statusCode ?? 0, rows: res.statusCode === 200 ? (JSON.parse(body) as unknown[]).length : 0 });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export async function runFilterMixBench(): Promise<boolean> {
  const postgres = hasFlag('--postgres');
  const count = Number(arg('count', '300'));
  const seedValue = Number(arg('seed', '28'));
  await seed(postgres ? 'postgres' : 'sqlite', { quiet: true });
  const mix = await drawMix(postgres, count, seedValue);
  const warm = await drawMix(postgres, 100, seedValue + 1000);

  const env: NodeJS.ProcessEnv = { SEARCH_INDEX: 'memory', LOAD_SHEDDING: 'off' };
  if (postgres) Object.assign(env, { BENCH_DATABASE_URL: PG_URL, BENCH_DATABASE_SCHEMA: PG_SCHEMA });
  else env.BENCH_SQLITE_FILE = SQLITE_FILE;
  const spawned = performance.now();
  const app = await startServer('app', env);
  await app.searchReady();
  const readyS = (performance.now() - spawned) / 1000;
  try {
    for (const q of warm) await timedGet(app.url, searchPath({ text: q.text, extensions: [], filters: q.filters }));
    const samples: { ms: number; rows: number; q: MixQuery }[] = [];
    for (const q of mix) {
      const r = await timedGet(app.url, searchPath({ text: q.text, extensions: [], filters: q.filters }));
      if (r.status !== 200) throw new Error(`search answered ${r.status}: ${JSON.stringify(q)}`);
      samples.push({ ms: r.ms, rows: r.rows, q });
    }
    const memory = procMemory(app.pid);
    const all = stats(samples.map((s) => s.ms));
    const withText = stats(samples.filter((s) => s.q.text).map((s) => s.ms));
    const alone = stats(samples.filter((s) => !s.q.text).map((s) => s.ms));
    const goal = postgres ? { p95: 10, p99: 20 } : { p95: 3, p99: Number.POSITIVE_INFINITY };
    const met = all.p95 <= goal.p95 && all.p99 <= goal.p99 && (memory?.peakMiB ?? 0) <= MEMORY_BUDGET_MIB;
    const where = postgres ? `PostgreSQL (${PG_SCHEMA})` : 'SQLite';
    const slowest = [...samples].sort((a, b) => b.ms - a.ms).slice(0, 10);
    const text = [
      `### Search with random filter combinations, ${MILLION.toLocaleString('en-US')} names on ${where} (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
      '',
      `${machineSummary()}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}. ${count} combinations (seed ${seedValue}), default page, one at a time over HTTP; index ready ${readyS.toFixed(0)} s after spawn; server RSS ${memory ? `${memory.rssMiB.toFixed(0)} MiB (peak ${memory.peakMiB.toFixed(0)} MiB)` : '?'}.`,
      '',
      table(
        ['queries', 'n', 'p50 (ms)', 'p95 (ms)', 'p99 (ms)', 'max (ms)'],
        [
          ['all', samples.length, ms(all.p50), ms(all.p95), ms(all.p99), ms(all.max)],
          ['with a text', samples.filter((s) => s.q.text).length, ms(withText.p50), ms(withText.p95), ms(withText.p99), ms(withText.max)],
          ['filters alone', samples.filter((s) => !s.q.text).length, ms(alone.p50), ms(alone.p95), ms(alone.p99), ms(alone.max)],
        ],
      ),
      '',
      `Goal (p95 ≤ ${goal.p95} ms${Number.isFinite(goal.p99) ? `, p99 ≤ ${goal.p99} ms` : ''}, memory ≤ 2 GiB): ${met ? 'met' : '**not met**'}.`,
      '',
      'Slowest combinations:',
      '',
      table(
        ['ms', 'rows', 'text', 'filters'],
        slowest.map((s) => [ms(s.ms), s.rows, s.q.text || '—', JSON.stringify(s.q.filters)]),
      ),
    ].join('\n');
    console.log(`\n${text}`);
    saveReport(`search-filter-mix-${postgres ? 'postgres' : 'sqlite'}-${MILLION}`, text, samples);
    return met;
  } finally {
    await app.stop();
  }
}

if (isMain(import.meta.url)) {
  runFilterMixBench()
    .then((met) => process.exit(met ? 0 : 1))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
