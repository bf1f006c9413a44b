import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type Kysely, sql } from 'kysely';
import type { DbOptions, Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { type LogPosition, logPosition } from './change-log.js';
import { type IndexParts, LISTED_ROW_COLUMNS, ListedDomainIndex, type ListedRow } from './listed-index.js';

/** Rows read per query while loading. */
const LOAD_BATCH = 2_000;

/** Listed (approved and available) domains. */
function listed(k: Kysely<Database>) {
  return k.selectFrom('domains').where('status', '=', 'approved').where('sale_status', '=', 'available');
}

/** The lease terms of listed domains offered on lease (search rows say "or $X a month"). */
export function selectListedLeaseTerms(k: Kysely<Database>) {
  return listed(k)
    .where('lease_months', 'is not', null)
    .select(['id', 'business_status', 'seller_price', 'lease_months', 'lease_down_payment_cents', 'lease_rate_bp']);
}

/** The search columns of listed domains, as the index takes them. */
export function selectListedRows(k: Kysely<Database>) {
  return listed(k).select([...LISTED_ROW_COLUMNS]);
}

export interface LoadedIndex {
  index: ListedDomainIndex;
  /** The change log as the snapshot the index was read from saw it: replay from here. */
  position: LogPosition;
}

/**
 * Reads every listed domain into a new index (in this thread) with the log's position, such
 * that a change is either in the rows read or in the log past that position (or among the
 * numbers the position lists as missing), never in neither. On PostgreSQL both come from one
 * repeatable-read snapshot. SQLite writers take turns and a change's number is its commit
 * order, so reading the position first is enough there (the rows may then hold a few changes
 * past it, which replaying applies again), and its one connection is not held for the load.
 */
export async function loadListedIndex(k: Kysely<Database>, dialect: Dialect): Promise<LoadedIndex> {
  if (dialect === 'sqlite') {
    const position = await logPosition(k, dialect);
    return { index: await loadRows(k), position };
  }
  return k
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const position = await logPosition(trx, dialect);
      return { index: await loadRows(trx), position };
    });
}

async function loadRows(k: Kysely<Database>): Promise<ListedDomainIndex> {
  const index = new ListedDomainIndex();
  // Sizes first, so the arrays are allocated once (a hint: the listing may change meanwhile).
  const size = await listed(k)
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('id').as('max_id'), eb.fn.sum<number | string | null>(sql`length(domain_label)`).as('label_bytes')])
    .executeTakeFirstOrThrow();
  index.startLoad(Number(size.count), Number(size.max_id ?? 0), Number(size.label_bytes ?? 0));
  let after = 0;
  for (;;) {
    const rows = (await selectListedRows(k).where('id', '>', after).orderBy('id').limit(LOAD_BATCH).execute()) as ListedRow[];
    for (const row of rows) index.upsert(row);
    if (rows.length < LOAD_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  index.finishLoad();
  index.trim();
  return index;
}

/** The compiled worker beside this file; absent when the server runs from its TypeScript sources. */
const WORKER = new URL('./listed-index-worker.js', import.meta.url);

/**
 * Loads the index in a worker thread, with its own database connection: the seconds of
 * reading and sorting a large listing then never hold up this thread's requests, and the
 * garbage a million rows leave behind goes with the worker. Undefined when no worker can be
 * used: an in-memory SQLite database (no other connection sees it) or no compiled worker file.
 */
export async function loadListedIndexInWorker(options: DbOptions | undefined): Promise<LoadedIndex | undefined> {
  if (!options || (!options.databaseUrl && options.sqliteFile === ':memory:')) return undefined;
  if (!fs.existsSync(fileURLToPath(WORKER))) return undefined;
  const { parts, position } = await new Promise<WorkerResult>((resolve, reject) => {
    // Rows die young: a small young generation keeps the worker's own memory small.
    const worker = new Worker(WORKER, { workerData: options, resourceLimits: { maxYoungGenerationSizeMb: 4 } });
    // A command that exits before the build ends (seed, create-admin) is not held open by it.
    worker.unref();
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`search index worker exited with code ${code}`)));
  });
  return { index: ListedDomainIndex.fromParts(parts), position };
}

/** What the worker posts back. */
export interface WorkerResult {
  parts: IndexParts;
  position: LogPosition;
}
