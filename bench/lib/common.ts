/** Shared bits of the benchmarks: where data lives, which databases to use, statistics. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Db, openDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';

// BENCH_ROOT is set for the bundled server (bench/lib/build-server.ts), which runs from bench/out/.
export const BENCH_DIR = process.env.BENCH_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OUT_DIR = path.join(BENCH_DIR, 'out');
export const REPO_DIR = path.resolve(BENCH_DIR, '..');

export const MILLION = Number(process.env.BENCH_DOMAINS ?? 1_000_000);
/** The seeded 1M database, SQLite flavour. */
export const SQLITE_FILE = path.join(OUT_DIR, `sqlite-${MILLION}.db`);
export const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const PG_SCHEMA = process.env.BENCH_PG_SCHEMA ?? `bench_${MILLION >= 1_000_000 ? `${MILLION / 1_000_000}m` : MILLION}`;

export type BenchDialect = 'sqlite' | 'postgres';

export function assertLocalUrl(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`Benchmarks only target 127.0.0.1; DATABASE_URL points at ${host}`);
  }
}

export async function postgresReachable(url = PG_URL): Promise<boolean> {
  assertLocalUrl(url);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Dialects to run: BENCH_DIALECTS=sqlite,postgres (default both; PostgreSQL only if reachable). */
export async function dialectsToRun(): Promise<BenchDialect[]> {
  const wanted = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',').map((s) => s.trim());
  const out: BenchDialect[] = [];
  if (wanted.includes('sqlite')) out.push('sqlite');
  if (wanted.includes('postgres')) {
    if (await postgresReachable()) out.push('postgres');
    else console.log(`PostgreSQL not reachable at ${PG_URL}: skipped.`);
  }
  return out;
}

export async function openBenchDb(dialect: BenchDialect, opts: { sqliteFile?: string; schema?: string } = {}): Promise<Db> {
  const db =
    dialect === 'sqlite'
      ? openDatabase({ sqliteFile: opts.sqliteFile ?? SQLITE_FILE })
      : openDatabase({ databaseUrl: PG_URL, schema: opts.schema ?? PG_SCHEMA, sqliteFile: ':memory:' });
  await migrateToLatest(db);
  return db;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx] as number;
}

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    p99: percentile(s, 99),
    max: s[s.length - 1] ?? Number.NaN,
    mean: s.reduce((a, b) => a + b, 0) / Math.max(1, s.length),
  };
}

export const ms = (v: number) => (Number.isFinite(v) ? (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)) : '-');

export function table(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

export function machineSummary(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`;
}

/** Resident memory of a process from /proc (Linux): current and peak, in MiB. */
export function procMemory(pid: number): { rssMiB: number; peakMiB: number } | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rssMiB: kb('VmRSS') / 1024, peakMiB: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** Writes a benchmark's report under bench/out/ so RESULTS.md can be assembled from the figures. */
export function saveReport(name: string, text: string, data?: unknown): void {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  fs.writeFileSync(path.join(OUT_DIR, `${name}.md`), `${text}\n`);
  if (data !== undefined) fs.writeFileSync(path.join(OUT_DIR, `${name}.json`), `${JSON.stringify(data, null, 2)}\n`);
}

export function hasFlag(flag: string): boolean {
  return process.argv.slice(2).includes(flag);
}

/** Whether the module at `url` is the script node was started with. */
export function isMain(url: string): boolean {
  return !!process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(url);
}

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc (Linux). */
export function procCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime), counted from the state field (3rd) here.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Short hashes of the server files a benchmark measures: the code is edited concurrently. */
export function codeFingerprint(files = ['apps/server/src/modules/search/domain-search.ts', 'apps/server/src/modules/domains/domains.service.ts', 'apps/server/src/ssr/landing-page.ts', 'apps/server/src/ssr/landing.routes.ts']): string {
  return files
    .map((f) => {
      try {
        const hash = createHash('sha1').update(fs.readFileSync(path.join(REPO_DIR, f))).digest('hex').slice(0, 8);
        return `${path.basename(f)}@${hash}`;
      } catch {
        return `${path.basename(f)}@missing`;
      }
    })
    .join(', ');
}
