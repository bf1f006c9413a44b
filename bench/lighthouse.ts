/**
 * Lighthouse 12.8 performance score of a landing page served by the real app on the seeded
 * 1M SQLite database: mobile (the default config, simulated throttling) several times, median
 * reported, and desktop once.
 *
 *   CHROME_PATH=/usr/bin/chromium npx tsx --conditions=source bench/lighthouse.ts [--runs=3]
 *   ... bench/lighthouse.ts --public   every public page (search, directory, jobs, static pages):
 *       mobile median and script bytes, one table (BENCH_DOMAINS=N for a smaller seed)
 *
 * Never downloads a browser: Chromium must be installed (CHROME_PATH, default /usr/bin/chromium).
 */
import fs from 'node:fs';
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { openDatabase } from '../apps/server/src/db/database.js';
import { isMain, machineSummary, MILLION, saveReport, SQLITE_FILE, table } from './lib/common.js';
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
  /** Script bytes over the network (compressed as sent), from Lighthouse's network requests. */
  jsBytes: number;
  warnings: string[];
}

/** Sum of transferred bytes of the Script requests in Lighthouse's network-requests table. */
function scriptBytes(details: unknown): number {
  const items = (details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return items.filter((i) => i.resourceType === 'Script').reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
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
      jsBytes: scriptBytes(lhr.audits['network-requests']?.details),
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

/** The public pages a visitor reaches without signing in; `{freelancer}` and `{job}` are filled in. */
const PUBLIC_PAGES = [
  '/homeSearch?search=com',
  '/homesearch?search=com',
  '/freelancers',
  '/freelancers/{freelancer}',
  '/jobs',
  '/jobs/{job}',
  '/how-it-works',
  '/build-your-dream',
  '/about-us',
  '/our-mission',
  '/privacy-policy',
  '/terms-and-conditions',
  '/contact',
];
/** Pages that are still the app, measured the same way for comparison (not held to the budget). */
const APP_PAGES = ['/sponsored-headlines'];
const JS_BUDGET = 120 * 1024;
const PUBLIC_FREELANCERS = 12;
const PUBLIC_JOBS = 20;

/**
 * Published freelancers and open jobs through the API, so the directory and the jobs list have
 * something to show (the seed holds domains only); kept in the seeded database, so a later run
 * adds none. Registration allows 20 a minute per address: 12 freelancers and 2 founders.
 */
async function seedPublicData(base: string): Promise<{ freelancer: number; job: number }> {
  const call = async <T>(method: string, path: string, body?: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const stamp = Date.now().toString(36);
  const register = async (first: string, last: string, i: number) =>
    (
      await call<{ token: string }>('POST', '/api/auth/register/', {
        first_name: first,
        last_name: last,
        email: `lh-${stamp}-${i}@bench.test`,
        password: 'benchmark password 12345',
        user_role: 'seller',
        country: 'IE',
      })
    ).token;
  const skills = ['valuation', 'negotiation', 'landing-pages', 'branding', 'marketing', 'web-development'];
  const directory = await call<{ count: number; results: { id: number }[] }>('GET', '/api/freelancers/');
  for (let i = directory.count; i < PUBLIC_FREELANCERS; i += 1) {
    const token = await register(['Ada', 'Bob', 'Chen', 'Dara', 'Eli', 'Fern'][i % 6] ?? 'Ada', `Bench${i}`, i);
    await call('PUT', '/api/freelancers/me/', {
      headline: `Domain ${skills[i % skills.length]} for premium names`,
      bio: 'Ten years with domain names: valuations, negotiations and launches for buyers and sellers.',
      skills: [skills[i % skills.length], skills[(i + 2) % skills.length]],
      hourly_rate_cents: 4_000 + 1_000 * i,
      packages: [],
      languages: ['en'],
      country: 'IE',
      availability: 'available',
      links: [],
    }, token);
    await call('POST', '/api/freelancers/me/publish/', { published: true }, token);
  }
  const jobs = await call<{ count: number }>('GET', '/api/jobs/');
  const deadline = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  for (let made = jobs.count, founder = 0; made < PUBLIC_JOBS; founder += 1) {
    const token = await register('Fay', `Founder${founder}`, 100 + founder);
    // Ten posts an hour per user.
    for (let n = 0; n < 10 && made < PUBLIC_JOBS; n += 1, made += 1) {
      await call('POST', '/api/jobs/', {
        title: `Landing page and logo for a ${skills[made % skills.length]} startup (${made + 1})`,
        description: 'A one-page site for our new domain with a signup form, our logo and three rounds of changes.',
        budget_min_cents: 50_000 + 10_000 * made,
        budget_max_cents: 90_000 + 10_000 * made,
        skills: [skills[made % skills.length]],
        deadline,
      }, token);
    }
  }
  const first = (await call<{ results: { id: number }[] }>('GET', '/api/freelancers/')).results[0]?.id;
  const job = (await call<{ results: { id: number }[] }>('GET', '/api/jobs/')).results[0]?.id;
  if (first === undefined || job === undefined) throw new Error('no freelancer or job to measure');
  return { freelancer: first, job };
}

/** Lighthouse mobile over every public page: median of `runs` and the script bytes sent. */
async function publicRuns(app: Awaited<ReturnType<typeof startServer>>, runs: number, chromePath: string): Promise<void> {
  const rows: (string | number)[][] = [];
  const all: { path: string; runs: LhRun[] }[] = [];
  const failures: string[] = [];
  try {
    const ids = await seedPublicData(app.url);
    // --pages=/contact,/jobs measures those of the list only.
    const only = process.argv.find((a) => a.startsWith('--pages='))?.slice(8).split(',');
    const measured = [...PUBLIC_PAGES, ...APP_PAGES];
    for (const template of only ? measured.filter((p) => only.includes(p)) : measured) {
      const path = template.replace('{freelancer}', String(ids.freelancer)).replace('{job}', String(ids.job));
      const results: LhRun[] = [];
      for (let i = 1; i <= runs; i += 1) {
        for (let attempt = 1; attempt <= 2; attempt += 1) {
          try {
            results.push(await runOnce(`${app.url}${path}`, 'mobile', i, chromePath));
            break;
          } catch (e) {
            failures.push(`${path} run ${i}, attempt ${attempt}: ${e instanceof Error ? e.message : String(e)}`);
          }
        }
      }
      all.push({ path, runs: results });
      const median = <K extends keyof LhRun>(key: K) => {
        const sorted = results.map((r) => r[key] as number).sort((a, b) => a - b);
        return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
      };
      const score = median('score');
      const js = median('jsBytes');
      const ok = score >= BUDGET && js <= JS_BUDGET;
      rows.push([
        path.replace(String(ids.freelancer), '{id}').replace(`/jobs/${ids.job}`, '/jobs/{id}'),
        results.map((r) => r.score).join(' / '),
        score,
        median('fcp').toFixed(0),
        median('lcp').toFixed(0),
        median('tbt').toFixed(0),
        median('cls').toFixed(3),
        (js / 1024).toFixed(1),
        APP_PAGES.includes(path) ? 'the app (for comparison)' : ok ? 'pass' : '**FAIL**',
      ]);
    }
  } finally {
    await app.stop();
  }
  const lines = [
    '### Lighthouse on the public pages (mobile, performance category, Lighthouse 12.8, Chromium headless)',
    '',
    `Machine: ${machineSummary()}; load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}. ` +
      `Data: the seeded SQLite database of ${MILLION.toLocaleString('en-US')} approved domains, with ${PUBLIC_FREELANCERS} published freelancers and ${PUBLIC_JOBS} open jobs added through the API. ` +
      `Median of ${runs} mobile runs per page (simulated throttling); JS = script bytes transferred (compressed), budget score >= ${BUDGET} and JS <= ${JS_BUDGET / 1024} KB.`,
    '',
    table(['page', 'scores', 'median', 'FCP (ms)', 'LCP (ms)', 'TBT (ms)', 'CLS', 'JS (KB)', 'budget'], rows),
  ];
  if (failures.length) lines.push('', `Failed attempts: ${failures.join(' | ')}`);
  const text = lines.join('\n');
  console.log(`\n${text}`);
  saveReport('lighthouse-public', text, all);
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

  // --paths=/,/terms-and-conditions measures those pages of the site instead of a landing page;
  // --public measures every public page a visitor reaches without signing in.
  const pathsArg = process.argv.find((a) => a.startsWith('--paths='))?.slice(8);
  const app = await startServer('app');
  if (process.argv.includes('--public')) {
    await publicRuns(app, runs, chromePath);
    return;
  }
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
