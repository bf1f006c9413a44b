/**
 * Fills a database with 1,000,000 approved domains owned by a few sellers, fast, rows described
 * like the import does: batched multi-row inserts through Kysely inside transactions on SQLite,
 * one INSERT ... SELECT FROM unnest (an array per column) per 50,000 rows on PostgreSQL.
 *
 *   npx tsx --conditions=source bench/seed-million.ts [--fresh | --resume] [--sqlite-only | --postgres-only]
 *
 * SQLite goes to bench/out/sqlite-1000000.db; PostgreSQL to schema bench_1m of DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test). A database that already holds the full
 * count is reused unless --fresh. BENCH_DOMAINS=N seeds another size (tests of the script).
 * --resume goes on with a PostgreSQL seed that stopped part-way (its rows are in name order
 * of the same generator, so the rest follow on exactly) instead of starting over.
 */
import fs from 'node:fs';
import { commissionSplit, toAsciiDomain, tradeOptions } from '@market/shared';
import { type Insertable, type Kysely, sql } from 'kysely';
import { type Db, quoteIdent } from '../apps/server/src/db/database.js';
import type { Database, DomainsTable } from '../apps/server/src/db/schema.js';
import { insertUser } from '../apps/server/src/modules/auth/users.repository.js';
import { describeDomain } from '../apps/server/src/modules/domains/domain-name.js';
import { importedDomain } from '../apps/server/src/modules/domains/domains.repository.js';
import { acceptedByServer, createRng, generateNames, pick, type Rng } from './generate-names.js';
import { type BenchDialect, dialectsToRun, hasFlag, isMain, MILLION, openBenchDb, PG_SCHEMA, PG_URL, SQLITE_FILE } from './lib/common.js';

export const NAME_SEED = 1;
const SELLERS = [
  { email: 'bench-seller-1@bench.test', first_name: 'Alice', last_name: 'Anders' },
  { email: 'bench-seller-2@bench.test', first_name: 'Bruno', last_name: 'Becker' },
  { email: 'bench-seller-3@bench.test', first_name: 'Chloé', last_name: 'Caron' },
  { email: 'bench-seller-4@bench.test', first_name: 'Dmitri', last_name: 'Dvorak' },
  { email: 'bench-seller-5@bench.test', first_name: 'Erin', last_name: 'Egan' },
];
const DESCRIPTIONS = [
  'Short, brandable and easy to spell. Perfect for a startup.',
  'Aged domain with steady type-in traffic.',
  'Premium keyword name; serious offers only.',
  'Great fit for an online shop or a local business.',
  'Memorable name, clean history, transfer within 24 hours.',
];

function logUniform(rng: Rng, min: number, max: number): number {
  return Math.exp(Math.log(min) + rng() * (Math.log(max) - Math.log(min)));
}

/** Listing attributes with a realistic spread, so filters select realistic fractions. */
export function domainRow(rng: Rng, name: string, userId: number, createdAt: string): Insertable<DomainsTable> {
  const ascii = toAsciiDomain(name);
  const parts = ascii ? describeDomain(ascii) : undefined;
  if (!parts) throw new Error(`Generated an invalid name: ${name}`);
  const r = rng();
  const business_status = r < 0.3 ? 'Buy Now' : r < 0.45 ? 'Price Upon Request' : r < 0.55 ? 'Enquire' : r < 0.62 ? 'Get Price' : '';
  let seller_price = 0;
  if (business_status === 'Buy Now') seller_price = Math.round(logUniform(rng, 50, 120_000) / 10) * 10;
  else if (rng() < 0.55) seller_price = Math.round(logUniform(rng, 500, 400_000) / 100) * 100;
  const trade = rng() < 0.08;
  const breeder = rng() < 0.03;
  return {
    ...importedDomain(userId, parts, createdAt),
    business_status,
    seller_price,
    buyer_price: seller_price > 0 ? commissionSplit(seller_price).buyerTotal : 0,
    min_offer: seller_price > 0 && rng() < 0.25 ? Math.round(seller_price * 0.6) : 0,
    trade_switch: trade ? 1 : 0,
    trade_option: trade ? pick(rng, tradeOptions) : null,
    startup_breeders_switch: breeder ? 1 : 0,
    startup_breeders: breeder ? 'Pitch to Us' : null,
    description: rng() < 0.05 ? pick(rng, DESCRIPTIONS) : null,
    visits: Math.floor(Math.exp(rng() * 7)) - 1,
    status: 'approved',
    reviewed_at: createdAt,
  };
}

async function countDomains(db: Db): Promise<number> {
  const row = await db.kysely.selectFrom('domains').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function dropExisting(dialect: BenchDialect): Promise<void> {
  if (dialect === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${SQLITE_FILE}${suffix}`, { force: true });
    return;
  }
  const db = await openBenchDb('postgres');
  await sql.raw(`DROP SCHEMA IF EXISTS ${quoteIdent(PG_SCHEMA)} CASCADE`).execute(db.kysely);
  await db.destroy();
}

/** Secondary indexes (not backing a constraint) of domains on PostgreSQL, to rebuild after the load. */
async function pgSecondaryIndexes(db: Db, schema = PG_SCHEMA): Promise<{ name: string; def: string }[]> {
  const { rows } = await sql<{ name: string; def: string }>`
    SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = ${schema} AND t.relname = 'domains'
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)`.execute(db.kysely);
  return rows;
}

/**
 * The secondary indexes a freshly migrated schema has, as statements for PG_SCHEMA: a resumed
 * seed dropped its own before it stopped.
 */
async function referenceIndexes(): Promise<{ name: string; def: string }[]> {
  const reference = `${PG_SCHEMA}_reference`;
  const db = await openBenchDb('postgres', { schema: reference });
  try {
    const found = await pgSecondaryIndexes(db, reference);
    return found.map((i) => ({ name: i.name, def: i.def.replace(` ON ${reference}.`, ` ON ${quoteIdent(PG_SCHEMA)}.`) }));
  } finally {
    await sql.raw(`DROP SCHEMA IF EXISTS ${quoteIdent(reference)} CASCADE`).execute(db.kysely);
    await db.destroy();
  }
}

/** PostgreSQL's type of each column of domains, to cast the arrays an unnest insert binds. */
async function pgColumnTypes(conn: Kysely<Database>): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; type: string }>`
    SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
    WHERE attrelid = 'domains'::regclass AND attnum > 0 AND NOT attisdropped`.execute(conn);
  return new Map(rows.map((r) => [r.name, r.type]));
}

/** Rows inserted with one array per column; every row has the same keys (domainRow's). */
async function unnestInsert(conn: Kysely<Database>, rows: Insertable<DomainsTable>[], types: Map<string, string>): Promise<void> {
  const columns = Object.keys(rows[0] as object) as (keyof Insertable<DomainsTable>)[];
  const arrays = columns.map((c) => {
    const type = types.get(c);
    if (!type) throw new Error(`domains has no column ${c}`);
    return sql`${rows.map((r) => r[c] ?? null)}::${sql.raw(type)}[]`;
  });
  await sql`INSERT INTO domains (${sql.join(columns.map((c) => sql.ref(c)))}) SELECT * FROM unnest(${sql.join(arrays)})`.execute(conn);
}

/** One connection of the pool held until release(), so session settings apply to what runs on it. */
function pgConnection(k: Kysely<Database>): Promise<{ conn: Kysely<Database>; release: () => void }> {
  return new Promise((resolve, reject) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    k.connection()
      .execute(async (conn) => {
        resolve({ conn, release });
        await held;
      })
      .catch(reject);
  });
}

/** Seeds one dialect; returns seconds spent (0 when an existing database was reused). */
export async function seed(dialect: BenchDialect, opts: { fresh?: boolean; quiet?: boolean; resume?: boolean } = {}): Promise<number> {
  const log = (msg: string) => !opts.quiet && console.log(`[seed ${dialect}] ${msg}`);
  if (opts.fresh) await dropExisting(dialect);
  let db = await openBenchDb(dialect);
  const existing = await countDomains(db);
  if (existing >= MILLION && !opts.fresh) {
    log(`reusing ${existing.toLocaleString('en-US')} domains (${dialect === 'sqlite' ? SQLITE_FILE : `${PG_URL} schema ${PG_SCHEMA}`}); --fresh to rebuild`);
    await db.destroy();
    return 0;
  }
  const resume = Boolean(opts.resume) && dialect === 'postgres' && existing > 0;
  if (existing > 0 && !resume) {
    log(`found a partial seed (${existing} domains): starting over`);
    await db.destroy();
    await dropExisting(dialect);
    db = await openBenchDb(dialect);
  }
  const started = performance.now();
  const k = db.kysely;
  const now = new Date().toISOString();
  const userIds: number[] = [];
  for (const s of SELLERS) {
    const known = resume ? await k.selectFrom('users').select('id').where('email', '=', s.email).executeTakeFirst() : undefined;
    const u = known ?? (await insertUser(k, { ...s, password_hash: null, user_role: 'seller', country: 'IE', authentication_label: null, created_at: now, updated_at: now }));
    userIds.push(u.id);
  }
  if (resume) log(`resuming after ${existing.toLocaleString('en-US')} rows`);

  // Index maintenance row by row is the slow part of a bulk load: build the indexes once at the end.
  // The search change log is left out too: an in-memory index is built from the table itself.
  let restore: () => Promise<void>;
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master
      WHERE type = 'trigger' AND name IN ('domains_fts_insert', 'domains_search_insert')`.execute(k);
    for (const t of rows) await sql.raw(`DROP TRIGGER ${t.name}`).execute(k);
    await sql`PRAGMA cache_size = -262144`.execute(k);
    restore = async () => {
      const t0 = performance.now();
      await sql`INSERT INTO domains_fts(domains_fts) VALUES ('rebuild')`.execute(k);
      for (const t of rows) await sql.raw(t.sql).execute(k);
      log(`FTS5 trigram index rebuilt in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(k);
    };
  } else {
    const indexes = resume ? await referenceIndexes() : await pgSecondaryIndexes(db);
    for (const i of indexes) await sql.raw(`DROP INDEX IF EXISTS ${quoteIdent(PG_SCHEMA)}.${quoteIdent(i.name)}`).execute(k);
    await sql`ALTER TABLE domains DISABLE TRIGGER domains_search_insert`.execute(k);
    restore = async () => {
      await sql`ALTER TABLE domains ENABLE TRIGGER domains_search_insert`.execute(k);
      const t0 = performance.now();
      await k.transaction().execute(async (trx) => {
        await sql`SET LOCAL maintenance_work_mem = '1GB'`.execute(trx);
        for (const i of indexes) await sql.raw(i.def).execute(trx);
      });
      log(`indexes ${indexes.map((i) => i.name).join(', ')} rebuilt in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const t1 = performance.now();
      await sql`VACUUM ANALYZE domains`.execute(k);
      await sql`ANALYZE users`.execute(k);
      log(`VACUUM ANALYZE in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    };
  }

  const rng = createRng(42);
  // Created over the last three years, oldest first, as ids grow.
  const t0 = Date.now() - 3 * 365 * 86_400_000;
  const step = (3 * 365 * 86_400_000) / MILLION;
  const BATCH = 1000;
  const PER_TX = 50_000;
  let rows: Insertable<DomainsTable>[] = [];
  let pending: Insertable<DomainsTable>[][] = [];
  let done = 0;
  let flush: () => Promise<void>;
  let finish = async () => undefined as void;
  let release = () => undefined as void;
  if (dialect === 'sqlite') {
    flush = async () => {
      if (rows.length) pending.push(rows);
      rows = [];
      const batches = pending;
      pending = [];
      await k.transaction().execute(async (trx) => {
        for (const b of batches) await trx.insertInto('domains').values(b).execute();
      });
    };
  } else {
    // One statement per PER_TX rows with an array per column (INSERT ... SELECT FROM unnest):
    // a handful of parameters instead of one per value, bound and planned once. It goes out on
    // one connection without waiting, so the next rows are generated while PostgreSQL writes
    // these. Each statement commits on its own, so --resume can go on after the last one that did.
    const pinned = await pgConnection(k);
    release = pinned.release;
    await sql`SET synchronous_commit = off`.execute(pinned.conn);
    const types = await pgColumnTypes(pinned.conn);
    let inFlight: Promise<unknown> = Promise.resolve();
    flush = async () => {
      if (rows.length) pending.push(rows);
      rows = [];
      const batch = pending.flat();
      pending = [];
      await inFlight;
      if (!batch.length) return;
      inFlight = unnestInsert(pinned.conn, batch, types);
      // Awaited at the next flush; without a handler meanwhile, a failure would end the process.
      inFlight.catch(() => undefined);
    };
    finish = async () => {
      await inFlight;
      await sql`SET synchronous_commit = on`.execute(pinned.conn);
    };
  }
  let i = 0;
  try {
    for (const name of generateNames(MILLION, NAME_SEED, { accept: acceptedByServer })) {
      const owner = userIds[Math.min(userIds.length - 1, Math.floor(Math.pow(rng(), 1.5) * userIds.length))] as number;
      const row = domainRow(rng, name, owner, new Date(t0 + i * step).toISOString());
      i += 1;
      // Rows a stopped seed wrote: the generator and rng still run through them, so the rest match.
      if (resume && i <= existing) continue;
      rows.push(row);
      if (rows.length === BATCH) {
        pending.push(rows);
        rows = [];
        if (pending.length * BATCH >= PER_TX) {
          await flush();
          done = i;
          if (done % 200_000 === 0) log(`${done.toLocaleString('en-US')} rows, ${((performance.now() - started) / 1000).toFixed(0)} s`);
        }
      }
    }
    await flush();
    await finish();
  } finally {
    release();
  }
  const loaded = performance.now();
  log(`${MILLION.toLocaleString('en-US')} rows inserted in ${((loaded - started) / 1000).toFixed(1)} s`);
  await restore();
  const total = (performance.now() - started) / 1000;
  const count = await countDomains(db);
  log(`done: ${count.toLocaleString('en-US')} domains, ${userIds.length} sellers, ${total.toFixed(1)} s in all`);
  await db.destroy();
  return total;
}

async function main(): Promise<void> {
  let dialects = await dialectsToRun();
  if (hasFlag('--sqlite-only')) dialects = dialects.filter((d) => d === 'sqlite');
  if (hasFlag('--postgres-only')) dialects = dialects.filter((d) => d === 'postgres');
  for (const d of dialects) await seed(d, { fresh: hasFlag('--fresh'), resume: hasFlag('--resume') });
}

if (isMain(import.meta.url)) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
