/**
 * The public freelancer page `/freelancers/{id}` against the landing pages' budgets: its HTML
 * and inline script sizes (raw and gzipped), throughput against a bare Fastify route in the
 * same run (one page asked again and again, and random pages), and the server's memory, on the
 * directory benchmark's generated profiles (bench/freelancers.ts, SQLite).
 *
 *   npx tsx --conditions=source bench/freelancer-page.ts [--profiles=100000] [--duration=10] [--connections=50] [--rounds=2]
 *
 * The worst cases are rendered directly: a profile with every field at its limit and the most
 * reviews the page shows, each at the longest a review and a reply may be (the page shows them
 * in short), and a page of the reviews page, where they are whole.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { asCents,
  FREELANCER_LIMITS as L,
  type FreelancerProfile,
  freelancerBadgeKeys,
  freelancerCertificationKeys,
  freelancerLanguageKeys,
  freelancerSkillKeys,
  MAX_REVIEW_LENGTH,
  MAX_REVIEW_REPLY_LENGTH,
} from '@market/shared';
import { PROFILE_REVIEWS, REVIEWS_PAGE_SIZE } from '../apps/server/src/modules/freelancers/freelancers.service.js';
import { renderFreelancerPage, renderFreelancerReviewsPage } from '../apps/server/src/ssr/freelancer-page.js';
import { seedProfiles } from './freelancers.js';
import { createRng, pick, WORDS } from './generate-names.js';
import { isMain, machineSummary, OUT_DIR, openBenchDb, procCpuMs, procMemory, saveReport, table } from './lib/common.js';
import { runLoad } from './lib/load.js';
import { startServer } from './lib/server-process.js';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const HTML_BUDGET = 14 * 1024;
const JS_BUDGET = 20 * 1024;
const RSS_BUDGET_MIB = 300;
const RATIO_BUDGET = 0.5;

const gz = (s: string) => zlib.gzipSync(s).length;
const kib = (n: number) => `${(n / 1024).toFixed(2)} KiB`;

function scripts(page: string): { inline: string; external: number } {
  let inline = '';
  let external = 0;
  for (const m of page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/.test(m[1] ?? '')) external += 1;
    else inline += m[2] ?? '';
  }
  return { inline, external };
}

/** Text of about `length` characters from the generator's words. */
function prose(rng: () => number, length: number): string {
  let text = '';
  while (text.length < length) text += `${pick(rng, WORDS)} `;
  return text.slice(0, length);
}

/** Every field at its limit, with as many reviews as the page shows, each as long as allowed. */
function worstProfile(): FreelancerProfile {
  const rng = createRng(7);
  return {
    id: 1,
    name: 'Maximilian-Alexander W.',
    headline: prose(rng, L.headline),
    bio: prose(rng, L.bio),
    skills: [...freelancerSkillKeys],
    hourly_rate_cents: asCents(L.maxHourlyRateCents),
    packages: Array.from({ length: L.packages }, () => ({ title: prose(rng, L.packageTitle), description: prose(rng, L.packageDescription), price_cents: asCents(L.maxPackagePriceCents), delivery_days: L.maxDeliveryDays })),
    languages: freelancerLanguageKeys.slice(0, L.languages),
    country: 'IE',
    availability: 'available',
    links: Array.from({ length: L.links }, (_, i) => `https://example.com/${i}/${'p'.repeat(L.link - 30)}`),
    avatar_url: '/api/freelancers/1/avatar',
    badges: freelancerBadgeKeys.map((badge, i) => ({ id: i + 1, badge, name: badge, passed_on: '2026-01-01', note: prose(rng, L.badgeNote) })),
    certifications: [...freelancerCertificationKeys],
    level: 5,
    completed_engagements: 999,
    rating: 4.9,
    published_at: '2026-01-01T00:00:00.000Z',
    reviews: Array.from({ length: PROFILE_REVIEWS }, (_, i) => ({
      id: i + 1,
      engagement_title: prose(rng, 120),
      client_name: 'Christina P.',
      stars: 5,
      text: prose(rng, MAX_REVIEW_LENGTH),
      reply: prose(rng, MAX_REVIEW_REPLY_LENGTH),
      created_at: '2026-01-01T00:00:00.000Z',
    })),
    review_count: 500,
  };
}

async function main(): Promise<void> {
  const count = arg('profiles', 100_000);
  const duration = arg('duration', 10);
  const connections = arg('connections', 50);
  const rounds = arg('rounds', 2);
  const dataDir = path.join(OUT_DIR, `freelancers-${count}`);
  const sqliteFile = path.join(dataDir, 'market.db');
  fs.mkdirSync(dataDir, { recursive: true });
  const db = await openBenchDb('sqlite', { sqliteFile });
  await seedProfiles(db, count);
  const ids = (await db.kysely.selectFrom('freelancer_profiles').select('user_id').where('published', '=', 1).execute()).map((r) => r.user_id);
  await db.destroy();
  const randomId = () => ids[Math.floor(Math.random() * ids.length)] as number;

  const worstOne = worstProfile();
  const worst = renderFreelancerPage(worstOne, { canonicalUrl: 'https://domain-market.example/freelancers/1' });
  const worstReviews = renderFreelancerReviewsPage(worstOne, worstOne.reviews.slice(0, REVIEWS_PAGE_SIZE), { page: 2, pages: 100, count: 500 }, { canonicalUrl: 'https://domain-market.example/freelancers/1/reviews?page=2' });
  const bare = await startServer('bare');
  // Shedding off: a 503 is cheap, and counting it would flatter the page's cost.
  const app = await startServer('app', { BENCH_SQLITE_FILE: sqliteFile, LOAD_SHEDDING: 'off' });
  const rows: (string | number)[][] = [];
  const ratios = new Map<string, { rps: number[]; cpu: number[] }>();
  let largest = { raw: 0, gzip: 0, js: 0, external: 0 };
  let rssMax = 0;
  try {
    for (let i = 0; i < 100; i += 1) {
      const res = await fetch(`${app.url}/freelancers/${randomId()}`);
      if (res.status !== 200) throw new Error(`a profile page answered ${res.status}`);
      const page = await res.text();
      const { inline, external } = scripts(page);
      if (gz(page) > largest.gzip) largest = { raw: Buffer.byteLength(page), gzip: gz(page), js: gz(inline), external };
    }
    await runLoad({ url: bare.url, path: () => '/bare', connections, duration: 2 });
    await runLoad({ url: app.url, path: () => `/freelancers/${randomId()}`, connections, duration: 3 });
    const hot = randomId();
    const runs: [string, string, () => string, number][] = [
      ['bare Fastify route', bare.url, () => '/bare', bare.pid],
      ['profile page, one id', app.url, () => `/freelancers/${hot}`, app.pid],
      [`profile page, random ids of ${ids.length.toLocaleString('en-US')}`, app.url, () => `/freelancers/${randomId()}`, app.pid],
    ];
    for (let round = 1; round <= rounds; round += 1) {
      let bareRps = 0;
      let bareCpu = 0;
      for (const [label, url, next, pid] of runs) {
        const cpu0 = procCpuMs(pid);
        const sampler = setInterval(() => (rssMax = pid === app.pid ? Math.max(rssMax, procMemory(pid)?.rssMiB ?? 0) : rssMax), 200);
        const { result, shed } = await runLoad({ url, path: next, connections, duration });
        clearInterval(sampler);
        const cpuUs = ((procCpuMs(pid) - cpu0) * 1000) / Math.max(1, result.requests.total);
        if (pid === bare.pid) {
          bareRps = result.requests.average;
          bareCpu = cpuUs;
        } else {
          const r = ratios.get(label) ?? { rps: [], cpu: [] };
          r.rps.push(result.requests.average / bareRps);
          r.cpu.push(bareCpu / cpuUs);
          ratios.set(label, r);
        }
        rows.push([label, round, result.requests.average.toFixed(0), result.latency.p50, result.latency.p99, cpuUs.toFixed(0), result.non2xx - shed.length, shed.length, result.errors + result.timeouts]);
      }
    }
  } finally {
    await app.stop();
    await bare.stop();
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**');
  const { inline: worstJs, external: worstExternal } = scripts(worst);
  const checks: (string | number)[][] = [
    ...[...ratios].flatMap(([label, r]) => [
      [`${label} / bare, req/s`, `${r.rps.map((v) => v.toFixed(2)).join(', ')} (mean ${mean(r.rps).toFixed(2)}x)`, `>= ${RATIO_BUDGET}x`, verdict(mean(r.rps) >= RATIO_BUDGET)],
      [`${label} / bare, by server CPU per request`, `${r.cpu.map((v) => v.toFixed(2)).join(', ')} (mean ${mean(r.cpu).toFixed(2)}x)`, `>= ${RATIO_BUDGET}x`, verdict(mean(r.cpu) >= RATIO_BUDGET)],
    ]),
    ['HTML gzipped, largest of 100 random pages', `${kib(largest.gzip)} (raw ${kib(largest.raw)})`, '<= 14 KiB', verdict(largest.gzip <= HTML_BUDGET)],
    [`HTML gzipped, worst case (every field at its limit, ${PROFILE_REVIEWS} longest reviews and replies)`, `${kib(gz(worst))} (raw ${kib(Buffer.byteLength(worst))})`, '<= 14 KiB', verdict(gz(worst) <= HTML_BUDGET)],
    [`reviews page HTML gzipped, worst case (${REVIEWS_PAGE_SIZE} longest reviews and replies)`, `${kib(gz(worstReviews))} (raw ${kib(Buffer.byteLength(worstReviews))})`, '<= 14 KiB', verdict(gz(worstReviews) <= HTML_BUDGET)],
    [`JS gzipped (inline; external scripts: ${largest.external + worstExternal})`, `${kib(Math.max(largest.js, gz(worstJs)))}`, '<= 20 KiB', verdict(Math.max(largest.js, gz(worstJs)) <= JS_BUDGET && largest.external + worstExternal === 0)],
    ['server RSS under load (max sampled)', `${rssMax.toFixed(0)} MiB`, `<= ${RSS_BUDGET_MIB} MB`, verdict(rssMax <= RSS_BUDGET_MIB)],
  ];
  const report = [
    `### Freelancer page, ${ids.length.toLocaleString('en-US')} published profiles on SQLite (${duration} s per run, ${connections} connections, ${rounds} rounds)`,
    '',
    `Machine: ${machineSummary()}; load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}.`,
    '',
    table(['run', 'round', 'req/s', 'latency p50 (ms)', 'latency p99 (ms)', 'server CPU per request (µs)', 'other non-2xx', '503', 'errors + time-outs'], rows),
    '',
    table(['check', 'measured', 'budget', 'result'], checks),
  ].join('\n');
  console.log(report);
  saveReport('freelancer-page', report);
}

if (isMain(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
