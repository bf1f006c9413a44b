/**
 * Import of a 2 MB list (just under MAX_UPLOAD_BYTES, about 140k new names) into a fresh
 * database: the service call end to end (read, check, describe, one transaction), and the same
 * file through POST /api/domains/ (multipart, app.inject) for comparison.
 *
 *   npx tsx --conditions=source bench/import.ts [--runs=2]
 *
 * SQLite: bench/out/import.db (recreated per run). PostgreSQL: schema bench_import (dropped per run).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkDomainList, MAX_UPLOAD_BYTES } from '@market/shared';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { type Db, openDatabase, quoteIdent } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { insertUser } from '../apps/server/src/modules/auth/users.repository.js';
import { describeDomain } from '../apps/server/src/modules/domains/domain-name.js';
import { importedDomain, insertDomains } from '../apps/server/src/modules/domains/domains.repository.js';
import { pdnsSchemaOf } from '../apps/server/src/dns/pdns-schema.js';
import { createZoneWriter } from '../apps/server/src/dns/zones.js';
import { createDomainsService } from '../apps/server/src/modules/domains/domains.service.js';
import { readImportPieces } from '../apps/server/src/modules/domains/import-reader.js';
import { acceptedByServer, generateNames } from './generate-names.js';
import { type BenchDialect, dialectsToRun, isMain, machineSummary, MILLION, OUT_DIR, PG_URL, procMemory, saveReport, table } from './lib/common.js';
import { NAME_SEED } from './seed-million.js';

const BUDGET_S = 5;
const LIST_FILE = path.join(OUT_DIR, 'import-2mb.txt');
const SQLITE_IMPORT = path.join(OUT_DIR, 'import.db');
const PG_IMPORT_SCHEMA = 'bench_import';

/** Names new to the seeded database, one a line, as many as fit under 2,097,152 bytes. */
export function buildImportFile(): { file: string; bytes: number; names: number } {
  if (fs.existsSync(LIST_FILE)) {
    const data = fs.readFileSync(LIST_FILE);
    return { file: LIST_FILE, bytes: data.length, names: data.toString('utf8').split('\n').filter(Boolean).length };
  }
  const seeded = new Set(generateNames(MILLION, NAME_SEED, { accept: acceptedByServer }));
  const lines: string[] = [];
  let bytes = 0;
  for (const name of generateNames(MILLION, 2, { exclude: seeded, accept: acceptedByServer })) {
    const size = Buffer.byteLength(name) + 1;
    if (bytes + size >= MAX_UPLOAD_BYTES) break;
    lines.push(name);
    bytes += size;
  }
  fs.mkdirSync(OUT_DIR, { recursive: true });
  fs.writeFileSync(LIST_FILE, `${lines.join('\n')}\n`);
  return { file: LIST_FILE, bytes, names: lines.length };
}

async function freshDb(dialect: BenchDialect): Promise<Db> {
  if (dialect === 'sqlite') {
    for (const s of ['', '-wal', '-shm']) fs.rmSync(`${SQLITE_IMPORT}${s}`, { force: true });
    const db = openDatabase({ sqliteFile: SQLITE_IMPORT });
    await migrateToLatest(db);
    return db;
  }
  const db = openDatabase({ databaseUrl: PG_URL, schema: PG_IMPORT_SCHEMA, sqliteFile: ':memory:' });
  await sql.raw(`DROP SCHEMA IF EXISTS ${quoteIdent(PG_IMPORT_SCHEMA)} CASCADE`).execute(db.kysely);
  await migrateToLatest(db);
  return db;
}

function resetPeak(): void {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not Linux, or not allowed: the peak then covers the whole process life.
  }
}

interface ImportRun {
  dialect: BenchDialect;
  path: 'service' | 'http';
  run: number;
  seconds: number;
  /** CPU seconds of this process (the app side; on PostgreSQL the server's own work is not included). */
  cpuSeconds: number;
  created: number;
  namesPerSecond: number;
  rssBeforeMiB: number;
  peakRssMiB: number;
}

async function serviceImport(dialect: BenchDialect, data: Buffer, run: number): Promise<ImportRun> {
  const db = await freshDb(dialect);
  const now = new Date().toISOString();
  const user = await insertUser(db.kysely, {
    email: 'importer@bench.test',
    password_hash: null,
    first_name: 'Ivy',
    last_name: 'Importer',
    user_role: 'seller',
    country: 'IE',
    authentication_label: null,
    created_at: now,
    updated_at: now,
  });
  const service = createDomainsService(db, createZoneWriter({ nameservers: [], pdnsSchema: pdnsSchemaOf(db) }));
  const before = procMemory(process.pid);
  resetPeak();
  const cpu0 = process.cpuUsage();
  const t = performance.now();
  const result = await service.importDomains({ user, sessionId: 0 }, undefined, { filename: 'domains.txt', data });
  const seconds = (performance.now() - t) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const after = procMemory(process.pid);
  await db.destroy();
  return {
    dialect,
    path: 'service',
    run,
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    created: result.created.length,
    namesPerSecond: result.created.length / seconds,
    rssBeforeMiB: before?.rssMiB ?? Number.NaN,
    peakRssMiB: after?.peakMiB ?? Number.NaN,
  };
}

async function httpImport(dialect: BenchDialect, data: Buffer, run: number): Promise<ImportRun> {
  const db = await freshDb(dialect);
  const config = {
    ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: OUT_DIR, DEMO_DATA: 'off', NS_CHECK_INTERVAL_MINUTES: '0', SUPPORT_EMAIL: 'support@bench.test', BANK_TRANSFER_DETAILS: 'Benchmark: no payments are taken.' }),
  };
  const app = await buildApp(config, { db, logger: false });
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register/',
    payload: { first_name: 'Ivy', last_name: 'Importer', email: 'importer@bench.test', password: 'correct horse battery', user_role: 'seller', country: 'IE' },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const token = (reg.json() as { token: string }).token;
  const boundary = '----benchimport';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="domains.txt"\r\nContent-Type: text/plain\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const before = procMemory(process.pid);
  resetPeak();
  const cpu0 = process.cpuUsage();
  const t = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/domains/',
    headers: { authorization: `Token ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const seconds = (performance.now() - t) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const after = procMemory(process.pid);
  if (res.statusCode !== 201) throw new Error(`import failed: ${res.statusCode} ${res.body.slice(0, 500)}`);
  const created = (res.json() as { created: string[] }).created.length;
  await app.close();
  await db.destroy();
  return {
    dialect,
    path: 'http',
    run,
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    created,
    namesPerSecond: created / seconds,
    rssBeforeMiB: before?.rssMiB ?? Number.NaN,
    peakRssMiB: after?.peakMiB ?? Number.NaN,
  };
}


/**
 * Where the time goes: the service's steps one by one (the same functions it calls, in the
 * same order, without its pauses for other requests and with the writes in one transaction),
 * so a slow import points at its slow step.
 */
async function breakdown(dialect: BenchDialect, data: Buffer, withoutSearchIndex = false): Promise<Record<string, number>> {
  const db = await freshDb(dialect);
  if (withoutSearchIndex) {
    // Diagnostic only: how much of the insert is the substring index. SQLite's FTS5 table indexes
    // every row; PostgreSQL's trigram index holds listed domains only, so imports (pending) skip it.
    await sql`DROP TRIGGER domains_fts_insert`.execute(db.kysely);
  }
  const now = new Date().toISOString();
  const user = await insertUser(db.kysely, {
    email: 'importer@bench.test', password_hash: null, first_name: 'Ivy', last_name: 'Importer',
    user_role: 'seller', country: 'IE', authentication_label: null, created_at: now, updated_at: now,
  });
  const steps: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const n = performance.now();
    steps[name] = (n - t) / 1000;
    t = n;
  };
  const pieces = await readImportPieces(undefined, { filename: 'domains.txt', data });
  lap('read + split');
  const check = checkDomainList(pieces);
  lap('checkDomainList (IDNA via URL)');
  const described = check.names.map((name) => ({ name, parts: describeDomain(name) }));
  lap('describeDomain (tldts)');
  const rows = described.flatMap(({ parts: p }) => (p ? [importedDomain(user.id, p, now)] : []));
  rows.sort((a, b) => (a.domain_name < b.domain_name ? -1 : a.domain_name > b.domain_name ? 1 : 0));
  lap('sort by name');
  await db.kysely.transaction().execute(async (trx) => {
    await insertDomains(trx, rows, db.dialect);
    lap('insertDomains (indexes/FTS maintained)');
  });
  lap('commit');
  await db.destroy();
  return steps;
}

export async function runImportBench(): Promise<ImportRun[]> {
  const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 2);
  const list = buildImportFile();
  const data = fs.readFileSync(list.file);
  console.log(`[import] list ${list.file}: ${list.bytes.toLocaleString('en-US')} bytes, ${list.names.toLocaleString('en-US')} names`);
  const results: ImportRun[] = [];
  const breakdowns: Record<string, Record<string, number>> = {};
  for (const dialect of await dialectsToRun()) {
    for (let run = 1; run <= runs; run += 1) {
      const r = await serviceImport(dialect, data, run);
      results.push(r);
      console.log(`[import ${dialect}] service run ${run}: ${r.seconds.toFixed(2)} s, ${r.created} names, ${Math.round(r.namesPerSecond)} names/s, peak RSS ${r.peakRssMiB.toFixed(0)} MiB`);
    }
    const h = await httpImport(dialect, data, 1);
    results.push(h);
    console.log(`[import ${dialect}] HTTP multipart: ${h.seconds.toFixed(2)} s, ${h.created} names, peak RSS ${h.peakRssMiB.toFixed(0)} MiB`);
    const variants = dialect === 'sqlite' ? ([[dialect, false], [`${dialect}, without substring index`, true]] as const) : ([[dialect, false]] as const);
    for (const [key, without] of variants) {
      const b = await breakdown(dialect, data, without);
      breakdowns[key] = b;
      console.log(`[import ${key}] breakdown: ${Object.entries(b).map(([k, v]) => `${k} ${v.toFixed(2)} s`).join(', ')}`);
    }
  }
  if (fs.existsSync(SQLITE_IMPORT)) for (const s of ['', '-wal', '-shm']) fs.rmSync(`${SQLITE_IMPORT}${s}`, { force: true });
  if (results.some((r) => r.dialect === 'postgres')) {
    const db = openDatabase({ databaseUrl: PG_URL, sqliteFile: ':memory:' });
    await sql.raw(`DROP SCHEMA IF EXISTS ${quoteIdent(PG_IMPORT_SCHEMA)} CASCADE`).execute(db.kysely);
    await db.destroy();
  }

  const lines = [
    `### Import of a ${(list.bytes / 1024 / 1024).toFixed(2)} MiB list (${list.bytes.toLocaleString('en-US')} bytes, ${list.names.toLocaleString('en-US')} new names) into a fresh database`,
    '',
    `Machine: ${machineSummary()}; load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}. "service" = DomainsService.importDomains (one transaction); "http" = POST /api/domains/ multipart via app.inject.`,
    '',
    table(
      ['dialect', 'path', 'run', 'seconds', 'CPU s (this process)', 'names created', 'names/s', 'process RSS before (MiB)', 'peak RSS during (MiB)', 'budget', 'result'],
      results.map((r) => [
        r.dialect,
        r.path,
        r.run,
        r.seconds.toFixed(2),
        r.cpuSeconds.toFixed(2),
        r.created.toLocaleString('en-US'),
        Math.round(r.namesPerSecond).toLocaleString('en-US'),
        r.rssBeforeMiB.toFixed(0),
        r.peakRssMiB.toFixed(0),
        `<= ${BUDGET_S} s`,
        r.seconds <= BUDGET_S ? 'pass' : '**FAIL**',
      ]),
    ),
  ];
  const stepNames = [...new Set(Object.values(breakdowns).flatMap((b) => Object.keys(b)))];
  lines.push(
    '',
    'Breakdown (the service\'s steps timed one by one on another fresh database, seconds; the "without substring index" column is a diagnostic with the SQLite FTS5 insert trigger dropped; the PostgreSQL trigram index only holds listed domains, so imports never touch it):',
    '',
    table(['step', ...Object.keys(breakdowns)], stepNames.map((n) => [n, ...Object.values(breakdowns).map((b) => (b[n] ?? Number.NaN).toFixed(2))])),
  );
  const failed = results.filter((r) => r.seconds > BUDGET_S);
  lines.push('', failed.length ? `**Budget missed**: ${failed.map((r) => `${r.dialect} ${r.path} run ${r.run} ${r.seconds.toFixed(2)} s`).join('; ')}.` : 'All imports within budget.');
  const text = lines.join('\n');
  console.log(`\n${text}`);
  saveReport('import', text, { list, results, breakdowns });
  return results;
}

if (isMain(import.meta.url)) {
  runImportBench().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
