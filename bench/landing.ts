/**
 * Landing page throughput against a bare Fastify route in the same run, landing HTML and JS
 * sizes (raw and gzipped), and the server's resident memory while it serves the seeded
 * 1,000,000-domain SQLite database under load.
 *
 *   npx tsx --conditions=source bench/landing.ts [--duration=10] [--connections=50] [--rounds=2]
 *
 * Both servers run as child processes (bench/lib/landing-server.ts) on 127.0.0.1; autocannon
 * runs here. Rounds alternate bare / app so drift on a shared machine hits both alike.
 */
import os from 'node:os';
import zlib from 'node:zlib';
import { openDatabase } from '../apps/server/src/db/database.js';
import { findDomain } from '../apps/server/src/modules/domains/domains.repository.js';
import { renderLandingPage } from '../apps/server/src/ssr/landing-page.js';
import { createRng, pick, WORDS } from './generate-names.js';
import { isMain, machineSummary, procCpuMs, procMemory, saveReport, SQLITE_FILE, table } from './lib/common.js';
import { runLoad } from './lib/load.js';
import { approvedIdRange, searchApiPaths } from './lib/seeded-paths.js';
import { startServer } from './lib/server-process.js';
import { seed } from './seed-million.js';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const HTML_BUDGET = 14 * 1024;
const JS_BUDGET = 20 * 1024;
const RSS_BUDGET_MIB = 300;
const RATIO_BUDGET = 0.5;
const HOT = 'landing page, one id';
const RANDOM = 'landing page, random ids of 1M';

const gz = (s: string | Buffer) => zlib.gzipSync(s).length;
const kib = (n: number) => `${(n / 1024).toFixed(2)} KiB`;
const mib = (n: number) => (n / 1024 / 1024).toFixed(0);

function inlineScripts(html: string): { inline: string[]; external: string[] } {
  const inline: string[] = [];
  const external: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = /\bsrc\s*=\s*"([^"]+)"/i.exec(m[1] ?? '')?.[1];
    if (src) external.push(src);
    else inline.push(m[2] ?? '');
  }
  return { inline, external };
}

interface LoadResult {
  label: string;
  round: number;
  rps: number;
  latencyP50: number;
  latencyP99: number;
  total: number;
  non2xx: number;
  errors: number;
  /** Server CPU time per request (user + system), robust to a busy machine unlike req/s. */
  cpuUsPerRequest: number;
  rssMaxMiB?: number;
}

async function load(label: string, round: number, url: string, paths: () => string, duration: number, connections: number, serverPid: number, sampleRss = true): Promise<LoadResult> {
  const pid = sampleRss ? serverPid : undefined;
  let rssMax = 0;
  const cpu0 = procCpuMs(serverPid);
  const sampler = pid
    ? setInterval(() => {
        const m = procMemory(pid);
        if (m) rssMax = Math.max(rssMax, m.rssMiB);
      }, 200)
    : undefined;
  const { result: r } = await runLoad({ url, path: paths, connections, duration });
  if (sampler) clearInterval(sampler);
  const cpuMs = procCpuMs(serverPid) - cpu0;
  const out: LoadResult = {
    label,
    round,
    rps: r.requests.average,
    latencyP50: r.latency.p50,
    latencyP99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    cpuUsPerRequest: (cpuMs * 1000) / Math.max(1, r.requests.total),
    rssMaxMiB: pid ? rssMax : undefined,
  };
  console.log(
    `[landing] ${label} round ${round}: ${out.rps.toFixed(0)} req/s, latency p50 ${out.latencyP50} ms p99 ${out.latencyP99} ms, ` +
      `${out.total} requests, server CPU ${out.cpuUsPerRequest.toFixed(0)} µs/request, non-2xx ${out.non2xx}, errors ${out.errors}${pid ? `, server RSS max ${rssMax.toFixed(0)} MiB` : ''}`,
  );
  return out;
}

export async function runLandingBench(): Promise<void> {
  const duration = arg('duration', 10);
  const connections = arg('connections', 50);
  const rounds = arg('rounds', 2);
  await seed('sqlite');

  // Ids to request and a worst-case page (every block present, a 2,000-character description).
  const range = await approvedIdRange();
  const db = openDatabase({ sqliteFile: SQLITE_FILE });
  const sample = await findDomain(db.kysely, range.hi);
  if (!sample) throw new Error('no domain to render');
  const rng = createRng(5);
  let description = '';
  while (description.length < 1990) description += `${pick(rng, WORDS)} `;
  const worst = renderLandingPage(
    {
      ...sample,
      domain_unicode: `${'bücher'.repeat(9)}premium.co.uk`,
      business_status: 'Buy Now',
      seller_price: 75_000,
      min_offer: 60_000,
      trade_switch: 1,
      trade_option: '5 Figures',
      startup_breeders_switch: 1,
      startup_breeders: 'Pitch to Us',
      description: description.slice(0, 2000),
      visits: 1_234_567,
    },
    { appOrigin: 'https://domain-market.example', canonicalUrl: `https://domain-market.example/landing/${sample.id}` },
  );
  await db.destroy();
  const { randomId } = range;

  const bare = await startServer('bare');
  const app = await startServer('app');
  const idle = procMemory(app.pid);
  console.log(`[landing] ${app.runtime} runtime; app server pid ${app.pid} on ${app.url} (RSS after start ${idle?.rssMiB.toFixed(0)} MiB); bare server pid ${bare.pid} on ${bare.url}`);
  const results: LoadResult[] = [];
  const sizes: { raw: number; gzip: number; jsRaw: number; jsGzip: number; external: number; encoding: string }[] = [];
  let searchLoad: LoadResult | undefined;
  let peakMiB = Number.NaN;
  let serverMemory: NodeJS.MemoryUsage | undefined;
  try {
    // Sizes as served: a sample of random pages.
    for (let i = 0; i < 100; i += 1) {
      const res = await fetch(`${app.url}/landing/${randomId()}`, { headers: { 'accept-encoding': 'gzip, br' } });
      if (res.status !== 200) throw new Error(`landing page answered ${res.status}`);
      const html = await res.text();
      const { inline, external } = inlineScripts(html);
      const js = inline.join('\n');
      sizes.push({ raw: Buffer.byteLength(html), gzip: gz(html), jsRaw: Buffer.byteLength(js), jsGzip: gz(js), external: external.length, encoding: res.headers.get('content-encoding') ?? 'none' });
    }
    // Warm both servers (JIT, SQLite page cache) before timing.
    await runLoad({ url: bare.url, path: () => '/bare', connections, duration: 2 });
    await runLoad({ url: app.url, path: () => `/landing/${randomId()}`, connections, duration: 3 });
    // One page requested over and over (a shared link; the server's render cache serves it) and
    // random pages of the 1M (every request a database read and a render).
    const hotId = randomId();
    for (let round = 1; round <= rounds; round += 1) {
      results.push(await load('bare Fastify route', round, bare.url, () => '/bare', duration, connections, bare.pid, false));
      results.push(await load(HOT, round, app.url, () => `/landing/${hotId}`, duration, connections, app.pid));
      results.push(await load(RANDOM, round, app.url, () => `/landing/${randomId()}`, duration, connections, app.pid));
    }
    // Search API on the same server, for memory under a heavier query mix.
    searchLoad = await load(
      'search API (text, limit 50)',
      1,
      app.url,
      searchApiPaths(),
      duration,
      Math.min(connections, 10),
      app.pid,
    );
    peakMiB = procMemory(app.pid)?.peakMiB ?? Number.NaN;
    serverMemory = await app.memory().catch(() => undefined);
  } finally {
    await app.stop();
    await bare.stop();
  }

  const bareRuns = results.filter((r) => r.label.startsWith('bare'));
  const appRuns = results.filter((r) => r.label.startsWith('landing'));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const ratioOf = (label: string) => {
    const runs = results.filter((r) => r.label === label);
    const rps = runs.map((a) => a.rps / (bareRuns.find((b) => b.round === a.round)?.rps ?? Number.NaN));
    const cpu = runs.map((a) => (bareRuns.find((b) => b.round === a.round)?.cpuUsPerRequest ?? Number.NaN) / a.cpuUsPerRequest);
    return { rps, cpu, meanRps: mean(rps), meanCpu: mean(cpu) };
  };
  const hotRatio = ratioOf(HOT);
  const randomRatio = ratioOf(RANDOM);
  const worstSizes = { raw: Buffer.byteLength(worst), gzip: gz(worst), js: gz(inlineScripts(worst).inline.join('\n')) };
  const maxSize = sizes.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  const rssUnderLoad = Math.max(...[...appRuns, ...(searchLoad ? [searchLoad] : [])].map((r) => r.rssMaxMiB ?? 0));
  const allNon2xx = [...results, ...(searchLoad ? [searchLoad] : [])].reduce((s, r) => s + r.non2xx + r.errors, 0);

  const lines = [
    `### Landing page (${duration} s per run, ${connections} connections, ${rounds} alternating rounds, autocannon in the parent process; 2-core machine shared by client and server)`,
    '',
    `Machine: ${machineSummary()}; load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}.`,
    '',
    table(
      ['run', 'round', 'req/s', 'latency p50 (ms)', 'latency p99 (ms)', 'requests', 'server CPU per request (µs)', 'non-2xx + errors', 'server RSS max (MiB)'],
      [...results, ...(searchLoad ? [searchLoad] : [])].map((r) => [r.label, r.round, r.rps.toFixed(0), r.latencyP50, r.latencyP99, r.total, r.cpuUsPerRequest.toFixed(0), r.non2xx + r.errors, r.rssMaxMiB?.toFixed(0) ?? '-']),
    ),
    '',
    table(
      ['check', 'measured', 'budget', 'result'],
      [
        ...[
          ['one page', hotRatio],
          ['random pages of 1M', randomRatio],
        ].flatMap(([name, r]) => {
          const x = r as ReturnType<typeof ratioOf>;
          return [
            [`landing (${name as string}) / bare, req/s`, `${x.rps.map((v) => v.toFixed(2)).join(', ')} (mean ${x.meanRps.toFixed(2)}x)`, `>= ${RATIO_BUDGET}x`, x.meanRps >= RATIO_BUDGET ? 'pass' : '**FAIL**'],
            [`landing (${name as string}) / bare, by server CPU per request`, `${x.cpu.map((v) => v.toFixed(2)).join(', ')} (mean ${x.meanCpu.toFixed(2)}x)`, `>= ${RATIO_BUDGET}x`, x.meanCpu >= RATIO_BUDGET ? 'pass' : '**FAIL**'],
          ];
        }),
        ['landing HTML gzipped (largest of 100 random pages)', `${kib(maxSize.gzip)} (raw ${kib(maxSize.raw)})`, '<= 14 KiB', maxSize.gzip <= HTML_BUDGET ? 'pass' : '**FAIL**'],
        ['landing HTML gzipped, worst case (all blocks, 2,000-char description)', `${kib(worstSizes.gzip)} (raw ${kib(worstSizes.raw)})`, '<= 14 KiB', worstSizes.gzip <= HTML_BUDGET ? 'pass' : '**FAIL**'],
        ['landing JS gzipped (inline; external scripts: ' + maxSize.external + ')', `${kib(maxSize.jsGzip)} (raw ${kib(maxSize.jsRaw)})`, '<= 20 KiB', maxSize.jsGzip <= JS_BUDGET && maxSize.external === 0 ? 'pass' : '**FAIL**'],
        ['server RSS under load, 1M domains on SQLite (max sampled / VmHWM peak)', `${rssUnderLoad.toFixed(0)} / ${peakMiB.toFixed(0)} MiB (after start ${idle?.rssMiB.toFixed(0)} MiB)`, `<= ${RSS_BUDGET_MIB} MB`, peakMiB <= RSS_BUDGET_MIB ? 'pass' : '**FAIL**'],
      ],
    ),
    '',
    `Server runtime: ${app.runtime === 'node' ? 'plain node on the bundled JavaScript (bench/lib/build-server.ts)' : 'tsx (TypeScript transpiled at load)'}.` +
      (serverMemory
        ? ` Server memory at the end (process.memoryUsage): rss ${mib(serverMemory.rss)}, V8 heap used ${mib(serverMemory.heapUsed)} of ${mib(serverMemory.heapTotal)}, external ${mib(serverMemory.external)}, array buffers ${mib(serverMemory.arrayBuffers)} MiB.`
        : ''),
    `Response Content-Encoding as served: ${maxSize.encoding} (gzipped sizes computed with zlib, default level).`,
    allNon2xx ? `**Warning:** ${allNon2xx} non-2xx responses or errors during the runs.` : 'Every response was 2xx.',
  ];
  const text = lines.join('\n');
  console.log(`\n${text}`);
  saveReport('landing', text, { results, searchLoad, hotRatio, randomRatio, sizes: { max: maxSize, worst: worstSizes }, rss: { idle, underLoadMaxMiB: rssUnderLoad, peakMiB, serverMemory } });
}

if (isMain(import.meta.url)) {
  runLandingBench().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
