/**
 * Diagnostics for the search budget: the SQL searchDomains runs today, re-run under candidate
 * server-side fixes, so each fix's effect is measured rather than guessed. Nothing in apps/ is
 * changed: SQLite runs on a copy of the seeded file, PostgreSQL changes happen in a transaction
 * that is rolled back.
 *
 *   npx tsx --conditions=source bench/search-whatif.ts [--runs=100] [--scenario-seconds=12]
 *
 * The SQL of each search is captured once (running searchDomains, whatever its query shape) and
 * then replayed under each variant. Variants (cumulative on SQLite):
 *   as is                      the captured SQL replayed on today's database
 *   + ANALYZE                  SQLite planner statistics (sqlite_stat1); the app never runs ANALYZE
 *   + 64 MiB page cache        PRAGMA cache_size = -65536 (the default is 2 MiB)
 * PostgreSQL: as is; statistics target 10000 on domain_label (in a rolled-back transaction).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CompiledQuery, type Kysely, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type RootOperationNode, sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { searchDomains, type SearchCriteria } from '../apps/server/src/modules/search/index.js';
import { type BenchDialect, codeFingerprint, dialectsToRun, isMain, machineSummary, ms, OUT_DIR, openBenchDb, saveReport, SQLITE_FILE, stats, table } from './lib/common.js';
import { buildScenarios } from './search.js';
import { seed } from './seed-million.js';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

class Capture implements KyselyPlugin {
  nodes: RootOperationNode[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push(args.node);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

interface Captured {
  scenario: string;
  queries: CompiledQuery[];
}

async function capture(db: Db, runs: number, seconds: number): Promise<Captured[]> {
  const out: Captured[] = [];
  for (const s of buildScenarios(runs)) {
    const t0 = performance.now();
    for (const [i, c] of s.criteria.entries()) {
      if (i >= 10 && performance.now() - t0 > seconds * 1000) break;
      const cap = new Capture();
      await searchDomains({ ...db, kysely: db.kysely.withPlugin(cap) }, c as SearchCriteria);
      const queries = cap.nodes.map((n, j) => db.kysely.getExecutor().compileQuery(n, { queryId: `w${j}` } as never));
      out.push({ scenario: s.title, queries });
    }
  }
  return out;
}

interface VariantResult {
  dialect: BenchDialect;
  variant: string;
  scenario: string;
  n: number;
  p50: number;
  p95: number;
  perQueryP95: number[];
}

async function runVariant(
  k: Kysely<Database>,
  dialect: BenchDialect,
  variant: string,
  queries: Captured[],
  seconds: number,
): Promise<VariantResult[]> {
  const out: VariantResult[] = [];
  for (const scenario of [...new Set(queries.map((q) => q.scenario))]) {
    const list = queries.filter((q) => q.scenario === scenario);
    const totals: number[] = [];
    const perQuery: number[][] = [];
    const t0 = performance.now();
    for (const search of list) {
      if (totals.length >= 10 && performance.now() - t0 > seconds * 1000) break;
      const a = performance.now();
      for (const [j, q] of search.queries.entries()) {
        const b = performance.now();
        await k.executeQuery(q);
        (perQuery[j] ??= []).push(performance.now() - b);
      }
      totals.push(performance.now() - a);
    }
    const s = stats(totals);
    const perQueryP95 = perQuery.map((l) => stats(l).p95);
    out.push({ dialect, variant, scenario, n: s.n, p50: s.p50, p95: s.p95, perQueryP95 });
    console.log(`[whatif ${dialect}] ${variant} / ${scenario}: p50 ${ms(s.p50)} p95 ${ms(s.p95)} (per-query p95 ${perQueryP95.map(ms).join(' / ')}) n=${s.n}`);
  }
  return out;
}

async function sqliteWhatIf(runs: number, seconds: number): Promise<VariantResult[]> {
  await seed('sqlite');
  const copy = path.join(OUT_DIR, 'whatif.db');
  for (const s of ['', '-wal', '-shm']) fs.rmSync(`${copy}${s}`, { force: true });
  fs.copyFileSync(SQLITE_FILE, copy);
  const db = openDatabase({ sqliteFile: copy });
  try {
    const queries = await capture(db, runs, seconds);
    const results = await runVariant(db.kysely, 'sqlite', 'as is', queries, seconds);
    const t = performance.now();
    await sql`ANALYZE`.execute(db.kysely);
    console.log(`[whatif sqlite] ANALYZE took ${((performance.now() - t) / 1000).toFixed(1)} s`);
    results.push(...(await runVariant(db.kysely, 'sqlite', '+ ANALYZE', queries, seconds)));
    await sql`PRAGMA cache_size = -65536`.execute(db.kysely);
    results.push(...(await runVariant(db.kysely, 'sqlite', '+ ANALYZE + 64 MiB cache', queries, seconds)));
    return results;
  } finally {
    await db.destroy();
    for (const s of ['', '-wal', '-shm']) fs.rmSync(`${copy}${s}`, { force: true });
  }
}

class Rollback extends Error {}

async function postgresWhatIf(runs: number, seconds: number): Promise<VariantResult[]> {
  await seed('postgres');
  const db = await openBenchDb('postgres');
  try {
    const queries = await capture(db, runs, seconds);
    const results = await runVariant(db.kysely, 'postgres', 'as is', queries, seconds);
    await db.kysely
      .transaction()
      .execute(async (trx) => {
        await sql`ALTER TABLE domains ALTER COLUMN domain_label SET STATISTICS 10000`.execute(trx);
        await sql`ANALYZE domains`.execute(trx);
        results.push(...(await runVariant(trx, 'postgres', 'label statistics target 10000', queries, seconds)));
        throw new Rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e;
      });
    return results;
  } finally {
    await db.destroy();
  }
}

export async function runWhatIf(): Promise<VariantResult[]> {
  const runs = arg('runs', 100);
  const seconds = arg('scenario-seconds', 12);
  const results: VariantResult[] = [];
  for (const d of await dialectsToRun()) results.push(...(d === 'sqlite' ? await sqliteWhatIf(runs, seconds) : await postgresWhatIf(runs, seconds)));
  const lines = [
    '### Search what-if: the same SQL under candidate fixes (diagnostic; apps/ unchanged)',
    '',
    `Machine: ${machineSummary()}; load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}. Up to ${runs} queries per scenario, ${seconds} s cap each. ms.`,
    `Code measured: ${codeFingerprint()}.`,
    '',
    table(
      ['dialect', 'variant', 'scenario', 'n', 'p50', 'p95', 'p95 of each query, in order'],
      results.map((r) => [r.dialect, r.variant, r.scenario, r.n, ms(r.p50), ms(r.p95), r.perQueryP95.map(ms).join(' / ')]),
    ),
  ];
  const text = lines.join('\n');
  console.log(`\n${text}`);
  saveReport('search-whatif', text, results);
  return results;
}

if (isMain(import.meta.url)) {
  runWhatIf().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
