/**
 * The server from idle to past its capacity, as users meet it: mixed traffic (searches, searches
 * with filters, landing pages, the home page, the app's search page) over HTTP at rising numbers
 * of connections, on the seeded database of each dialect, while a probe opens a new connection
 * for a health check every 100 ms (as a load balancer does). Reports per level: 2xx per second,
 * 503s, errors, time-outs, 2xx p50/p99, and the health check's p99; then checks the goals:
 *   - up to 64 connections: 0 × 503 and 0 errors;
 *   - at the highest level: 2xx per second at least 0.8 × that at 16 connections, 2xx p99 at most
 *     250 ms, 0 time-outs, health p99 at most 50 ms.
 *
 *   npx tsx --conditions=source bench/overload.ts [--duration=30] [--levels=16,32,64,200]
 *   BENCH_DOMAINS=20000 npx tsx --conditions=source bench/overload.ts --small   (CI: 5 s a level)
 *
 * --small runs the levels for 5 s each and exits non-zero only on errors or time-outs (a busy CI
 * machine says nothing about the figures); the full run exits non-zero when a goal is missed.
 * The server runs as a child process (bench/lib/landing-server.ts) on 127.0.0.1; autocannon runs
 * here, on the same cores, so the client's own work is part of the load.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { searchTerms } from './generate-names.js';
import { type BenchDialect, dialectsToRun, hasFlag, isMain, machineSummary, MILLION, ms, PG_SCHEMA, PG_URL, percentile, saveReport, table } from './lib/common.js';
import { runLoad } from './lib/load.js';
import { approvedIdRange } from './lib/seeded-paths.js';
import { startServer } from './lib/server-process.js';
import { seed } from './seed-million.js';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const small = hasFlag('--small');
const P99_BUDGET_MS = 250;
const HEALTH_P99_BUDGET_MS = 50;
const QUIET_LEVELS = 64;

interface Level {
  dialect: BenchDialect;
  connections: number;
  total: number;
  ok: number;
  shed: number;
  other: number;
  timeouts: number;
  errors: number;
  okPerSecond: number;
  okP50: number;
  okP99: number;
  healthP99: number;
  healthFailed: number;
  loadAverage: number;
}

const FILTERS = encodeURIComponent(JSON.stringify({ extensions: ['com', 'net'], priceRange: [0, 50_000], characterRange: [3, 12] }));

/** Mixed traffic: what a crowd of visitors asks for, in rough proportion. */
function mixedPaths(randomId: () => number): () => string {
  const terms = searchTerms(500, 11);
  let n = 0;
  const term = () => encodeURIComponent(terms[n++ % terms.length] as string);
  const mix: [number, () => string][] = [
    [45, () => `/api/domains/search/?domain_name=${term()}&limit=50`],
    [15, () => `/api/domains/search/?domain_name=${term()}&filters=${FILTERS}&limit=20`],
    [30, () => `/landing/${randomId()}`],
    [5, () => '/'],
    [5, () => `/homeSearch?search=${term()}`],
  ];
  const total = mix.reduce((s, [w]) => s + w, 0);
  return () => {
    let r = Math.random() * total;
    for (const [weight, path] of mix) {
      r -= weight;
      if (r < 0) return path();
    }
    return mix[0]![1]();
  };
}

/**
 * The probe, run in a worker thread of its own: in the load generator's thread its timers and
 * sockets would wait behind autocannon's 200 connections, and the figure would be the client's.
 */
const PROBE_WORKER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const times = [];
let failed = 0;
let stopped = false;
const pending = new Set();
const once = () => new Promise((resolve) => {
  const started = performance.now();
  const req = http.get(workerData.url + '/api/health', { agent: false, timeout: 5000 }, (res) => {
    res.resume();
    res.on('end', () => {
      if (res.statusCode === 200) times.push(performance.now() - started);
      else failed += 1;
      resolve();
    });
  });
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', () => { failed += 1; resolve(); });
});
const timer = setInterval(() => {
  if (stopped) return;
  const p = once().finally(() => pending.delete(p));
  pending.add(p);
}, workerData.everyMs);
parentPort.once('message', async () => {
  stopped = true;
  clearInterval(timer);
  await Promise.all(pending);
  parentPort.postMessage({ times, failed });
});
`;

/** A health check on a new connection every `everyMs`, as a load balancer's probe: latencies (ms), sorted, and failures. */
function healthProbe(url: string, everyMs = 100) {
  const worker = new Worker(PROBE_WORKER, { eval: true, workerData: { url, everyMs } });
  return {
    async stop(): Promise<{ times: number[]; failed: number }> {
      const answer = new Promise<{ times: number[]; failed: number }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      worker.postMessage('stop');
      const { times, failed } = await answer;
      await worker.terminate();
      return { times: times.sort((a, b) => a - b), failed };
    },
  };
}

export async function runOverloadBench(): Promise<boolean> {
  const duration = Number(arg('duration', small ? '5' : '30'));
  const levels = arg('levels', small ? '16,64' : '16,32,64,200').split(',').map(Number);
  const runs: Level[] = [];
  for (const dialect of await dialectsToRun()) {
    await seed(dialect, { quiet: small });
    const paths = mixedPaths((await approvedIdRange(dialect)).randomId);
    const env = dialect === 'postgres' ? { BENCH_DATABASE_URL: PG_URL, BENCH_DATABASE_SCHEMA: PG_SCHEMA } : {};
    const app = await startServer('app', env);
    try {
      await app.searchReady();
      // JIT and page cache.
      await runLoad({ url: app.url, path: paths, connections: 8, duration: small ? 2 : 8 });
      for (const connections of levels) {
        const probe = healthProbe(app.url);
        const { result, ok, shed } = await runLoad({ url: app.url, path: paths, duration, connections, timeout: 10 });
        const health = await probe.stop();
        const total = Object.values(result.statusCodeStats ?? {}).reduce((s, c) => s + c.count, 0);
        const level: Level = {
          dialect,
          connections,
          total,
          ok: ok.length,
          shed: shed.length,
          other: total - ok.length - shed.length,
          timeouts: result.timeouts,
          errors: result.errors - result.timeouts,
          okPerSecond: ok.length / duration,
          okP50: percentile(ok, 50),
          okP99: percentile(ok, 99),
          healthP99: percentile(health.times, 99),
          healthFailed: health.failed,
          loadAverage: os.loadavg()[0] ?? Number.NaN,
        };
        runs.push(level);
        console.log(`[overload] ${JSON.stringify(level)}`);
      }
    } finally {
      await app.stop();
    }
  }

  const verdicts = runs.map((r) => verdict(r, runs));
  const text = [
    `### Overload: mixed traffic at ${levels.join(', ')} connections, ${duration} s each, ${MILLION.toLocaleString('en-US')} names`,
    '',
    `Machine: ${machineSummary()}; load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}. autocannon (10 s time-out) in the parent process on the same cores; health probed on a new connection every 100 ms from a worker thread of its own.`,
    '',
    table(
      ['database', 'connections', 'responses', '2xx/s', '503', 'other non-2xx', 'errors', 'time-outs', '2xx p50 (ms)', '2xx p99 (ms)', 'health p99 (ms)', 'load avg', 'goal'],
      runs.map((r, i) => [r.dialect, r.connections, r.total, r.okPerSecond.toFixed(0), r.shed, r.other, r.errors, r.timeouts, ms(r.okP50), ms(r.okP99), ms(r.healthP99), r.loadAverage.toFixed(1), verdicts[i] || 'pass']),
    ),
  ].join('\n');
  console.log(`\n${text}`);
  saveReport(small ? 'overload-small' : 'overload', text, runs);
  if (small) return runs.every((r) => r.errors === 0 && r.timeouts === 0 && r.healthFailed === 0);
  return verdicts.every((v) => v === '');
}

/** What a level misses of its goals ('' when none). */
function verdict(r: Level, runs: Level[]): string {
  const misses: string[] = [];
  if (r.errors || r.healthFailed) misses.push('errors');
  if (r.connections <= QUIET_LEVELS && (r.shed || r.other)) misses.push('non-2xx');
  if (r.connections > QUIET_LEVELS) {
    const base = runs.find((b) => b.dialect === r.dialect && b.connections === 16);
    if (base && r.okPerSecond < 0.8 * base.okPerSecond) misses.push('2xx/s < 0.8 × at 16');
    if (r.okP99 > P99_BUDGET_MS) misses.push(`2xx p99 > ${P99_BUDGET_MS} ms`);
    if (r.timeouts) misses.push('time-outs');
    if (r.healthP99 > HEALTH_P99_BUDGET_MS) misses.push(`health p99 > ${HEALTH_P99_BUDGET_MS} ms`);
  }
  return misses.length ? `**${misses.join(', ')}**` : '';
}

if (isMain(import.meta.url)) {
  runOverloadBench().then(
    (met) => process.exit(met ? 0 : 1),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
