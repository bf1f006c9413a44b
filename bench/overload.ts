/**
 * The server past its capacity: 200 connections for 30 s on the search API and on random landing
 * pages of the seeded 1,000,000-domain SQLite database, with load shedding on (the defaults) and,
 * for comparison, off. Reports time-outs, the share of 503s and latency of the answered (2xx)
 * requests and of the 503s separately.
 *
 *   npx tsx --conditions=source bench/overload.ts [--duration=30] [--connections=200] [--modes=on,off]
 *
 * The server runs as a child process (bench/lib/landing-server.ts) on 127.0.0.1; autocannon runs
 * here, on the same 2 cores, so the client's own work is part of the load.
 */
import os from 'node:os';
import { isMain, machineSummary, percentile, saveReport, table } from './lib/common.js';
import { runLoad } from './lib/load.js';
import { approvedIdRange, searchApiPaths } from './lib/seeded-paths.js';
import { startServer } from './lib/server-process.js';
import { seed } from './seed-million.js';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const P99_BUDGET_MS = 250;

interface Run {
  mode: string;
  scenario: string;
  total: number;
  ok: number;
  shed: number;
  other: number;
  timeouts: number;
  errors: number;
  okP50: number;
  okP99: number;
  okMax: number;
  shedP99: number;
  okPerSecond: number;
}

export async function runOverloadBench(): Promise<void> {
  const duration = Number(arg('duration', '30'));
  const connections = Number(arg('connections', '200'));
  const modes = arg('modes', 'on,off').split(',');
  await seed('sqlite');

  const { randomId } = await approvedIdRange();
  const scenarios: [string, () => string][] = [
    ['search API (text, limit 50)', searchApiPaths()],
    ['landing pages, random ids of 1M', () => `/landing/${randomId()}`],
  ];

  const runs: Run[] = [];
  for (const mode of modes) {
    const app = await startServer('app', { LOAD_SHEDDING: mode });
    try {
      // JIT, page cache and the in-memory search index (built in a worker a few seconds after start).
      for (const [, path] of scenarios) await runLoad({ url: app.url, path, connections: 10, duration: 8 });
      for (const [scenario, path] of scenarios) {
        const { result, ok, shed } = await runLoad({ url: app.url, path, duration, connections, timeout: 10 });
        const total = Object.values(result.statusCodeStats ?? {}).reduce((s, c) => s + c.count, 0);
        const run: Run = {
          mode: `shedding ${mode}`,
          scenario,
          total,
          ok: ok.length,
          shed: shed.length,
          other: total - ok.length - shed.length,
          timeouts: result.timeouts,
          errors: result.errors - result.timeouts,
          okP50: percentile(ok, 50),
          okP99: percentile(ok, 99),
          okMax: ok[ok.length - 1] ?? Number.NaN,
          shedP99: percentile(shed, 99),
          okPerSecond: ok.length / duration,
        };
        runs.push(run);
        console.log(`[overload] ${run.mode}, ${scenario}: ${JSON.stringify(run)}; load average ${os.loadavg()[0]?.toFixed(1)}`);
      }
    } finally {
      await app.stop();
    }
  }

  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;
  const text = [
    `### Overload: ${connections} connections for ${duration} s (autocannon in the parent process, 10 s time-out; 2-core machine shared by client and server)`,
    '',
    `Machine: ${machineSummary()}; load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}.`,
    '',
    table(
      ['settings', 'scenario', 'responses', '2xx/s', '503 share', 'other non-2xx', 'time-outs', 'errors', '2xx p50 (ms)', '2xx p99 (ms)', '2xx max (ms)', '503 p99 (ms)', `2xx p99 <= ${P99_BUDGET_MS} ms, 0 time-outs`],
      runs.map((r) => [r.mode, r.scenario, r.total, r.okPerSecond.toFixed(0), pct(r.shed, r.total), r.other, r.timeouts, r.errors, r.okP50, r.okP99, r.okMax, Number.isFinite(r.shedP99) ? r.shedP99 : '-', r.okP99 <= P99_BUDGET_MS && r.timeouts === 0 ? 'pass' : '**FAIL**']),
    ),
  ].join('\n');
  console.log(`\n${text}`);
  saveReport('overload', text, runs);
}

if (isMain(import.meta.url)) {
  runOverloadBench().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
