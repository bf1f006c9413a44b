/**
 * Diagnostic: where the app server's resident memory goes while it serves random landing pages
 * of the seeded 1,000,000-domain SQLite database, and then search answers. Every second it asks
 * the server for process.memoryUsage() (V8's heap, memory outside it, array buffers) and reads
 * /proc for the resident set and how much of it is anonymous memory; it prints the largest of
 * each per phase, so a growth can be pinned on the JavaScript heap or on native memory.
 *
 *   npx tsx --conditions=source bench/landing-memory.ts [--duration=20] [--connections=50]
 *
 * Extra server settings come from the environment (for instance NODE_OPTIONS or
 * MALLOC_ARENA_MAX), so one setting can be tried against another.
 */
import fs from 'node:fs';
import { machineSummary, table } from './lib/common.js';
import { runLoad } from './lib/load.js';
import { approvedIdRange, searchApiPaths } from './lib/seeded-paths.js';
import { startServer, type ServerProcess } from './lib/server-process.js';
import { seed } from './seed-million.js';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const mib = (bytes: number) => bytes / 1024 / 1024;

interface Sample {
  rss: number;
  anon: number;
  file: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

function residentKinds(pid: number): { anon: number; file: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { anon: kb('RssAnon'), file: kb('RssFile') + kb('RssShmem') };
}

async function sample(server: ServerProcess): Promise<Sample> {
  const m = await server.memory();
  const kinds = residentKinds(server.pid);
  return { rss: m.rss, ...kinds, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
}

/** The largest of each figure while `work` runs, sampled every second. */
async function peaks(server: ServerProcess, work: () => Promise<{ result: { requests: { average: number } } }>): Promise<Sample & { rps: number }> {
  const top: Sample = await sample(server);
  let running = true;
  const sampling = (async () => {
    while (running) {
      const s = await sample(server);
      for (const key of Object.keys(top) as (keyof Sample)[]) top[key] = Math.max(top[key], s[key]);
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  const { result } = await work();
  running = false;
  await sampling;
  return { ...top, rps: result.requests.average };
}

async function main(): Promise<void> {
  const duration = arg('duration', 20);
  const connections = arg('connections', 50);
  await seed('sqlite');
  const { randomId } = await approvedIdRange();

  const app = await startServer('app');
  await app.searchReady();
  const rows: [string, Sample & { rps?: number }][] = [['after start, index built', await sample(app)]];
  rows.push([
    `random landing pages, ${connections} connections, ${duration} s`,
    await peaks(app, () => runLoad({ url: app.url, path: () => `/landing/${randomId()}`, connections, duration })),
  ]);
  rows.push(['idle 5 s later', await new Promise<Sample>((resolve) => setTimeout(() => resolve(sample(app)), 5000))]);
  rows.push([
    `search API (limit 50), ${connections} connections, ${duration} s`,
    await peaks(app, () => runLoad({ url: app.url, path: searchApiPaths(), connections, duration })),
  ]);
  await app.stop();

  console.log(`\n${machineSummary()}\nserver settings: NODE_OPTIONS=${process.env.NODE_OPTIONS ?? ''} MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? ''}\n`);
  console.log(
    table(
      ['phase (largest sampled, MiB)', 'RSS', 'anonymous', 'file-backed', 'V8 heap total', 'V8 heap used', 'external', 'array buffers', 'req/s'],
      rows.map(([phase, s]) => [
        phase,
        ...[s.rss, s.anon, s.file, s.heapTotal, s.heapUsed, s.external, s.arrayBuffers].map((n) => mib(n).toFixed(0)),
        s.rps === undefined ? '-' : s.rps.toFixed(0),
      ]),
    ),
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
