/**
 * Live events (GET /api/events) on the real server (apps/server/src/main.ts, a child process):
 *   - latency: one party writes (the client posts a message in an engagement, over HTTP) and the
 *     time until the other party's (the freelancer's) open stream receives the change, over --changes (200) changes one after another,
 *     measured with no other stream open and again with --streams open;
 *   - memory: the server's resident memory (RSS) before and with --streams (2,000) streams open
 *     (20 listening users, a hundred tabs each);
 *   - other answers: p95 of a normal API request (GET /api/engagements/{id}/), --requests (300)
 *     one after another, with and without those streams open.
 *
 *   npx tsx --conditions=source bench/live-events.ts [--changes=200] [--streams=2000] [--requests=300] [--port=4610]
 *
 * BENCH_DIALECTS=sqlite (or postgres) runs one: on SQLite the events stay in the process; on
 * PostgreSQL they go through NOTIFY and the server's LISTEN connection, as across instances.
 * Budgets: the other party sees a change within 1 s at p95; 2,000 open streams cost less than
 * 50 MB more memory and leave the p95 of other answers no slower.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { quoteIdent } from '../apps/server/src/db/database.js';
import { api, registerSeller, startAppProcess } from './lib/app-process.js';
import { type BenchDialect, dialectsToRun, isMain, machineSummary, ms, PG_URL, procMemory, saveReport, stats, table } from './lib/common.js';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const PASSWORD = 'bench user password';
const LISTENERS = 20;

interface LiveStream {
  /** Resolves with the arrival time (performance.now()) of the next change event matching. */
  next(match: (data: string) => boolean): Promise<number>;
  close(): void;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/** A stream refused with 503 (shed under load) is asked for again after Retry-After, as the browser does. */
async function openStream(url: string, token: string): Promise<LiveStream> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await openStreamOnce(url, token);
    } catch (error) {
      const retryAfter = (error as { retryAfter?: number }).retryAfter;
      if (retryAfter === undefined || attempt >= 10) throw error;
      shedStreams.count += 1;
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
    }
  }
}

const shedStreams = { count: 0 };

function openStreamOnce(url: string, token: string): Promise<LiveStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/api/events/`, { agent, headers: { authorization: `Token ${token}` } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        const refused = new Error(`stream answered ${res.statusCode}`);
        if (res.statusCode === 503) Object.assign(refused, { retryAfter: Number(res.headers['retry-after'] ?? 1) });
        return reject(refused);
      }
      let buffer = '';
      let waiter: { match: (data: string) => boolean; done: (at: number) => void } | undefined;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer.slice(0, end).split('\n').find((l) => l.startsWith('data: '))?.slice(6);
          buffer = buffer.slice(end + 2);
          if (data && waiter?.match(data)) {
            waiter.done(at);
            waiter = undefined;
          }
        }
      });
      res.on('error', () => undefined);
      resolve({
        next: (match) => new Promise<number>((done) => (waiter = { match, done })),
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

async function registerFreelancer(url: string, email: string): Promise<{ token: string; id: number }> {
  const res = await api<{ token: string; user: { id: number } }>(url, 'POST', '/api/auth/register/', undefined, { first_name: 'Bench', last_name: 'Freelancer', email, password: PASSWORD, user_role: 'freelancer' });
  if (res.status !== 201) throw new Error(`register answered ${res.status}`);
  const profile = { headline: 'Logos', bio: '', skills: ['branding'], hourly_rate_cents: null, packages: [], languages: [], country: null, availability: 'available', links: [] };
  if ((await api(url, 'PUT', '/api/freelancers/me/', res.body.token, profile)).status !== 200) throw new Error('profile not saved');
  if ((await api(url, 'POST', '/api/freelancers/me/publish/', res.body.token, { published: true })).status !== 200) throw new Error('profile not published');
  return { token: res.body.token, id: res.body.user.id };
}

async function requestTimes(url: string, pathname: string, token: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    const res = await api(url, 'GET', pathname, token);
    times.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`${pathname} answered ${res.status}`);
  }
  return times.sort((a, b) => a - b);
}

/**
 * Each change: the client posts a message; timed from the write until the freelancer's stream
 * hears of it. Always this way round: the writer's own stream hears of its change too, and a
 * late echo must not be taken for the next change's event.
 */
async function changeLatencies(url: string, engagementId: number, writer: { token: string }, reader: LiveStream, count: number): Promise<number[]> {
  const times: number[] = [];
  const about = (data: string) => data === JSON.stringify({ kind: 'engagement', id: engagementId });
  for (let i = 0; i < count; i += 1) {
    const heard = reader.next(about);
    const start = performance.now();
    const [at, res] = await Promise.all([heard, api(url, 'POST', `/api/engagements/${engagementId}/messages/`, writer.token, { body: `Message ${i}` })]);
    if (res.status !== 201) throw new Error(`message answered ${res.status}: ${JSON.stringify(res.body)}`);
    times.push(at - start);
  }
  return times.sort((a, b) => a - b);
}

const settle = (msDelay: number) => new Promise((resolve) => setTimeout(resolve, msDelay));

async function runDialect(dialect: BenchDialect, port: number, opts: { changes: number; streams: number; requests: number }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-live-'));
  const schema = `bench_live_${Date.now()}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    ENGAGEMENT_MESSAGES_PER_MINUTE_PER_USER: '100000',
    ENGAGEMENT_REQUESTS_PER_HOUR_PER_USER: '100000',
    ...(dialect === 'postgres' ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema } : {}),
  };
  const server = await startAppProcess(env, port);
  const open: LiveStream[] = [];
  shedStreams.count = 0;
  try {
    const stamp = Date.now();
    const client = await api<{ token: string; user: { id: number } }>(server.url, 'POST', '/api/auth/register/', undefined, {
      first_name: 'Bench',
      last_name: 'Client',
      email: `live-client-${stamp}@bench.test`,
      password: PASSWORD,
      user_role: 'seller',
    });
    const freelancer = await registerFreelancer(server.url, `live-freelancer-${stamp}@bench.test`);
    const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const requested = await api<{ id: number }>(server.url, 'POST', '/api/engagements/', client.body.token, { freelancer_id: freelancer.id, title: 'A logo', brief: 'A logo for a domain.', budget_cents: 50_000, deadline });
    if (requested.status !== 201) throw new Error(`engagement answered ${requested.status}: ${JSON.stringify(requested.body)}`);
    const engagementId = requested.body.id;
    const listeners: string[] = [];
    for (let i = 0; i < LISTENERS; i += 1) listeners.push(await registerSeller(server.url, `live-listener-${i}-${stamp}@bench.test`, PASSWORD));

    const writer = { token: client.body.token };
    const reader = await openStream(server.url, freelancer.token);
    open.push(reader);
    const readPath = `/api/engagements/${engagementId}/`;
    // Warm-up: JIT, statement caches, the first NOTIFY.
    await changeLatencies(server.url, engagementId, writer, reader, 20);
    await requestTimes(server.url, readPath, client.body.token, 50);
    await settle(2_000);

    const latencyAlone = await changeLatencies(server.url, engagementId, writer, reader, opts.changes);
    const requestsAlone = await requestTimes(server.url, readPath, client.body.token, opts.requests);
    // Memory just before and just after the streams open: the difference is theirs, not the
    // heap's growth from the measured work.
    await settle(2_000);
    const before = procMemory(server.pid);

    const opening = performance.now();
    for (let i = 0; i < opts.streams; i += 20) {
      const batch = Array.from({ length: Math.min(20, opts.streams - i) }, (_, j) => openStream(server.url, listeners[(i + j) % LISTENERS]!));
      open.push(...(await Promise.all(batch)));
    }
    const openedMs = performance.now() - opening;
    await settle(3_000);
    const withStreams = procMemory(server.pid);
    const latencyLoaded = await changeLatencies(server.url, engagementId, writer, reader, opts.changes);
    const requestsLoaded = await requestTimes(server.url, readPath, client.body.token, opts.requests);
    const after = procMemory(server.pid);
    return {
      dialect,
      latencyAlone: stats(latencyAlone),
      latencyLoaded: stats(latencyLoaded),
      requestsAlone: stats(requestsAlone),
      requestsLoaded: stats(requestsLoaded),
      rssBeforeMiB: before?.rssMiB ?? Number.NaN,
      rssWithStreamsMiB: withStreams?.rssMiB ?? Number.NaN,
      rssAfterRunMiB: after?.rssMiB ?? Number.NaN,
      openedMs,
      shedStreamOpens: shedStreams.count,
    };
  } finally {
    for (const stream of open) stream.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dialect === 'postgres') {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
      await admin.end();
    }
  }
}

export async function runLiveEventsBench(): Promise<void> {
  const opts = { changes: arg('changes', 200), streams: arg('streams', 2000), requests: arg('requests', 300) };
  const port = arg('port', Number(process.env.BENCH_PORT ?? 4610));
  const runs = [];
  for (const dialect of await dialectsToRun()) {
    console.log(`${dialect}: ${opts.changes} changes, ${opts.streams} streams, ${opts.requests} requests...`);
    runs.push(await runDialect(dialect, port, opts));
  }
  const load = os.loadavg().map((l) => l.toFixed(2)).join(', ');
  const lines = [
    `# Live events: ${new Date().toISOString()}`,
    '',
    `Machine: ${machineSummary()}, ${os.arch()}; load average ${load}.`,
    '',
    `Change to the other party's stream (ms; ${opts.changes} messages, each written over HTTP by one party and heard by the other):`,
    '',
    table(
      ['database', 'other streams open', 'p50', 'p95', 'p99', 'max'],
      runs.flatMap((r) => [
        [r.dialect, 0, ms(r.latencyAlone.p50), ms(r.latencyAlone.p95), ms(r.latencyAlone.p99), ms(r.latencyAlone.max)],
        [r.dialect, opts.streams, ms(r.latencyLoaded.p50), ms(r.latencyLoaded.p95), ms(r.latencyLoaded.p99), ms(r.latencyLoaded.max)],
      ]),
    ),
    '',
    `Server memory and a normal request (GET /api/engagements/{id}/, ${opts.requests} one after another, ms):`,
    '',
    table(
      ['database', 'RSS before (MiB)', `RSS with ${opts.streams} streams`, 'delta', 'RSS after the run', `opening ${opts.streams} streams (ms)`, 'opens shed (retried)', 'request p50 / p95 without', 'with'],
      runs.map((r) => [
        r.dialect,
        r.rssBeforeMiB.toFixed(1),
        r.rssWithStreamsMiB.toFixed(1),
        (r.rssWithStreamsMiB - r.rssBeforeMiB).toFixed(1),
        r.rssAfterRunMiB.toFixed(1),
        ms(r.openedMs),
        r.shedStreamOpens,
        `${ms(r.requestsAlone.p50)} / ${ms(r.requestsAlone.p95)}`,
        `${ms(r.requestsLoaded.p50)} / ${ms(r.requestsLoaded.p95)}`,
      ]),
    ),
  ];
  const report = lines.join('\n');
  console.log(report);
  saveReport('live-events', report, runs);
}

if (isMain(import.meta.url)) await runLiveEventsBench();
