import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { leaseMonthlyLine, leaseMonthlyOf } from '@market/shared';
import type { Db } from '../../db/database.js';
import { ChangeGaps } from './change-gaps.js';
import { type LogPosition, readChanges, writerHorizon } from './change-log.js';
import { ListedDomainIndex, type ListedRow, type ShownRow } from './listed-index.js';
import { loadListedIndex, loadListedIndexInWorker, selectListedLeaseTerms, selectListedRows } from './listed-index-load.js';
import type { SearchChangeListener } from './search-change-listener.js';
import type { SearchPlan } from './search-plan.js';

/** Ids fetched per query when applying changes. */
const CHANGE_BATCH = 1_000;

export interface ListedSearchOptions {
  /** An instance this many changes behind rebuilds instead of replaying them. */
  rebuildBehind: number;
  /** The change log keeps at least this many newest rows (more than rebuildBehind, so no one misses any). */
  changesKept: number;
  pruneEveryMs: number;
  /**
   * Search windows remembered, newest used first, while the index is unchanged: the next page
   * of a search, the same search again and a popular term cost no match (up to 1,001 ids each).
   */
  windowsKept: number;
  /**
   * The longest a search waits for the index to take in changes. A bulk write (an import, a
   * million approvals) leaves a backlog that takes seconds to apply: past this budget the search
   * is answered by the database while the backlog goes on being applied behind it.
   */
  replayWaitMs: number;
  /**
   * After this process wrote something search shows, searches ask the database for this long
   * before answering from memory alone again (the write's notice may still be on its way).
   */
  localWriteGraceMs: number;
  /** Owners whose names are kept; past this, the names are dropped and learnt again. */
  ownersKept: number;
  /** PostgreSQL's notices of new changes (search-change-listener.ts); without it every search asks. */
  changes?: SearchChangeListener;
}

const DEFAULTS: ListedSearchOptions = {
  rebuildBehind: 50_000,
  changesKept: 100_000,
  pruneEveryMs: 10 * 60_000,
  windowsKept: 1_000,
  replayWaitMs: 100,
  localWriteGraceMs: 2_000,
  ownersKept: 200_000,
};

export interface OwnerName {
  first_name: string;
  last_name: string;
}

export interface ListedSearch {
  /** Starts building the index in the background, unless it is built or being built. */
  start(): void;
  /**
   * Waits for a build in progress to end and starts no other: the server is closing, and a
   * build's transaction left open would hold locks on what is closed (or dropped) next.
   */
  stop(): Promise<void>;
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
   * Undefined when reading the log did not end within the replay budget: ask the database.
   */
  window(plan: SearchPlan, cap: number): Promise<{ ids: readonly number[]; asOf: number } | undefined>;
  /**
   * The rows of `ids` as the index shows them (a result list reads no row), or undefined when
   * one of them is not listed here or must be read from its row.
   */
  showRows(ids: readonly number[]): ShownRow[] | undefined;
  /** Whether the index holds every change up to `latest`, the log's highest change number. */
  isCurrent(latest: number): boolean;
  /**
   * True when the index is known current without asking the database: PostgreSQL's notices are
   * being heard and none came since the log was last read, no skipped change number is
   * outstanding, and this process wrote nothing search shows lately. Checked in the same tick
   * as the window it vouches for.
   */
  answersAlone(): boolean;
  /** "or $X a month" for a listed domain offered on lease, as the index stands; '' otherwise. */
  leaseLine(id: number): string;
  /** Fills in the owners' names the index knows; false (rows untouched) when one is not known. */
  fillOwners(rows: ShownRow[]): boolean;
  /** Changes with every change of the names kept; pass it back to `learnOwners`. */
  readonly ownersVersion: number;
  /** Keeps names read from the database, unless a change came in since `version` was read. */
  learnOwners(version: number, owners: ReadonlyArray<{ id: number } & OwnerName>): void;
  /** Reads the log past the last change applied and applies it. */
  refresh(): Promise<void>;
  /**
   * Refreshes, waiting at most the replay budget: true when the index took in the log by then,
   * false when the refresh goes on in the background (the caller asks the database meanwhile).
   */
  catchUp(): Promise<boolean>;
  /** Listed domains held (diagnostics and tests). */
  readonly size: number;
  /** Change numbers skipped in the log that may still commit (diagnostics and tests). */
  readonly outstanding: number;
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
  const { rebuildBehind, changesKept, pruneEveryMs, windowsKept, replayWaitMs, localWriteGraceMs, ownersKept, changes } = { ...DEFAULTS, ...options };
  /** "or $X a month" of the listed domains offered on lease (few), kept by the same change log. */
  const leaseLines = new Map<number, string>();
  async function readLeaseLines(ids?: number[]): Promise<void> {
    const query = ids ? selectListedLeaseTerms(k).where('id', 'in', ids) : selectListedLeaseTerms(k);
    for (const d of await query.execute()) {
      const line = leaseMonthlyLine(leaseMonthlyOf({ ...d, seller_price: Number(d.seller_price), lease_down_payment_cents: Number(d.lease_down_payment_cents) }));
      if (line) leaseLines.set(d.id, line);
    }
  }
  /** Owners' names the rows show, learnt from searches that asked the database. */
  const owners = new Map<number, OwnerName>();
  let ownersVersion = 0;
  /** `changes.heard` when the last complete read of the log began (-1: none yet). */
  let heardAtRead = -1;
  let applying = false;
  const k = db.kysely;
  let index = new ListedDomainIndex();
  let lastSeq = 0;
  /** Counts changes applied to `index` (a late commit can fill a skipped number below lastSeq). */
  let edits = 0;
  /** Windows by plan and cap, valid while `index` and `edits` are those they were matched on. */
  const windows = new Map<string, { ids: readonly number[]; index: ListedDomainIndex; edits: number }>();
  const matchWindow = (plan: SearchPlan, cap: number): readonly number[] => {
    const key = `${cap} ${JSON.stringify(plan)}`;
    const known = windows.get(key);
    windows.delete(key);
    if (known && known.index === index && known.edits === edits) {
      windows.set(key, known);
      return known.ids;
    }
    const ids = index.match(plan, cap).ids;
    windows.set(key, { ids, index, edits });
    if (windows.size > windowsKept) windows.delete(windows.keys().next().value as string);
    return ids;
  };
  /** Numbers below lastSeq not in the log yet: a transaction that drew them may still commit. */
  const gaps = new ChangeGaps();
  let building: Promise<void> | undefined;
  let ready = false;
  let stopped = false;
  let lastPrune = 0;

  async function build(): Promise<void> {
    const started = performance.now();
    let loaded: Awaited<ReturnType<typeof loadListedIndex>> | undefined;
    try {
      loaded = await loadListedIndexInWorker(db.options);
    } catch (error) {
      log?.warn({ err: error }, 'search index worker failed; loading in the main thread');
    }
    const loadedIn = loaded ? 'worker thread' : 'main thread';
    loaded ??= await loadListedIndex(k, db.dialect);
    index = loaded.index;
    // A rebuild may have skipped the log's record of a name change: learn the names again.
    owners.clear();
    ownersVersion++;
    // Read after the index's snapshot: a later change of terms is in the log past its position.
    leaseLines.clear();
    await readLeaseLines();
    lastSeq = loaded.position.seq;
    gaps.clear();
    if (db.dialect === 'postgres') await trackBuildGaps(loaded.position);
    await applyChanges(false);
    ready = true;
    log?.info({ listed: index.size, mib: Math.round(index.bytes / 2 ** 20), ms: Math.round(performance.now() - started), loadedIn }, 'search index built');
  }

  /**
   * The numbers the build's snapshot did not show may belong to transactions still open then.
   * Below the log's oldest row a trimmed number looks the same, so those are asked for too.
   */
  async function trackBuildGaps(position: LogPosition): Promise<void> {
    // Taken after the snapshot, so above every transaction that was open in it.
    const horizon = await writerHorizon(k);
    if (position.floor > 1) gaps.add(1, position.floor - 1, horizon, position.floor);
    for (const [lo, hi] of position.gaps) gaps.add(lo, hi, horizon, position.floor);
  }

  function ensureBuilt(): Promise<void> {
    if (ready) return Promise.resolve();
    building ??= build().catch((error: unknown) => {
      building = undefined;
      throw error;
    });
    return building;
  }

  async function rebuild(): Promise<void> {
    ready = false;
    building = undefined;
    await ensureBuilt();
  }

  /**
   * Reads the log past the last change applied (and the skipped numbers) and applies it. Far
   * behind, a search rebuilds instead; the build itself reads on until it has caught up.
   */
  async function applyChanges(canRebuild = true): Promise<void> {
    const heardBefore = changes?.heard ?? -1;
    applying = true;
    try {
      await readAndApply(canRebuild);
      // Every commit before this read began was in it, or its notice arrives after `heardBefore`.
      heardAtRead = heardBefore;
    } finally {
      applying = false;
    }
  }

  async function readAndApply(canRebuild: boolean): Promise<void> {
    const now = Date.now();
    for (;;) {
      const read = await readChanges(k, db.dialect, lastSeq, gaps, rebuildBehind + 1);
      const rows = read.rows;
      const more = rows.length > rebuildBehind;
      if (more && canRebuild) return rebuild();
      const ids = new Set<number>();
      const found: number[] = [];
      const skipped: [number, number][] = [];
      let seen = lastSeq;
      for (const row of rows) {
        found.push(row.seq);
        if (row.seq > seen) {
          if (row.seq > seen + 1) skipped.push([seen + 1, row.seq - 1]);
          seen = row.seq;
        }
        ids.add(row.domain_id);
      }
      // Rows come in order, so a cut-off read covered every number up to its last row only.
      const covered = more ? rows[rows.length - 1]!.seq : Number.MAX_SAFE_INTEGER;
      // Asked for only after the read, so above the transactions that drew the skipped numbers.
      const horizon = skipped.length && db.dialect === 'postgres' ? await writerHorizon(k) : 0;
      await reload([...ids]);
      // Only now does the index hold these changes: a search that checks isCurrent while the
      // rows are being read must not take the index as current and answer without them.
      gaps.fill(found);
      const settled = gaps.settle(read.xmin, covered, read.floor);
      if (db.dialect === 'postgres') for (const [lo, hi] of skipped) gaps.add(lo, hi, horizon, read.floor);
      lastSeq = seen;
      if (settled.maybeTrimmed && canRebuild) {
        log?.warn({ outstanding: gaps.count }, 'change numbers missed before the log was trimmed; rebuilding the search index');
        return rebuild();
      }
      if (!more) break;
    }
    if (now - lastPrune >= pruneEveryMs) {
      lastPrune = now;
      await prune();
    }
  }

  /** Reads the domains' current rows: listed ones are refreshed, the others leave the index. */
  async function reload(changed: number[]): Promise<void> {
    if (!changed.length) return;
    // Before and after: a window matched while the batches are applied is not kept either.
    edits++;
    // Nor names a search is reading meanwhile: they may predate a name change applied here.
    ownersVersion++;
    for (let i = 0; i < changed.length; i += CHANGE_BATCH) {
      const batch = changed.slice(i, i + CHANGE_BATCH);
      const listed = (await selectListedRows(k).where('id', 'in', batch).execute()) as ListedRow[];
      const stillListed = new Set<number>();
      const known = new Set<number>();
      for (const row of listed) {
        index.upsert(row);
        stillListed.add(row.id);
        if (owners.has(row.user_id)) known.add(row.user_id);
      }
      for (const id of batch) if (!stillListed.has(id)) index.remove(id);
      for (const id of batch) leaseLines.delete(id);
      await readLeaseLines(batch);
      // A name change reaches the log as a change of the owner's listed domains (migration
      // 0028): read the names kept for the owners of these rows again.
      if (known.size) await rereadOwners([...known]);
    }
    edits++;
  }

  async function rereadOwners(ids: number[]): Promise<void> {
    const rows = await k.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', ids).execute();
    const found = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const before = owners.get(id);
      const now = found.get(id);
      if (before && now && before.first_name === now.first_name && before.last_name === now.last_name) continue;
      if (now) owners.set(id, { first_name: now.first_name, last_name: now.last_name });
      else owners.delete(id);
      // Names a search read before this are not kept (learnOwners): they may be the old ones.
      ownersVersion++;
    }
  }

  /**
   * Any instance may prune; every one keeps enough rows for the others to catch up or rebuild.
   * Rows this instance still awaits (late commits) that the trim takes are applied from what it
   * deletes, so its own trim never leaves it unsure (otherwise its first trim after a build,
   * while it awaits the numbers below the log's oldest row, would make it rebuild).
   */
  async function prune(): Promise<void> {
    if (db.dialect === 'sqlite') {
      await sql`DELETE FROM domain_search_changes
        WHERE seq <= (SELECT max(seq) FROM domain_search_changes) - ${changesKept}`.execute(k);
      return;
    }
    const { lo, hi } = gaps.bounds();
    const { rows } = await sql<{ boundary: number | null; seq: number | null; domain_id: number | null }>`
      WITH b AS (SELECT max(seq) - ${changesKept} AS boundary FROM domain_search_changes),
      d AS (DELETE FROM domain_search_changes WHERE seq <= (SELECT boundary FROM b) RETURNING seq, domain_id)
      SELECT b.boundary, a.seq, a.domain_id FROM b LEFT JOIN (
        SELECT d.seq, d.domain_id FROM d JOIN unnest(${lo}::bigint[], ${hi}::bigint[]) AS g(lo, hi) ON d.seq BETWEEN g.lo AND g.hi
      ) AS a ON true`.execute(k);
    const awaited = rows.filter((r) => r.seq !== null);
    if (awaited.length) {
      await reload([...new Set(awaited.map((r) => Number(r.domain_id)))]);
      gaps.fill(awaited.map((r) => Number(r.seq)).sort((a, b) => a - b));
    }
    const boundary = rows[0]?.boundary;
    if (boundary !== null && boundary !== undefined) gaps.trimmedTo(Number(boundary) + 1);
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

  async function catchUp(): Promise<boolean> {
    const work = refresh();
    let timer: NodeJS.Timeout | undefined;
    const budget = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), replayWaitMs);
    });
    const done = await Promise.race([work.then(() => true as const), budget]).finally(() => clearTimeout(timer));
    // Left to run: its failure is the next search's to retry, not this request's.
    if (!done) work.catch((error: unknown) => log?.warn({ err: error }, 'search index refresh failed; the next search tries again'));
    return done;
  }

  // A notice means a commit added to the log: read it now, so searches find the index current.
  changes?.onNotice(() => {
    if (ready && !stopped) refresh().catch((error: unknown) => log?.warn({ err: error }, 'search index refresh failed; the next search tries again'));
  });

  return {
    start() {
      if (ready || building || stopped) return;
      ensureBuilt().catch((error: unknown) => log?.error({ err: error }, 'search index build failed; the next search tries again'));
    },
    async stop() {
      stopped = true;
      await building?.catch(() => undefined);
    },
    get isReady() {
      return ready;
    },
    ready: ensureBuilt,
    async window(plan, cap) {
      if (!ready) await ensureBuilt();
      else if (!gaps.isEmpty && !(await catchUp())) return undefined;
      return { ids: matchWindow(plan, cap), asOf: lastSeq };
    },
    showRows(ids) {
      const rows: ShownRow[] = [];
      for (const id of ids) {
        const row = index.showRow(id);
        if (!row) return undefined;
        rows.push(row);
      }
      return rows;
    },
    isCurrent(latest) {
      return latest <= lastSeq;
    },
    answersAlone() {
      if (!changes?.listening || !ready || applying || !gaps.isEmpty) return false;
      if (changes.heard !== heardAtRead) return false;
      const lastWrite = db.searchWrites?.lastWriteAt ?? 0;
      return lastWrite === 0 || performance.now() - lastWrite > localWriteGraceMs;
    },
    leaseLine(id) {
      return leaseLines.get(id) ?? '';
    },
    fillOwners(rows) {
      for (const row of rows) if (!owners.has(row.user_id)) return false;
      for (const row of rows) {
        const owner = owners.get(row.user_id)!;
        row.owner_first_name = owner.first_name;
        row.owner_last_name = owner.last_name;
      }
      return true;
    },
    get ownersVersion() {
      return ownersVersion;
    },
    learnOwners(version, learnt) {
      if (version !== ownersVersion) return;
      if (owners.size + learnt.length > ownersKept) owners.clear();
      for (const { id, first_name, last_name } of learnt) owners.set(id, { first_name, last_name });
    },
    refresh,
    catchUp,
    get size() {
      return index.size;
    },
    get outstanding() {
      return gaps.count;
    },
    get bytes() {
      return index.bytes;
    },
  };
}
