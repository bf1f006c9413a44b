/**
 * Search latency on the seeded 1,000,000-domain databases, through the server's own
 * searchDomains (the page query and the capped count, as GET /api/domains/search/ runs them),
 * against a plain full scan of the same shape in the same run.
 *
 *   node --expose-gc --conditions=source --import tsx bench/search.ts [--runs=300] [--baseline-runs=60] [--scenario-seconds=30] [--index=database,memory]
 *
 * Each dialect runs with the database's own index and with the in-memory index (SEARCH_INDEX),
 * the full scan once per dialect. The in-memory index is built first: its build time and heap
 * size are reported.
 * Run bench/seed-million.ts first (it is run here if the database is missing). For each slow
 * scenario the report shows EXPLAIN (QUERY PLAN) of the slowest query.
 */
import os from 'node:os';
import { SEARCH_COUNT_CAP, type SearchFilters } from '@market/shared';
import { CompiledQuery, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryId, type RootOperationNode, sql, type Kysely } from 'kysely';
import type { Db } from '../apps/server/src/db/database.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { createListedSearch, type ListedSearch, searchDomains, type SearchCriteria } from '../apps/server/src/modules/search/index.js';
import { createRng, pick, searchTerms } from './generate-names.js';
import { type BenchDialect, codeFingerprint, dialectsToRun, isMain, machineSummary, MILLION, ms, openBenchDb, saveReport, stats, type Stats, table } from './lib/common.js';
import { seed } from './seed-million.js';

const BUDGET_MS: Record<BenchDialect, number> = { sqlite: 10, postgres: 5 };
const PAGE = 50;
const COUNT_CAP = SEARCH_COUNT_CAP;

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

/** Filter sets a visitor combines; each query takes one in turn. */
const FILTER_SETS: SearchFilters[] = [
  { extensions: ['com'] },
  { extensions: ['io', 'ai'], Exclude: ['Number', 'No Hyphens'] },
  { priceRange: [1000, 20000], Exclude: ['Number'] },
  { business_status: ['Buy Now'], priceRange: [0, 5000] },
  { business_status: ['Price Upon Request'], extensions: ['com', 'net', 'org'] },
  { trade_options: ['4 Figures'] },
  { business_status: ['Startup Breeders'] },
  { characterRange: [3, 8], Exclude: ['No Hyphens'] },
  { business_status: ['Throughbeeds'], extensions: ['com'] },
  { extensions: ['co.uk', 'de'], priceRange: [5000, 100000], Exclude: ['IDN'] },
];

interface Scenario {
  key: string;
  title: string;
  criteria: SearchCriteria[];
}

/** The five query shapes, `runs` queries each; another seed gives other terms (for warming up). */
export function buildScenarios(runs: number, seed = 7): Scenario[] {
  const terms = searchTerms(runs, seed);
  const rng = createRng(92 + seed);
  const letters = 'abcdefghijklmnoprstw';
  const prefixes = terms.map((t, i) => (i % 3 === 0 ? pick(rng, [...letters]) : t.slice(0, 2)));
  const exts = ['com', 'net', 'io', 'co.uk', 'de', 'ai'];
  const c = (text: string, filters: SearchFilters = {}): SearchCriteria => ({ text, extensions: [], filters, limit: PAGE, offset: 0 });
  return [
    { key: 'text', title: 'text, no filters', criteria: terms.map((t) => c(t)) },
    { key: 'text+filters', title: 'text + filters', criteria: terms.map((t, i) => c(t, FILTER_SETS[i % FILTER_SETS.length])) },
    { key: 'filters', title: 'filters only', criteria: terms.map((_, i) => c('', FILTER_SETS[i % FILTER_SETS.length])) },
    { key: 'prefix', title: '1-2 char prefix', criteria: prefixes.map((p) => c(p)) },
    { key: 'name.ext', title: 'name with extension typed', criteria: terms.map((t, i) => c(`${t}.${exts[i % exts.length]}`)) },
  ];
}

/** Times each query of a search (page, count) and can hand back the SQL run. */
class QueryTimer implements KyselyPlugin {
  private readonly started = new WeakMap<QueryId, number>();
  private readonly nodes = new WeakMap<QueryId, RootOperationNode>();
  queries: { ms: number; node: RootOperationNode }[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.started.set(args.queryId, performance.now());
    this.nodes.set(args.queryId, args.node);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    const t = this.started.get(args.queryId);
    const node = this.nodes.get(args.queryId);
    if (t !== undefined && node) this.queries.push({ ms: performance.now() - t, node });
    return args.result;
  }
}

/**
 * The same search as a plain scan: LIKE over the label, no FTS or trigram index, no status
 * index; a page newest first plus a count capped like the app's.
 */
function baselineQueries(dialect: BenchDialect, c: SearchCriteria) {
  const f = c.filters;
  const dot = c.text.indexOf('.');
  const label = (dot < 0 ? c.text : c.text.slice(0, dot)).toLowerCase();
  const conds = [sql`d.status = 'approved'`];
  if (label.length >= 3) conds.push(sql`d.domain_label LIKE ${`%${label}%`}`);
  else if (label) conds.push(sql`d.domain_label LIKE ${`${label}%`}`);
  const exts = [...(f.extensions ?? []), ...(dot >= 0 ? [c.text.slice(dot + 1)] : [])];
  if (exts.length) conds.push(sql`d.domain_extension IN (${sql.join(exts)})`);
  const listing = f.business_status ?? [];
  if (listing.length) {
    const any = [];
    if (listing.includes('Buy Now')) any.push(sql`d.business_status = 'Buy Now'`);
    if (listing.includes('Price Upon Request')) any.push(sql`d.business_status = 'Price Upon Request'`);
    if (listing.includes('Throughbeeds')) any.push(sql`d.seller_price > 50000`);
    if (listing.includes('Startup Breeders')) any.push(sql`d.startup_breeders_switch = 1`);
    conds.push(sql`(${sql.join(any, sql` OR `)})`);
  }
  if (f.trade_options?.length) conds.push(sql`d.trade_switch = 1 AND d.trade_option IN (${sql.join(f.trade_options)})`);
  if (f.priceRange) {
    if (f.priceRange[0] > 0) conds.push(sql`d.seller_price >= ${f.priceRange[0]}`);
    if (f.priceRange[1] < 100_000) conds.push(sql`d.seller_price <= ${f.priceRange[1]}`);
  }
  if (f.characterRange) {
    if (f.characterRange[0] > 0) conds.push(sql`d.label_length >= ${f.characterRange[0]}`);
    if (f.characterRange[1] < 65) conds.push(sql`d.label_length <= ${f.characterRange[1]}`);
  }
  for (const ex of f.Exclude ?? []) {
    if (ex === 'Number') conds.push(sql`d.has_digit = 0`);
    if (ex === 'No Hyphens') conds.push(sql`d.has_hyphen = 0`);
    if (ex === 'IDN') conds.push(sql`d.is_idn = 0`);
  }
  const from = dialect === 'sqlite' ? sql`domains AS d NOT INDEXED` : sql`domains AS d`;
  const where = sql.join(conds, sql` AND `);
  return {
    page: sql`SELECT d.*, u.first_name AS owner_first_name, u.last_name AS owner_last_name
      FROM ${from} JOIN users AS u ON u.id = d.user_id WHERE ${where} ORDER BY d.id DESC LIMIT ${PAGE}`,
    count: sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${from} JOIN users AS u ON u.id = d.user_id WHERE ${where} LIMIT ${COUNT_CAP + 1}) AS m`,
  };
}

async function runBaseline(db: Db, c: SearchCriteria): Promise<number> {
  const q = baselineQueries(db.dialect, c);
  const t = performance.now();
  if (db.dialect === 'sqlite') {
    await q.page.execute(db.kysely);
    await q.count.execute(db.kysely);
  } else {
    await db.kysely.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_indexscan = off`.execute(trx);
      await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
      await sql`SET LOCAL enable_indexonlyscan = off`.execute(trx);
      await q.page.execute(trx);
      await q.count.execute(trx);
    });
  }
  return performance.now() - t;
}

async function explain(db: Db, k: Kysely<Database>, node: RootOperationNode): Promise<string> {
  const compiled = db.kysely.getExecutor().compileQuery(node, { queryId: 'explain' } as unknown as QueryId);
  const prefix = db.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ';
  const result = await k.executeQuery(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]));
  const rows = result.rows as Record<string, unknown>[];
  const plan =
    db.dialect === 'sqlite'
      ? rows.map((r) => `${r.id}|${r.parent}| ${r.detail}`).join('\n')
      : rows.map((r) => String(r['QUERY PLAN'])).join('\n');
  const params = compiled.parameters.map((p) => JSON.stringify(p)).join(', ');
  return `${compiled.sql}\n-- parameters: [${params}]\n${plan}`;
}

type SearchIndex = 'database' | 'memory';

interface IndexBuild {
  ms: number;
  /** Growth of JS heap + array buffers over the build (GC'd before and after). */
  heapMiB: number;
  /** What the index's typed arrays hold. */
  indexMiB: number;
  listed: number;
}

interface ScenarioResult {
  dialect: BenchDialect;
  index: SearchIndex;
  build?: IndexBuild;
  key: string;
  title: string;
  search: Stats;
  /** SQLite only (it runs in this process): CPU time of each search, less sensitive than wall time to a busy machine. */
  cpu?: Stats;
  /** p95 of each SQL query searchDomains ran, in order (e.g. window/count then page). */
  perQueryP95: number[];
  baseline: Stats;
  meanTotal: number;
  budget: number;
  pass: boolean;
  slowest: { text: string; filters: SearchFilters; ms: number; plans: string[] };
}

/** Builds the in-memory index and measures its time and memory. */
async function buildListed(db: Db): Promise<{ listed: ListedSearch; build: IndexBuild }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  // The index lives mostly in typed arrays, counted outside the JS heap (arrayBuffers).
  const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  gc?.();
  const heap0 = used();
  const t = performance.now();
  const listed = createListedSearch(db);
  await listed.ready();
  const elapsed = performance.now() - t;
  gc?.();
  const heapMiB = (used() - heap0) / 2 ** 20;
  console.log(`[search ${db.dialect} memory] index of ${listed.size.toLocaleString('en-US')} listed domains built in ${ms(elapsed)} ms, ${(listed.bytes / 2 ** 20).toFixed(0)} MiB of typed arrays; process memory +${heapMiB.toFixed(0)} MiB (JS heap and array buffers)${gc ? '' : ' (no --expose-gc: approximate)'}`);
  return { listed, build: { ms: elapsed, heapMiB, indexMiB: listed.bytes / 2 ** 20, listed: listed.size } };
}

async function benchDialect(
  dialect: BenchDialect,
  index: SearchIndex,
  runs: number,
  baselineRuns: number,
  limits: { seconds: number; baseline: boolean },
): Promise<ScenarioResult[]> {
  await seed(dialect);
  const db = await openBenchDb(dialect);
  const timer = new QueryTimer();
  const timedDb: Db = { ...db, kysely: db.kysely.withPlugin(timer) };
  const scenarios = buildScenarios(runs);
  // The index polls the change log through the timed connection: that query is part of a search.
  const memory = index === 'memory' ? await buildListed(timedDb) : undefined;
  const listed = memory?.listed;
  // Warm the caches (OS page cache / shared buffers, JIT) with other terms, at most ~5 s a scenario.
  for (const s of buildScenarios(15)) {
    const t = performance.now();
    for (const c of s.criteria) {
      if (performance.now() - t > 5000) break;
      await searchDomains(timedDb, { ...c, text: c.text.split('').reverse().join('') }, listed);
    }
  }

  const out: ScenarioResult[] = [];
  for (const s of scenarios) {
    const totals: number[] = [];
    const perQuery: number[][] = [];
    const cpu: number[] = [];
    const matched: number[] = [];
    let slowest = { i: 0, ms: -1, nodes: [] as RootOperationNode[] };
    const scenarioStart = performance.now();
    for (const [i, c] of s.criteria.entries()) {
      // Bounded in time: a pathological scenario stops early (at least 20 samples) and says so.
      if (i >= 20 && performance.now() - scenarioStart > limits.seconds * 1000) break;
      timer.queries = [];
      const cpu0 = process.cpuUsage();
      const t = performance.now();
      const r = await searchDomains(timedDb, c, listed);
      const elapsed = performance.now() - t;
      const used = process.cpuUsage(cpu0);
      cpu.push((used.user + used.system) / 1000);
      totals.push(elapsed);
      matched.push(r.total);
      timer.queries.forEach((q, j) => (perQuery[j] ??= []).push(q.ms));
      if (elapsed > slowest.ms) slowest = { i, ms: elapsed, nodes: timer.queries.map((q) => q.node) };
    }
    const base: number[] = [];
    const step = Math.max(1, Math.floor(s.criteria.length / baselineRuns));
    const baseStart = performance.now();
    for (let i = 0; i < s.criteria.length && base.length < (limits.baseline ? baselineRuns : 0); i += step) {
      if (base.length >= 10 && performance.now() - baseStart > (limits.seconds / 2) * 1000) break;
      base.push(await runBaseline(db, s.criteria[i] as SearchCriteria));
    }
    const search = stats(totals);
    const slowCriteria = s.criteria[slowest.i] as SearchCriteria;
    const plans: string[] = [];
    for (const node of slowest.nodes) plans.push(await explain(db, db.kysely, node));
    const result: ScenarioResult = {
      dialect,
      index,
      build: memory?.build,
      key: s.key,
      title: s.title,
      search,
      cpu: dialect === 'sqlite' ? stats(cpu) : undefined,
      perQueryP95: perQuery.map((list) => stats(list).p95),
      baseline: stats(base),
      meanTotal: matched.reduce((a, b) => a + b, 0) / matched.length,
      budget: BUDGET_MS[dialect],
      pass: search.p95 <= BUDGET_MS[dialect],
      slowest: { text: slowCriteria.text, filters: slowCriteria.filters, ms: slowest.ms, plans },
    };
    out.push(result);
    console.log(
      `[search ${dialect} ${index}] ${s.title}: p50 ${ms(search.p50)} p95 ${ms(search.p95)} p99 ${ms(search.p99)} ms ` +
        `(per-query p95 ${result.perQueryP95.map(ms).join(' / ')}); baseline p50 ${ms(result.baseline.p50)} p95 ${ms(result.baseline.p95)} ms; ` +
        `${result.pass ? 'PASS' : `FAIL (budget ${BUDGET_MS[dialect]} ms)`}`,
    );
  }
  await db.destroy();
  return out;
}

export async function runSearchBench(): Promise<ScenarioResult[]> {
  const runs = arg('runs', 300);
  const baselineRuns = arg('baseline-runs', 60);
  const seconds = arg('scenario-seconds', 30);
  const results: ScenarioResult[] = [];
  const indexes = (process.argv.find((a) => a.startsWith('--index='))?.split('=')[1] ?? 'database,memory').split(',') as SearchIndex[];
  for (const d of await dialectsToRun()) {
    for (const [i, index] of indexes.entries()) {
      const measured = await benchDialect(d, index, runs, baselineRuns, { seconds, baseline: i === 0 });
      // The full scan does not depend on the index: measured once per dialect, shown on every row.
      const first = results.find((r) => r.dialect === d);
      for (const r of measured) if (first) r.baseline = results.find((x) => x.dialect === d && x.key === r.key)!.baseline;
      results.push(...measured);
    }
  }

  const rows = results.map((r) => [
    r.dialect,
    r.index,
    r.title,
    `${r.search.n} / ${r.baseline.n}`,
    ms(r.search.p50),
    ms(r.search.p95),
    ms(r.search.p99),
    ms(r.search.max),
    r.cpu ? `${ms(r.cpu.p50)} / ${ms(r.cpu.p95)}` : '-',
    r.perQueryP95.map(ms).join(' / '),
    Math.round(r.meanTotal).toLocaleString('en-US'),
    `${ms(r.baseline.p50)} / ${ms(r.baseline.p95)}`,
    `${(r.baseline.p50 / r.search.p50).toFixed(1)}x / ${(r.baseline.p95 / r.search.p95).toFixed(1)}x`,
    `<= ${r.budget}`,
    r.pass ? 'pass' : '**FAIL**',
  ]);
  const lines = [
    `### Search on ${MILLION.toLocaleString('en-US')} domains: page of ${PAGE} + count capped at ${COUNT_CAP.toLocaleString('en-US')}`,
    '',
    `Machine: ${machineSummary()}; load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}.`,
    `Up to ${runs} queries per scenario (full scan: up to ${baselineRuns} of the same), each scenario capped at ${seconds} s (${seconds / 2} s for the scan; at least 20 / 10 queries).`,
    'Times in ms for the whole searchDomains() call (all its SQL queries, e.g. the capped match count and the page), warm caches.',
    `Code measured: ${codeFingerprint()}.`,
    '',
    ...[...new Map(results.filter((r) => r.build).map((r) => [r.dialect, r.build!])).entries()].map(
      ([d, b]) => `In-memory index on ${d}: ${b.listed.toLocaleString('en-US')} listed domains built in ${ms(b.ms)} ms; it holds ${b.indexMiB.toFixed(0)} MiB of typed arrays (process memory grew ${b.heapMiB.toFixed(0)} MiB over the build).`,
    ),
    '',
    table(
      ['dialect', 'index', 'scenario', 'queries (search / scan)', 'p50', 'p95', 'p99', 'max', 'CPU p50 / p95 (SQLite)', 'p95 of each SQL query, in order', 'mean matches (capped)', 'full scan p50 / p95', 'speedup p50 / p95', 'budget p95', 'result'],
      rows,
    ),
  ];
  const failed = results.filter((r) => !r.pass);
  if (failed.length) {
    lines.push('', `**Budget missed** in ${failed.length} scenario(s): ${failed.map((r) => `${r.dialect} ${r.index} "${r.title}" p95 ${ms(r.search.p95)} ms > ${r.budget} ms`).join('; ')}.`);
  } else {
    lines.push('', 'All search scenarios within budget.');
  }
  for (const r of results) {
    lines.push(
      '',
      `<details><summary>${r.dialect} / ${r.index} index / ${r.title}: slowest query (${ms(r.slowest.ms)} ms, text "${r.slowest.text}", filters ${JSON.stringify(r.slowest.filters)})${r.pass ? '' : ' — FAILED scenario'}</summary>`,
      '',
      '```',
      r.slowest.plans.join('\n\n'),
      '```',
      '</details>',
    );
  }
  const text = lines.join('\n');
  console.log(`\n${text}`);
  saveReport('search', text, results);
  return results;
}

if (isMain(import.meta.url)) {
  runSearchBench().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
