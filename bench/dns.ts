// DNS answers per second and latency: PowerDNS (Debian's pdns_server) and the embedded server,
// both serving the same zones from the app's database, loaded over UDP on 127.0.0.1.
//
//   node --conditions=source --import tsx bench/dns.ts [--queries=20000] [--concurrency=32] [--zones=200] [--postgres]
//
// On SQLite by default; --postgres uses DATABASE_URL (schema bench_dns, dropped after).
//
// Each query asks the A record of a random parked name (a few www, MX and unknown names mixed
// in). Latency is from send to answer per query; queries that get no answer within 2 s count as
// lost. The zones are made through the API, as owners and admins make them.
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import dns2 from 'dns2';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { findPdnsServer, startPdns } from '../apps/server/src/dns/powerdns-process.js';
import { addDomain, answerBecomes, fakeDelegation, resolverAt, TEST_NAMESERVERS } from '../apps/server/src/test/dns-support.js';
import { adminToken, createMemoryMailer, registerUser, testConfig } from '../apps/server/src/test/test-app.js';
import { assertLocalUrl, hasFlag, machineSummary, percentile, PG_URL, table } from './lib/common.js';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const QUERIES = arg('queries', 20_000);
const CONCURRENCY = arg('concurrency', 32);
const ZONES = arg('zones', 200);
const TIMEOUT_MS = 2000;

interface Result {
  server: string;
  qps: number;
  p50: number;
  p99: number;
  lost: number;
}

/** `count` queries, `concurrency` in flight at a time, on one UDP socket; ids tell the answers apart. */
async function load(server: string, port: number, names: string[]): Promise<Result> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const pending = new Map<number, { sent: number; done: (ms: number | null) => void }>();
  socket.on('message', (message) => {
    const id = message.readUInt16BE(0);
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    entry.done(performance.now() - entry.sent);
  });
  const latencies: number[] = [];
  let lost = 0;
  let next = 0;
  let nextId = 1;
  const ask = () =>
    new Promise<void>((resolve) => {
      const id = nextId;
      nextId = (nextId % 65_535) + 1;
      const name = names[next % names.length]!;
      const type = next % 20 === 7 ? dns2.Packet.TYPE.MX : dns2.Packet.TYPE.A;
      const packet = new dns2.Packet();
      packet.header.id = id;
      packet.header.rd = 0;
      packet.questions.push({ name, type, class: dns2.Packet.CLASS.IN } as never);
      const timer = setTimeout(() => {
        pending.delete(id);
        lost += 1;
        resolve();
      }, TIMEOUT_MS);
      pending.set(id, {
        sent: performance.now(),
        done: (ms) => {
          clearTimeout(timer);
          if (ms !== null) latencies.push(ms);
          resolve();
        },
      });
      socket.send(packet.toBuffer(), port, '127.0.0.1');
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < QUERIES) {
        next += 1;
        await ask();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  socket.close();
  latencies.sort((a, b) => a - b);
  return { server, qps: Math.round(latencies.length / seconds), p50: percentile(latencies, 50), p99: percentile(latencies, 99), lost };
}

const PG_DNS_SCHEMA = 'bench_dns';

async function dropSchemas(db: ReturnType<typeof openDatabase>) {
  for (const schema of [PG_DNS_SCHEMA, `${PG_DNS_SCHEMA}_pdns`]) await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(db.kysely);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dns-'));
  const postgres = hasFlag('--postgres');
  if (postgres) assertLocalUrl(PG_URL);
  const db = postgres
    ? openDatabase({ databaseUrl: PG_URL, schema: PG_DNS_SCHEMA, sqliteFile: ':memory:' })
    : openDatabase({ sqliteFile: path.join(dir, 'market.sqlite') });
  if (postgres) await dropSchemas(db);
  await migrateToLatest(db);
  const parked = Array.from({ length: ZONES }, (_, i) => `bench-dns-${i}.com`);
  const app = await buildApp(testConfig({ nameservers: TEST_NAMESERVERS, publicIpv4: '203.0.113.10', dnsPort: 0, dnsHost: '127.0.0.1' }), {
    db,
    mailer: createMemoryMailer(),
    logger: false,
    nsLookup: fakeDelegation(new Set(parked)),
  });
  await app.ready();
  const owner = await registerUser(app);
  const admin = await adminToken(app);
  for (const name of parked) await addDomain(app, owner.token, name, { verify: true, approveWith: admin });
  const names = parked.flatMap((n, i) => (i % 10 === 0 ? [n, `www.${n}`, `nothing.${n}`] : [n]));
  const results: Result[] = [];
  const pdnsBinary = findPdnsServer();
  if (pdnsBinary) {
    for (const cacheSeconds of [0, 1]) {
      const pdns = await startPdns(db, pdnsBinary, cacheSeconds);
      try {
        await answerBecomes(resolverAt(pdns.port), parked[0]!, 'A', ['203.0.113.10'], 30_000);
        const label = `PowerDNS 4.7 (${postgres ? 'gpgsql' : 'gsqlite3'}, ${cacheSeconds === 0 ? 'caches off' : 'caches 1 s'})`;
        await load(`${label}, warm-up`, pdns.port, names);
        results.push(await load(label, pdns.port, names));
      } finally {
        await pdns.stop();
      }
    }
  } else {
    console.log('pdns_server is not installed: PowerDNS skipped.');
  }
  const port = app.dnsPorts!.udp;
  await load('embedded, warm-up', port, names);
  results.push(await load('embedded (dns2, in the app process)', port, names));
  await app.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
  if (postgres) {
    const cleanup = openDatabase({ databaseUrl: PG_URL, sqliteFile: ':memory:' });
    await dropSchemas(cleanup);
    await cleanup.destroy();
  }

  console.log(machineSummary());
  console.log(`load average: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  console.log(`${QUERIES} queries, ${CONCURRENCY} in flight, ${ZONES} zones, ${postgres ? 'PostgreSQL' : 'SQLite'}\n`);
  console.log(
    table(
      ['server', 'answers/s', 'p50 ms', 'p99 ms', 'lost'],
      results.map((r) => [r.server, r.qps, r.p50.toFixed(2), r.p99.toFixed(2), r.lost]),
    ),
  );
}

await main();
