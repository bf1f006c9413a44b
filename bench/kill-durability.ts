/**
 * Durability under kill -9: the real server (a child process) takes imports, offers and accepts
 * over HTTP from several clients at once, is killed with SIGKILL at a random moment, and is
 * started again; 20 rounds. After each restart the database is read directly and checked:
 *   - lost writes: every write answered 2xx is there (each name of an acknowledged import, each
 *     acknowledged offer, each acknowledged accept);
 *   - half-written imports: every import sent, answered or not, is there in full or not at all;
 *   - winners: no domain has more than one accepted lead or more than one order, and a domain
 *     under order has exactly one of each, for the same lead.
 *
 *   npx tsx --conditions=source bench/kill-durability.ts [--rounds=20] [--port=4333]
 *
 * BENCH_DIALECTS=postgres (or sqlite) runs one. PostgreSQL runs in a scratch database
 * (bench_h3_kill, BENCH_PG_KILL_DATABASE), created and dropped here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Db, openDatabase } from '../apps/server/src/db/database.js';
import { type AppProcess, api, logIn, registerSeller, startAppProcess } from './lib/app-process.js';
import { type BenchDialect, dialectsToRun, isMain, machineSummary, OUT_DIR, saveReport, table } from './lib/common.js';
import { createScratchDatabase, dropScratchDatabase } from './lib/pg-database.js';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const ADMIN = { email: 'admin@bench.test', password: 'bench admin password' };
const PASSWORD = 'bench user password';
const PG_DATABASE = process.env.BENCH_PG_KILL_DATABASE ?? 'bench_h3_kill';
const BUYERS = 3;
const DOMAINS_PER_ROUND = 3;
const IMPORT_SIZE = 200;
const NEGOTIATION = '/api/domains/negotiation/';
/** The kill falls anywhere from the first imports to after the last accepts of a round. */
const KILL_FROM_MS = 200;
const KILL_TO_MS = 6000;

interface SentImport {
  names: string[];
  acked: boolean;
}

interface Tally {
  dialect: BenchDialect;
  rounds: number;
  killedAfterMs: number[];
  importsSent: number;
  importsAcked: number;
  offersAcked: number;
  acceptsSent: number;
  acceptsAcked: number;
  domainsAccepted: number;
  lostImportNames: number;
  lostOffers: number;
  lostAccepts: number;
  halfImports: number;
  badWinners: number;
}

/** Any answer, or none: a request cut off by the kill is simply not acknowledged. */
async function attempt<T>(fn: () => Promise<{ status: number; body: T }>): Promise<{ status: number; body?: T }> {
  try {
    return await fn();
  } catch {
    return { status: 0 };
  }
}

async function approveAll(url: string, admin: string): Promise<void> {
  for (;;) {
    const page = await api<{ id: number }[]>(url, 'GET', '/api/domains/admin/approval/?limit=1000', admin);
    if (page.body.length === 0) return;
    await api(url, 'POST', '/api/domains/admin/approval/', admin, { ids: page.body.map((d) => d.id), action: 'approve' });
  }
}

async function runDialect(dialect: BenchDialect, rounds: number, port: number): Promise<Tally> {
  const dataDir = path.join(OUT_DIR, `kill-${dialect}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  if (dialect === 'postgres') env.DATABASE_URL = await createScratchDatabase(PG_DATABASE);
  const db: Db = dialect === 'postgres' ? openDatabase({ databaseUrl: env.DATABASE_URL, sqliteFile: ':memory:' }) : openDatabase({ sqliteFile: path.join(dataDir, 'market.db') });
  let server: AppProcess | undefined = await startAppProcess(env, port);
  const tally: Tally = {
    dialect, rounds: 0, killedAfterMs: [], importsSent: 0, importsAcked: 0, offersAcked: 0, acceptsSent: 0, acceptsAcked: 0,
    domainsAccepted: 0, lostImportNames: 0, lostOffers: 0, lostAccepts: 0, halfImports: 0, badWinners: 0,
  };
  try {
    const url = server.url;
    const stamp = Date.now().toString(36);
    const seller = await registerSeller(url, `kill-seller-${stamp}@bench.test`, PASSWORD);
    const buyers: string[] = [];
    for (let b = 0; b < BUYERS; b += 1) buyers.push(await registerSeller(url, `kill-buyer-${b}-${stamp}@bench.test`, PASSWORD));
    const admin = await logIn(url, ADMIN.email, ADMIN.password);
    // The domains the rounds negotiate over, approved up front (unpriced, so they take offers).
    const poolNames = Array.from({ length: rounds * DOMAINS_PER_ROUND }, (_, i) => `kill-pool-${stamp}-${i}.com`);
    const pooled = await api(url, 'POST', '/api/domains/', seller, { domain_list: poolNames.join('\n') });
    if (pooled.status !== 201) throw new Error(`pool import answered ${pooled.status}`);
    await approveAll(url, admin);
    const pool = await db.kysely.selectFrom('domains').select(['id', 'domain_name']).where('domain_name', 'in', poolNames).orderBy('id').execute();

    const imports: SentImport[] = [];
    const offerIds: number[] = [];
    const accepts: { domainId: number; leadId: number; acked: boolean }[] = [];

    for (let round = 0; round < rounds; round += 1) {
      const live = server;
      let stopped = false;
      let seq = 0;
      const importer = async () => {
        while (!stopped) {
          const names = Array.from({ length: IMPORT_SIZE }, (_, i) => `kill-${stamp}-r${round}-s${seq}-${i}.com`);
          seq += 1;
          const sent: SentImport = { names, acked: false };
          imports.push(sent);
          const res = await attempt(() => api(live.url, 'POST', '/api/domains/', seller, { domain_list: names.join('\n') }));
          sent.acked = res.status === 201;
          if (res.status === 0) return;
        }
      };
      const dealFlow = async (domainId: number) => {
        // Every buyer makes an offer; then the seller accepts all of them at once.
        const leads = await Promise.all(
          buyers.map(async (buyer, b) => {
            const lead = await attempt(() => api<{ domain_lead_id: number }>(live.url, 'POST', '/api/domains/domain-leads/', buyer, { domain_id: domainId }));
            if (lead.status >= 300 || !lead.body) return undefined;
            const leadId = lead.body.domain_lead_id;
            const offer = await attempt(() => api<{ id: number }>(live.url, 'POST', NEGOTIATION, buyer, { domain_lead_id: leadId, status: 2, amount: 5000 + b * 100 }));
            if (offer.status !== 201 || !offer.body) return undefined;
            offerIds.push(offer.body.id);
            return leadId;
          }),
        );
        await Promise.all(
          leads.filter((l): l is number => l !== undefined).map(async (leadId) => {
            const sent = { domainId, leadId, acked: false };
            accepts.push(sent);
            const res = await attempt(() => api(live.url, 'POST', NEGOTIATION, seller, { domain_lead_id: leadId, status: 4 }));
            sent.acked = res.status === 201;
          }),
        );
      };
      const domains = pool.slice(round * DOMAINS_PER_ROUND, (round + 1) * DOMAINS_PER_ROUND);
      const work = Promise.all([importer(), ...domains.map((d) => dealFlow(d.id))]);
      const killAfter = KILL_FROM_MS + Math.floor(Math.random() * (KILL_TO_MS - KILL_FROM_MS));
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      await live.kill();
      stopped = true;
      await work;
      tally.killedAfterMs.push(killAfter);
      server = await startAppProcess(env, port);
      tally.rounds += 1;
      console.log(`[kill ${dialect}] round ${round + 1}: killed after ${killAfter} ms, restarted`);
    }

    // The checks, on the database as the restarted server sees it.
    for (const sent of imports) {
      const found = await db.kysely.selectFrom('domains').select((eb) => eb.fn.countAll<number>().as('n')).where('domain_name', 'in', sent.names).executeTakeFirstOrThrow();
      const n = Number(found.n);
      if (sent.acked && n !== sent.names.length) tally.lostImportNames += sent.names.length - n;
      if (n !== 0 && n !== sent.names.length) tally.halfImports += 1;
    }
    if (offerIds.length) {
      const found = await db.kysely.selectFrom('negotiations').select('id').where('id', 'in', offerIds).execute();
      tally.lostOffers = offerIds.length - found.length;
    }
    const leads = await db.kysely.selectFrom('domain_leads').select(['id', 'domain_id', 'status']).where('domain_id', 'in', pool.map((d) => d.id)).execute();
    const orders = await db.kysely.selectFrom('purchase_orders').select(['domain_id', 'domain_lead_id']).where('domain_id', 'in', pool.map((d) => d.id)).execute();
    const domainRows = await db.kysely.selectFrom('domains').select(['id', 'sale_status']).where('id', 'in', pool.map((d) => d.id)).execute();
    for (const sent of accepts.filter((a) => a.acked)) {
      if (leads.find((l) => l.id === sent.leadId)?.status !== 'accepted') tally.lostAccepts += 1;
    }
    for (const d of domainRows) {
      const won = leads.filter((l) => l.domain_id === d.id && l.status === 'accepted');
      const ordered = orders.filter((o) => o.domain_id === d.id);
      const consistent =
        d.sale_status === 'available'
          ? won.length === 0 && ordered.length === 0
          : won.length === 1 && ordered.length === 1 && ordered[0]?.domain_lead_id === won[0]?.id;
      if (!consistent) tally.badWinners += 1;
      if (won.length > 0) tally.domainsAccepted += 1;
    }
    tally.importsSent = imports.length;
    tally.importsAcked = imports.filter((i) => i.acked).length;
    tally.offersAcked = offerIds.length;
    tally.acceptsSent = accepts.length;
    tally.acceptsAcked = accepts.filter((a) => a.acked).length;
    console.log(`[kill ${dialect}] ${JSON.stringify(tally)}`);
    return tally;
  } finally {
    await server?.stop();
    await db.destroy();
    if (dialect === 'postgres') await dropScratchDatabase(PG_DATABASE);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runKillBench(): Promise<void> {
  const rounds = Number(arg('rounds', '20'));
  const port = Number(arg('port', process.env.BENCH_PORT ?? '4333'));
  const tallies: Tally[] = [];
  for (const dialect of await dialectsToRun()) tallies.push(await runDialect(dialect, rounds, port));
  const text = [
    `### kill -9 during imports, offers and accepts: ${rounds} rounds per database`,
    '',
    `Machine: ${machineSummary()}; load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}. ` +
      `Each round: one client importing ${IMPORT_SIZE} new names per request without pause, ${BUYERS} buyers offering on ${DOMAINS_PER_ROUND} domains and the seller accepting every offer at once; SIGKILL at a random ${KILL_FROM_MS}-${KILL_TO_MS} ms.`,
    '',
    table(
      ['database', 'rounds', 'imports sent / acknowledged', 'offers acknowledged', 'accepts sent / acknowledged', 'domains sold', 'lost acknowledged writes', 'half-written imports', 'domains without exactly one winner'],
      tallies.map((t) => [
        t.dialect,
        t.rounds,
        `${t.importsSent} / ${t.importsAcked}`,
        t.offersAcked,
        `${t.acceptsSent} / ${t.acceptsAcked}`,
        t.domainsAccepted,
        t.lostImportNames + t.lostOffers + t.lostAccepts,
        t.halfImports,
        t.badWinners,
      ]),
    ),
  ].join('\n');
  console.log(`\n${text}`);
  saveReport('kill-durability', text, tallies);
}

if (isMain(import.meta.url)) {
  runKillBench().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
