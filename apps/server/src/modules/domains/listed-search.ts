import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { ListedDomainIndex, type ListedRow } from './listed-index.js';
import { loadListedIndex, loadListedIndexInWorker, selectListedRows } from './listed-index-load.js';
import type { SearchPlan } from './search-plan.js';

/** Ids fetched per query when applying changes. */
const CHANGE_BATCH = 1_000;

export interface ListedSearchOptions {
  /** An instance this many changes behind rebuilds instead of replaying them. */
  rebuildBehind: number;
  /** The change log keeps at least this many newest rows (more than rebuildBehind, so no one misses any). */
  changesKept: number;
  pruneEveryMs: number;
}

const DEFAULTS: ListedSearchOptions = { rebuildBehind: 50_000, changesKept: 100_000, pruneEveryMs: 10 * 60_000 };
/**
 * On PostgreSQL a change's number is drawn when it is written but seen only at commit, so a
 * number missing between two seen ones may still come: it is asked for again until this old.
 */
const GAP_PATIENCE_MS = 10 * 60_000;
/** Changes made just before a build started may commit after it read the log's end: read them again. */
const BUILD_LOOKBACK = 1_000;

export interface ListedSearch {
  /** Starts building the index in the background, unless it is built or being built. */
  start(): void;
  /** True once built; until then searches go to the database. */
  readonly isReady: boolean;
  /** Resolves once the index is built (starting the build if needed). */
  ready(): Promise<void>;
  /**
   * The search window (at most `cap` + 1 ids, newest first) as the index stands, after waiting
   * for the build and reading the log when skipped change numbers are outstanding, with the
   * last change the index held then (`asOf`). The window is current when the log's highest
   * change number, which the caller's next query can carry, is not above `asOf`: asking
   * `isCurrent` later would judge the index as another search may have refreshed it meanwhile.
   */
  window(plan: SearchPlan, cap: number): Promise<{ ids: number[]; asOf: number }>;
  /** Whether the index holds every change up to `latest`, the log's highest change number. */
  isCurrent(latest: number): boolean;
  /** Reads the log past the last change applied and applies it. */
  refresh(): Promise<void>;
  /** Listed domains held (diagnostics and tests). */
  readonly size: number;
  /** Bytes the index holds in typed arrays (diagnostics). */
  readonly bytes: number;
}


/**
 * The in-memory search index of one server instance, kept current from the change log that
 * triggers write (migration 0011). A search reads its window from the index as it stands and
 * fetches its page together with the log's highest change number; only when that number is
 * newer than the index (something changed since) does it read the log, apply the changes and
 * search again. So a change committed anywhere is seen by the next search on every instance,
 * and a search costs one database round trip while the listing is unchanged.
 */
export function createListedSearch(db: Db, log?: FastifyBaseLogger, options: Partial<ListedSearchOptions> = {}): ListedSearch {
  const { rebuildBehind, changesKept, pruneEveryMs } = { ...DEFAULTS, ...options };
  const k = db.kysely;
  let index = new ListedDomainIndex();
  let lastSeq = 0;
  /** Change numbers skipped so far, with when they were first missed. */
  const gaps = new Map<number, number>();
  let building: Promise<void> | undefined;
  let ready = false;
  let lastPrune = 0;

  async function build(): Promise<void> {
    const started = performance.now();
    const end = await k.selectFrom('domain_search_changes').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst();
    const from = Math.max(0, Number(end?.seq ?? 0) - BUILD_LOOKBACK);
    let next: ListedDomainIndex | undefined;
    try {
      next = await loadListedIndexInWorker(db.options);
    } catch (error) {
      log?.warn({ err: error }, 'search index worker failed; loading in the main thread');
    }
    const loadedIn = next ? 'worker thread' : 'main thread';
    next ??= await loadListedIndex(k);
    index = next;
    lastSeq = from;
    gaps.clear();
    await applyChanges(false);
    ready = true;
    log?.info({ listed: index.size, mib: Math.round(index.bytes / 2 ** 20), ms: Math.round(performance.now() - started), loadedIn }, 'search index built');
  }

  function ensureBuilt(): Promise<void> {
    if (ready) return Promise.resolve();
    building ??= build().catch((error: unknown) => {
      building = undefined;
      throw error;
    });
    return building;
  }

  /**
   * Reads the log past the last change applied (and any skipped numbers) and applies it. Far
   * behind, a search rebuilds instead; the build itself reads on until it has caught up.
   */
  async function applyChanges(canRebuild = true): Promise<void> {
    const now = Date.now();
    for (const [seq, since] of gaps) if (now - since > GAP_PATIENCE_MS) gaps.delete(seq);
    for (;;) {
      const missing = [...gaps.keys()];
      const rows = await k
        .selectFrom('domain_search_changes')
        .select(['seq', 'domain_id'])
        .where((eb) => (missing.length ? eb.or([eb('seq', '>', lastSeq), eb('seq', 'in', missing)]) : eb('seq', '>', lastSeq)))
        .orderBy('seq')
        .limit(rebuildBehind + 1)
        .execute();
      const more = rows.length > rebuildBehind;
      if (more && canRebuild) {
        ready = false;
        building = undefined;
        await ensureBuilt();
        return;
      }
      const ids = new Set<number>();
      const found: number[] = [];
      const skipped: number[] = [];
      let seen = lastSeq;
      for (const row of rows) {
        const seq = Number(row.seq);
        found.push(seq);
        if (seq > seen) {
          for (let missing = seen + 1; missing < seq; missing++) skipped.push(missing);
          seen = seq;
        }
        ids.add(row.domain_id);
      }
      await reload([...ids]);
      // Only now does the index hold these changes: a search that checks isCurrent while the
      // rows are being read must not take the index as current and answer without them.
      for (const seq of found) gaps.delete(seq);
      for (const seq of skipped) gaps.set(seq, now);
      lastSeq = seen;
      if (!more) break;
    }
    if (now - lastPrune >= pruneEveryMs) {
      lastPrune = now;
      await prune();
    }
  }

  /** Reads the domains' current rows: listed ones are refreshed, the others leave the index. */
  async function reload(changed: number[]): Promise<void> {
    for (let i = 0; i < changed.length; i += CHANGE_BATCH) {
      const batch = changed.slice(i, i + CHANGE_BATCH);
      const listed = (await selectListedRows(k).where('id', 'in', batch).execute()) as ListedRow[];
      const stillListed = new Set<number>();
      for (const row of listed) {
        index.upsert(row);
        stillListed.add(row.id);
      }
      for (const id of batch) if (!stillListed.has(id)) index.remove(id);
    }
  }

  /** Any instance may prune; every one keeps enough rows for the others to catch up or rebuild. */
  async function prune(): Promise<void> {
    await sql`DELETE FROM domain_search_changes
      WHERE seq <= (SELECT max(seq) FROM domain_search_changes) - ${changesKept}`.execute(k);
  }

  // Searches arriving while the log is read wait for the next read, which starts after the
  // current one: it is the first that surely sees what they may just have committed.
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  function refresh(): Promise<void> {
    if (!running) {
      running = applyChanges(true).finally(() => {
        running = undefined;
      });
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return refresh();
      });
    return queued;
  }

  return {
    start() {
      if (ready || building) return;
      ensureBuilt().catch((error: unknown) => log?.error({ err: error }, 'search index build failed; the next search tries again'));
    },
    get isReady() {
      return ready;
    },
    ready: ensureBuilt,
    async window(plan, cap) {
      if (!ready) await ensureBuilt();
      else if (gaps.size) await refresh();
      return { ids: index.match(plan, cap).ids, asOf: lastSeq };
    },
    isCurrent(latest) {
      return latest <= lastSeq;
    },
    refresh,
    get size() {
      return index.size;
    },
    get bytes() {
      return index.bytes;
    },
  };
}
