/**
 * Six 2 MB lists of short names (about 170,000 each, "bakotu.com"-like) posted one after another
 * as multipart files to a real server over HTTP, into a database that starts empty and grows,
 * while another client polls GET /api/health: each import's time and what the other users
 * waited meanwhile (health p50/p99/max).
 *
 *   npx tsx --conditions=source bench/import-load.ts [--imports=6]
 *
 * The server is the bundled app (bench/lib/server-process.ts) on BENCH_PORT or a free port.
 * SQLite: bench/out/import-load.db (recreated). PostgreSQL: schema bench_import_load (recreated,
 * dropped after).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '@market/shared';
import { sql } from 'kysely';
import { openDatabase, quoteIdent } from '../apps/server/src/db/database.js';
import { generateShortNames } from './generate-names.js';
import { type BenchDialect, dialectsToRun, isMain, machineSummary, ms, OUT_DIR, PG_URL, percentile, procCpuMs, saveReport, table } from './lib/common.js';
import { startServer } from './lib/server-process.js';

const BUDGET_S = 5;
const HEALTH_BUDGET_MS = 50;
const SQLITE_FILE = path.join(OUT_DIR, 'import-load.db');
const PG_SCHEMA = 'bench_import_load';
/** Time between health polls: often enough to see any stall, rare enough to add no load. */
const POLL_GAP_MS = 10;
/** How long health is polled before the first import, for comparison. */
const IDLE_MS = 3_000;

const idleHealth: { dialect: BenchDialect; polls: number; p50: number; p99: number; max: number }[] = [];

/** Six disjoint lists, each as many short names as fit under MAX_UPLOAD_BYTES; cached in bench/out. */
export function buildShortLists(count: number): { file: string; bytes: number; names: number }[] {
  const used = new Set<string>();
  const lists: { file: string; bytes: number; names: number }[] = [];
  for (let i = 1; i <= count; i += 1) {
    const file = path.join(OUT_DIR, `import-short-${i}.txt`);
    if (fs.existsSync(file)) {
      const names = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
      for (const n of names) used.add(n);
      lists.push({ file, bytes: fs.statSync(file).size, names: names.length });
      continue;
    }
    const lines: string[] = [];
    let bytes = 0;
    for (const name of generateShortNames(400_000, 100 + i, used)) {
      const size = Buffer.byteLength(name) + 1;
      if (bytes + size >= MAX_UPLOAD_BYTES) break;
      lines.push(name);
      bytes += size;
    }
    for (const n of lines) used.add(n);
    fs.mkdirSync(OUT_DIR, { recursive: true });
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    lists.push({ file, bytes: bytes, names: lines.length });
  }
  return lists;
}

async function freshDatabase(dialect: BenchDialect): Promise<NodeJS.ProcessEnv> {
  if (dialect === 'sqlite') {
    for (const s of ['', '-wal', '-shm']) fs.rmSync(`${SQLITE_FILE}${s}`, { force: true });
    return { BENCH_SQLITE_FILE: SQLITE_FILE };
  }
  await dropPgSchema();
  return { BENCH_DATABASE_URL: PG_URL, BENCH_DATABASE_SCHEMA: PG_SCHEMA };
}

async function dropPgSchema(): Promise<void> {
  const db = openDatabase({ databaseUrl: PG_URL, sqliteFile: ':memory:' });
  await sql.raw(`DROP SCHEMA IF EXISTS ${quoteIdent(PG_SCHEMA)} CASCADE`).execute(db.kysely);
  await db.destroy();
}

/** Polls /api/health one request at a time until stopped; each sample is [start time, latency]. */
function pollHealth(url: string): { samples: [number, number][]; errors(): number; settled(): Promise<void>; stop(): Promise<void> } {
  const samples: [number, number][] = [];
  let errors = 0;
  let inFlight: Promise<void> = Promise.resolve();
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      inFlight = (async () => {
        try {
          const res = await fetch(`${url}/api/health`);
          await res.arrayBuffer();
          if (!res.ok) errors += 1;
        } catch {
          // A connection the server closed while it was stalled: the wait still counts.
          errors += 1;
        }
        samples.push([t, performance.now() - t]);
      })();
      await inFlight;
      await new Promise((r) => setTimeout(r, POLL_GAP_MS));
    }
  })();
  return {
    samples,
    errors: () => errors,
    /** Resolves once the poll in flight (if any) is recorded, so a stall spanning an import's end counts. */
    settled: () => inFlight,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

interface ImportLoadRun {
  dialect: BenchDialect;
  import: number;
  names: number;
  created: number;
  seconds: number;
  /** CPU seconds the server process used meanwhile: less swayed by other work on the machine than wall time. */
  serverCpuSeconds: number;
  healthSamples: number;
  healthP50: number;
  healthP99: number;
  healthMax: number;
  /** Polls that failed (connection reset while the server stalled, or not 200). */
  healthErrors: number;
}

async function runDialect(dialect: BenchDialect, lists: { file: string; names: number }[]): Promise<ImportLoadRun[]> {
  const server = await startServer('app', await freshDatabase(dialect));
  const runs: ImportLoadRun[] = [];
  try {
    const reg = await fetch(`${server.url}/api/auth/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Ivy', last_name: 'Importer', email: 'importer@bench.test', password: 'correct horse battery', user_role: 'seller', country: 'IE' }),
    });
    if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
    const token = ((await reg.json()) as { token: string }).token;
    const health = pollHealth(server.url);
    // The same polls with no import running: what the machine alone gives (it may be shared).
    const idleFrom = performance.now();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    await health.settled();
    const idle = health.samples.filter(([t]) => t >= idleFrom).map(([, d]) => d).sort((a, b) => a - b);
    idleHealth.push({ dialect, polls: idle.length, p50: percentile(idle, 50), p99: percentile(idle, 99), max: idle[idle.length - 1] ?? Number.NaN });
    console.log(`[import-load ${dialect}] /api/health with no import (${idle.length} polls): p50 ${ms(percentile(idle, 50))} ms, p99 ${ms(percentile(idle, 99))} ms`);
    for (const [i, list] of lists.entries()) {
      const form = new FormData();
      form.append('file', new Blob([fs.readFileSync(list.file)], { type: 'text/plain' }), 'domains.txt');
      const errorsBefore = health.errors();
      const cpuBefore = procCpuMs(server.pid);
      const from = performance.now();
      const res = await fetch(`${server.url}/api/domains/`, { method: 'POST', headers: { authorization: `Token ${token}` }, body: form });
      const body = await res.text();
      const to = performance.now();
      const cpuAfter = procCpuMs(server.pid);
      await health.settled();
      if (res.status !== 201) throw new Error(`import ${i + 1} failed: ${res.status} ${body.slice(0, 300)}`);
      const created = (JSON.parse(body) as { created: string[] }).created.length;
      const during = health.samples.filter(([t, d]) => t + d >= from && t <= to).map(([, d]) => d).sort((a, b) => a - b);
      const run: ImportLoadRun = {
        dialect,
        import: i + 1,
        names: list.names,
        created,
        seconds: (to - from) / 1000,
        serverCpuSeconds: (cpuAfter - cpuBefore) / 1000,
        healthSamples: during.length,
        healthP50: percentile(during, 50),
        healthP99: percentile(during, 99),
        healthMax: during[during.length - 1] ?? Number.NaN,
        healthErrors: health.errors() - errorsBefore,
      };
      runs.push(run);
      console.log(
        `[import-load ${dialect}] import ${run.import}: ${run.seconds.toFixed(2)} s (server CPU ${run.serverCpuSeconds.toFixed(2)} s), ${created.toLocaleString('en-US')} created; ` +
          `/api/health meanwhile (${run.healthSamples} polls) p50 ${ms(run.healthP50)} ms, p99 ${ms(run.healthP99)} ms, max ${ms(run.healthMax)} ms, ${run.healthErrors} failed`,
      );
    }
    await health.stop();
  } finally {
    await server.stop();
    if (dialect === 'postgres') await dropPgSchema();
  }
  return runs;
}

export async function runImportLoadBench(): Promise<ImportLoadRun[]> {
  const count = Number(process.argv.find((a) => a.startsWith('--imports='))?.slice(10) ?? 6);
  const lists = buildShortLists(count);
  console.log(`[import-load] ${lists.length} lists: ${lists.map((l) => `${l.names.toLocaleString('en-US')} names / ${l.bytes.toLocaleString('en-US')} bytes`).join('; ')}`);
  const runs: ImportLoadRun[] = [];
  for (const dialect of await dialectsToRun()) runs.push(...(await runDialect(dialect, lists)));

  const text = [
    `### ${lists.length} imports of 2 MB short-name lists over HTTP, one after another, with /api/health polled meanwhile`,
    '',
    `Machine: ${machineSummary()}; load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}. ` +
      `Bundled server, multipart POST /api/domains/ with fetch; health polled one request at a time, ${POLL_GAP_MS} ms apart.`,
    '',
    table(
      ['dialect', 'import', 'names', 'created', 'seconds', `budget ≤ ${BUDGET_S} s`, 'server CPU s', 'health polls', 'health p50 ms', 'health p99 ms', 'health max ms', 'health failed', `p99 ≤ ${HEALTH_BUDGET_MS} ms`],
      runs.map((r) => [
        r.dialect,
        r.import,
        r.names.toLocaleString('en-US'),
        r.created.toLocaleString('en-US'),
        r.seconds.toFixed(2),
        r.seconds <= BUDGET_S ? 'pass' : '**FAIL**',
        r.serverCpuSeconds.toFixed(2),
        r.healthSamples,
        ms(r.healthP50),
        ms(r.healthP99),
        ms(r.healthMax),
        r.healthErrors,
        r.healthP99 <= HEALTH_BUDGET_MS && r.healthErrors === 0 ? 'pass' : '**FAIL**',
      ]),
    ),
    '',
    `/api/health polled for ${IDLE_MS / 1000} s before the first import, with no import running: ` +
      idleHealth.map((h) => `${h.dialect} p50 ${ms(h.p50)} ms, p99 ${ms(h.p99)} ms, max ${ms(h.max)} ms (${h.polls} polls)`).join('; ') + '.',
  ].join('\n');
  console.log(`\n${text}`);
  saveReport('import-load', text, { lists, runs, idleHealth });
  return runs;
}

if (isMain(import.meta.url)) {
  runImportLoadBench().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
