/**
 * Lighthouse 12.8 performance score of a landing page served by the real app on the seeded
 * 1M SQLite database: mobile (the default config, simulated throttling) several times, median
 * reported, and desktop once.
 *
 *   CHROME_PATH=/usr/bin/chromium npx tsx --conditions=source bench/lighthouse.ts [--runs=3]
 *
 * Never downloads a browser: Chromium must be installed (CHROME_PATH, default /usr/bin/chromium).
 */
import fs from 'node:fs';
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { openDatabase } from '../apps/server/src/db/database.js';
import { isMain, machineSummary, saveReport, SQLITE_FILE, table } from './lib/common.js';
import { startServer } from './lib/server-process.js';
import { seed } from './seed-million.js';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
const BUDGET = 95;

interface LhRun {
  formFactor: 'mobile' | 'desktop';
  run: number;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  warnings: string[];
}

async function runOnce(url: string, formFactor: 'mobile' | 'desktop', run: number, chromePath: string): Promise<LhRun> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
    const out: LhRun = {
      formFactor,
      run,
      score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      si: num('speed-index'),
      warnings: lhr.runWarnings,
    };
    console.log(`[lighthouse] ${formFactor} run ${run}: performance ${out.score} (FCP ${out.fcp.toFixed(0)} ms, LCP ${out.lcp.toFixed(0)} ms, TBT ${out.tbt.toFixed(0)} ms, CLS ${out.cls.toFixed(3)})`);
    return out;
  } finally {
    await chrome.kill();
  }
}

/** Lighthouse over pages of the site itself (home, a static page), one table for all of them. */
async function siteRuns(app: Awaited<ReturnType<typeof startServer>>, paths: string[], runs: number, chromePath: string): Promise<void> {
  const rows: (string | number)[][] = [];
  try {
    for (const path of paths) {
      const scores: number[] = [];
      for (let i = 1; i <= runs; i += 1) {
        const r = await runOnce(`${app.url}${path}`, 'mobile', i, chromePath);
        scores.push(r.score);
        rows.push([path, 'mobile', i, r.score, r.fcp.toFixed(0), r.lcp.toFixed(0), r.tbt.toFixed(0), r.cls.toFixed(3)]);
      }
      const d = await runOnce(`${app.url}${path}`, 'desktop', 1, chromePath);
      rows.push([path, 'desktop', 1, d.score, d.fcp.toFixed(0), d.lcp.toFixed(0), d.tbt.toFixed(0), d.cls.toFixed(3)]);
    }
  } finally {
    await app.stop();
  }
  const text = [
    '### Lighthouse on the site (performance category, Lighthouse 12.8, Chromium headless)',
    '',
    `Machine: ${machineSummary()}; load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}.`,
    '',
    table(['page', 'form factor', 'run', 'score', 'FCP (ms)', 'LCP (ms)', 'TBT (ms)', 'CLS'], rows),
  ].join('\n');
  console.log(`\n${text}`);
  saveReport('lighthouse-site', text);
}

export async function runLighthouseBench(): Promise<void> {
  const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromePath)) {
    const text = `### Lighthouse\n\nNot run: no Chromium at ${chromePath} (set CHROME_PATH; this benchmark never downloads a browser).`;
    console.log(text);
    saveReport('lighthouse', text);
    return;
  }
  await seed('sqlite');
  // A "Buy Now" page with every block, the richest ordinary page.
  const db = openDatabase({ sqliteFile: SQLITE_FILE });
  const row = await db.kysely
    .selectFrom('domains')
    .select('id')
    .where('status', '=', 'approved')
    .where('business_status', '=', 'Buy Now')
    .where('seller_price', '>', 10_000)
    .where('trade_switch', '=', 1)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  await db.destroy();

  // --paths=/,/terms-and-conditions measures those pages of the site instead of a landing page.
  const pathsArg = process.argv.find((a) => a.startsWith('--paths='))?.slice(8);
  const app = await startServer('app');
  if (pathsArg) {
    await siteRuns(app, pathsArg.split(','), runs, chromePath);
    return;
  }
  const url = `${app.url}/landing/${row.id}`;
  console.log(`[lighthouse] ${url} (server pid ${app.pid}, Chromium ${chromePath})`);
  const results: LhRun[] = [];
  const failures: string[] = [];
  // A run that fails (e.g. NO_NAVSTART on a busy machine) is tried once more, then recorded.
  const attempt = async (formFactor: 'mobile' | 'desktop', run: number) => {
    for (let i = 1; i <= 2; i += 1) {
      try {
        results.push(await runOnce(url, formFactor, run, chromePath));
        return;
      } catch (e) {
        const message = `${formFactor} run ${run}, attempt ${i}: ${e instanceof Error ? e.message : String(e)}`;
        failures.push(message);
        console.error(`[lighthouse] ${message}`);
      }
    }
  };
  try {
    for (let i = 1; i <= runs; i += 1) await attempt('mobile', i);
    await attempt('desktop', 1);
  } finally {
    await app.stop();
  }

  const mobile = results.filter((r) => r.formFactor === 'mobile').map((r) => r.score).sort((a, b) => a - b);
  const median = mobile[Math.floor((mobile.length - 1) / 2)] ?? Number.NaN;
  const lines = [
    '### Lighthouse (performance category, Lighthouse 12.8, Chromium headless)',
    '',
    `Machine: ${machineSummary()}; load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}. Page: /landing/{id} of a Buy Now domain with a trade option, served by the app on the 1M SQLite database.`,
    '',
    table(
      ['form factor', 'run', 'score', 'FCP (ms)', 'LCP (ms)', 'TBT (ms)', 'CLS', 'Speed Index (ms)'],
      results.map((r) => [r.formFactor, r.run, r.score, r.fcp.toFixed(0), r.lcp.toFixed(0), r.tbt.toFixed(0), r.cls.toFixed(3), r.si.toFixed(0)]),
    ),
    '',
    mobile.length
      ? `Median mobile score ${median} over ${mobile.length} run(s) (budget >= ${BUDGET}): ${median >= BUDGET ? 'pass' : '**FAIL**'}.`
      : '**Lighthouse could not complete a mobile run.**',
  ];
  if (failures.length) lines.push('', `Failed attempts: ${failures.join(' | ')}`);
  const warnings = [...new Set(results.flatMap((r) => r.warnings))];
  if (warnings.length) lines.push('', `Lighthouse warnings: ${warnings.join(' | ')}`);
  const text = lines.join('\n');
  console.log(`\n${text}`);
  saveReport('lighthouse', text, { url, results, median, failures });
}

if (isMain(import.meta.url)) {
  runLighthouseBench().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
