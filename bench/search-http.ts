/**
 * Search as its users meet it: GET /api/domains/search/ over HTTP against the app running as its
 * own process on the seeded database, with the in-memory index (SEARCH_INDEX=memory) unless
 * --index=database.
 *
 *   npx tsx --conditions=source bench/search-http.ts [--postgres] [--index=memory] [--runs=200]
 *       [--duration=10] [--connections=16]
 *
 * BENCH_DOMAINS picks the seeded size (bench/seed-million.ts; 1,000,000 by default) and, on
 * PostgreSQL, its schema. Reports the cold start (spawn to listening, then to a built index), the
 * server's memory, latency p50/p95 and answer size for the five query shapes at the default page
 * (100 rows) and at 20 rows, one request at a time, and throughput with autocannon at
 * --connections for search at both page sizes beside /api/health in the same run.
 */
import http from 'node:http';
import os from 'node:os';
import type { SearchFilters } from '@market/shared';
import { planSearch } from '../apps/server/src/modules/search/search-plan.js';
import { searchTerms } from './generate-names.js';
import { hasFlag, isMain, machineSummary, MILLION, ms, PG_SCHEMA, PG_URL, procMemory, saveReport, SQLITE_FILE, stats, table } from './lib/common.js';
import { runLoad } from './lib/load.js';
import { startServer } from './lib/server-process.js';
import { buildScenarios } from './search.js';
import { seed } from './seed-million.js';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const P95_BUDGET_MS = 5;
const THROUGHPUT_RATIO_BUDGET = 0.3;

interface Criteria {
  text: string;
  extensions: string[];
  filters: SearchFilters;
}

/** The query string the web app sends; `limit` left out asks for the default page. */
export function searchPath(c: Criteria, limit?: number): string {
  const q = new URLSearchParams({ domain_name: c.text });
  if (c.extensions.length) q.set('extensions', JSON.stringify(c.extensions));
  if (Object.keys(c.filters).length) q.set('filters', JSON.stringify(c.filters));
  if (limit !== undefined) q.set('limit', String(limit));
  return `/api/domains/search/?${q}`;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET, timed from the request to the last body byte. */
function timedGet(base: string, path: string): Promise<{ ms: number; bytes: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(`${base}${path}`, { agent }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ ms: performance.now() - started, bytes, status: res.statusCode ?? 0 }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export async function runSearchHttpBench(): Promise<void> {
  const postgres = hasFlag('--postgres');
  const index = arg('index', 'memory');
  const runs = Number(arg('runs', '200'));
  const duration = Number(arg('duration', '10'));
  const connections = Number(arg('connections', '16'));
  if (!postgres) await seed('sqlite');

  const env: NodeJS.ProcessEnv = { SEARCH_INDEX: index, LOAD_SHEDDING: 'off' };
  if (postgres) Object.assign(env, { BENCH_DATABASE_URL: PG_URL, BENCH_DATABASE_SCHEMA: PG_SCHEMA });
  else env.BENCH_SQLITE_FILE = SQLITE_FILE;

  const spawned = performance.now();
  const app = await startServer('app', env);
  const listening = performance.now() - spawned;
  await app.searchReady();
  const ready = performance.now() - spawned;
  const builtMemory = procMemory(app.pid);
  const heap = await app.memory();
  const lines: string[] = [];
  try {
    // Warm the JIT and the caches the way a running site has them: every query shape, with
    // terms and filters other than those measured, so that no measured search finds its window
    // already matched (the server keeps recent windows).
    const scenarios = buildScenarios(runs);
    const measured = new Set(scenarios.flatMap((s) => s.criteria.map((c) => JSON.stringify(planSearch(c)))));
    for (const warm of buildScenarios(40, 3)) {
      for (const c of warm.criteria) if (!measured.has(JSON.stringify(planSearch(c)))) await timedGet(app.url, searchPath(c));
    }

    const latencyRows: (string | number)[][] = [];
    let worstDefaultP95 = 0;
    for (const scenario of scenarios) {
      for (const limit of [undefined, 20]) {
        const samples: number[] = [];
        let bytes = 0;
        let rows = 0;
        for (const c of scenario.criteria) {
          const r = await timedGet(app.url, searchPath(c, limit));
          if (r.status !== 200) throw new Error(`search answered ${r.status}: ${searchPath(c, limit)}`);
          samples.push(r.ms);
          bytes += r.bytes;
          rows += 1;
        }
        const s = stats(samples);
        if (limit === undefined) worstDefaultP95 = Math.max(worstDefaultP95, s.p95);
        latencyRows.push([scenario.title, limit === undefined ? 'default (100)' : String(limit), ms(s.p50), ms(s.p95), ms(s.max), `${(bytes / rows / 1024).toFixed(1)} KiB`]);
      }
    }

    // Throughput: search at 20 rows and at the default page against /api/health, alternating.
    const terms = searchTerms(500, 11);
    let n = 0;
    const nextSearch = (limit?: number) => () => searchPath({ text: terms[n++ % terms.length] as string, extensions: [], filters: {} }, limit);
    await runLoad({ url: app.url, path: () => '/api/health', connections, duration: 2 });
    const load: Record<string, { rps: number; p50: number; p99: number; kib: number }> = {};
    let rssUnderLoad = 0;
    for (const [label, path] of [
      ['/api/health', () => '/api/health'],
      ['search, 20 rows', nextSearch(20)],
      ['search, default page (100 rows)', nextSearch()],
    ] as const) {
      const run = await runLoad({ url: app.url, path, connections, duration });
      const answered = run.result.requests.total;
      load[label] = { rps: run.result.requests.average, p50: run.result.latency.p50, p99: run.result.latency.p99, kib: answered ? run.bytes / answered / 1024 : 0 };
      rssUnderLoad = Math.max(rssUnderLoad, procMemory(app.pid)?.rssMiB ?? 0);
    }
    const health = load['/api/health']?.rps ?? 0;
    const twenty = load['search, 20 rows']?.rps ?? 0;
    const ratio = health ? twenty / health : 0;

    const where = postgres ? `PostgreSQL (${PG_SCHEMA})` : 'SQLite';
    lines.push(
      `### Search over HTTP, ${MILLION.toLocaleString('en-US')} listed names on ${where}, ${index} index (${new Date().toISOString().slice(0, 10)})`,
      '',
      machineSummary(),
      '',
      `Cold start: listening after ${(listening / 1000).toFixed(1)} s, index built after ${(ready / 1000).toFixed(1)} s; ` +
        `server RSS then ${builtMemory ? builtMemory.rssMiB.toFixed(0) : '?'} MiB (V8 heap ${(heap.heapUsed / 2 ** 20).toFixed(0)} MiB, ` +
        `array buffers ${(heap.arrayBuffers / 2 ** 20).toFixed(0)} MiB), peak RSS under load ${rssUnderLoad.toFixed(0)} MiB.`,
      '',
      `One request at a time, ${runs} queries per row, keep-alive:`,
      '',
      table(['query', 'rows asked', 'p50 ms', 'p95 ms', 'max ms', 'answer'], latencyRows),
      '',
      `autocannon, ${connections} connections, ${duration} s each, client on the same machine:`,
      '',
      table(
        ['route', 'req/s', 'p50 ms', 'p99 ms', 'answer'],
        Object.entries(load).map(([label, r]) => [label, r.rps.toFixed(0), String(r.p50), String(r.p99), `${r.kib.toFixed(1)} KiB`]),
      ),
      '',
      `Goals: p95 at the default page <= ${P95_BUDGET_MS} ms: worst ${ms(worstDefaultP95)} ms ` +
        `(${worstDefaultP95 <= P95_BUDGET_MS ? 'met' : 'NOT met'}); search at 20 rows >= ${THROUGHPUT_RATIO_BUDGET}x /api/health: ` +
        `${ratio.toFixed(2)}x (${ratio >= THROUGHPUT_RATIO_BUDGET ? 'met' : 'NOT met'}). Load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}.`,
    );
  } finally {
    await app.stop();
    agent.destroy();
  }
  const text = lines.join('\n');
  console.log(text);
  saveReport(`search-http-${postgres ? 'postgres' : 'sqlite'}-${MILLION}`, text);
}

if (isMain(import.meta.url)) {
  runSearchHttpBench().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
