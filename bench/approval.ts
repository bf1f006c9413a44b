/**
 * The approval queue after a big import, through the API on the real server: a seller imports
 * N new names (POST /api/domains/, lists of about 2 MB), then an admin pages through
 * GET /api/domains/admin/approval/?limit=1000&after=<last id> and approves each page
 * (POST /api/domains/admin/approval/) until none is pending. Prints the total time of each phase
 * and the spread of page and approval times, on SQLite and on PostgreSQL. Then the searches right
 * after: the first, and those of the next 5 s, while the search index takes in (or rebuilds from)
 * the million changes behind them; none may wait on that, so the first answers within 1 s.
 *
 *   npx tsx --conditions=source bench/approval.ts [--names=1000000] [--port=4332]
 *
 * BENCH_DIALECTS=sqlite or postgres runs one. PostgreSQL runs in a scratch database
 * (bench_h3_approval by default, BENCH_PG_DATABASE), created and dropped here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acceptedByServer, generateNames } from './generate-names.js';
import { api, logIn, registerSeller, shed, startAppProcess } from './lib/app-process.js';
import { type BenchDialect, dialectsToRun, isMain, machineSummary, ms, OUT_DIR, saveReport, stats, table } from './lib/common.js';
import { createScratchDatabase, dropScratchDatabase } from './lib/pg-database.js';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const ADMIN = { email: 'admin@bench.test', password: 'bench admin password' };
const LIST_BYTES = 2_000_000;
const PG_DATABASE = process.env.BENCH_PG_DATABASE ?? 'bench_h3_approval';

interface Outcome {
  dialect: BenchDialect;
  imported: number;
  importSeconds: number;
  approved: number;
  pages: number;
  approveSeconds: number;
  pageMs: ReturnType<typeof stats>;
  postMs: ReturnType<typeof stats>;
  /** The first search after the approvals, and all those of the 5 s after (ms). */
  firstSearchMs: number;
  searchMs: ReturnType<typeof stats>;
}

/** The names, cut into lists of at most LIST_BYTES. */
function importLists(count: number): string[] {
  const lists: string[] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const name of generateNames(count, 42, { accept: acceptedByServer })) {
    const size = Buffer.byteLength(name) + 1;
    if (bytes + size > LIST_BYTES) {
      lists.push(current.join('\n'));
      current = [];
      bytes = 0;
    }
    current.push(name);
    bytes += size;
  }
  if (current.length) lists.push(current.join('\n'));
  return lists;
}

const SEARCH_TERMS = ['shop', 'cloud', 'green', 'data', 'home', 'tech', 'art', 'bio'];

/** One search through the API: its time (ms). */
async function search(url: string, n = 0): Promise<number> {
  const t0 = performance.now();
  const res = await api(url, 'GET', `/api/domains/search/?domain_name=${SEARCH_TERMS[n % SEARCH_TERMS.length]}&limit=50`);
  if (res.status !== 200) throw new Error(`search answered ${res.status}`);
  return performance.now() - t0;
}

async function runOne(dialect: BenchDialect, lists: string[], port: number): Promise<Outcome> {
  const dataDir = path.join(OUT_DIR, `approval-${dialect}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  if (dialect === 'postgres') env.DATABASE_URL = await createScratchDatabase(PG_DATABASE);
  const server = await startAppProcess(env, port);
  try {
    const seller = await registerSeller(server.url, `seller-${Date.now()}@bench.test`, 'bench seller password');
    // The search index is built (and serving) before the bulk writes begin.
    await search(server.url);
    const admin = await logIn(server.url, ADMIN.email, ADMIN.password);

    let imported = 0;
    const importStart = performance.now();
    for (const [i, domain_list] of lists.entries()) {
      const res = await api<{ created: string[] }>(server.url, 'POST', '/api/domains/', seller, { domain_list });
      if (res.status !== 201) throw new Error(`import ${i} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
      imported += res.body.created.length;
      console.log(`[approval ${dialect}] imported ${imported.toLocaleString('en')} (${((performance.now() - importStart) / 1000).toFixed(1)} s)`);
    }
    const importSeconds = (performance.now() - importStart) / 1000;

    const pageMs: number[] = [];
    const postMs: number[] = [];
    let approved = 0;
    let after = 0;
    const approveStart = performance.now();
    for (;;) {
      const t0 = performance.now();
      const page = await api<{ id: number }[]>(server.url, 'GET', `/api/domains/admin/approval/?limit=1000&after=${after}`, admin);
      pageMs.push(performance.now() - t0);
      if (page.status !== 200) throw new Error(`approval page answered ${page.status}`);
      if (page.body.length === 0) break;
      const ids = page.body.map((d) => d.id);
      const t1 = performance.now();
      const done = await api<{ updated: number }>(server.url, 'POST', '/api/domains/admin/approval/', admin, { ids, action: 'approve' });
      postMs.push(performance.now() - t1);
      if (done.status !== 200) throw new Error(`approve answered ${done.status}`);
      approved += done.body.updated;
      after = ids[ids.length - 1] as number;
      if (pageMs.length % 100 === 0) console.log(`[approval ${dialect}] approved ${approved.toLocaleString('en')} (${((performance.now() - approveStart) / 1000).toFixed(1)} s)`);
    }
    const approveSeconds = (performance.now() - approveStart) / 1000;
    const searchMs: number[] = [];
    const searchStart = performance.now();
    while (performance.now() - searchStart < 5_000) searchMs.push(await search(server.url, searchMs.length));
    const outcome = {
      dialect,
      imported,
      importSeconds,
      approved,
      pages: pageMs.length - 1,
      approveSeconds,
      pageMs: stats(pageMs),
      postMs: stats(postMs),
      firstSearchMs: searchMs[0] ?? Number.NaN,
      searchMs: stats(searchMs),
    };
    console.log(`[approval ${dialect}] ${JSON.stringify(outcome)}`);
    return outcome;
  } finally {
    await server.stop();
    if (dialect === 'postgres') await dropScratchDatabase(PG_DATABASE);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runApprovalBench(): Promise<void> {
  const names = Number(arg('names', '1000000'));
  const port = Number(arg('port', process.env.BENCH_PORT ?? '4332'));
  const lists = importLists(names);
  console.log(`[approval] ${names.toLocaleString('en')} names in ${lists.length} lists of at most ${LIST_BYTES.toLocaleString('en')} bytes`);
  const outcomes: Outcome[] = [];
  for (const dialect of await dialectsToRun()) outcomes.push(await runOne(dialect, lists, port));
  const sqlite = outcomes.find((o) => o.dialect === 'sqlite');
  const text = [
    `### Approval queue: ${names.toLocaleString('en')} names imported, then paged and approved through the API (1,000 a page)`,
    '',
    `Machine: ${machineSummary()}; load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}. ` +
      `503s waited out and retried (Retry-After), all phases: ${shed.retried}.`,
    '',
    table(
      ['database', 'imported', 'import (s)', 'approved', 'pages', 'page + approve, total (s)', 'vs SQLite', 'GET page p50 / p95 / max (ms)', 'POST approve p50 / p95 / max (ms)', 'first search after (ms)', 'searches of the 5 s after: n, p50 / p95 / max (ms)'],
      outcomes.map((o) => [
        o.dialect,
        o.imported.toLocaleString('en'),
        o.importSeconds.toFixed(1),
        o.approved.toLocaleString('en'),
        o.pages,
        o.approveSeconds.toFixed(1),
        sqlite ? `${(o.approveSeconds / sqlite.approveSeconds).toFixed(2)}x` : '-',
        `${ms(o.pageMs.p50)} / ${ms(o.pageMs.p95)} / ${ms(o.pageMs.max)}`,
        `${ms(o.postMs.p50)} / ${ms(o.postMs.p95)} / ${ms(o.postMs.max)}`,
        ms(o.firstSearchMs),
        `${o.searchMs.n}, ${ms(o.searchMs.p50)} / ${ms(o.searchMs.p95)} / ${ms(o.searchMs.max)}`,
      ]),
    ),
  ].join('\n');
  console.log(`\n${text}`);
  saveReport('approval', text, outcomes);
}

if (isMain(import.meta.url)) {
  runApprovalBench().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
