import { Kysely, type OperationNode, SelectQueryNode } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Db, nowIso } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { createTestApp, registerUser, type TestApp, testDialect } from '../../test/test-app.js';
import { describeDomain, importedDomain, insertDomains } from '../domains/index.js';
import { searchDomains } from './domain-search.js';
import { createListedSearch, type ListedSearch } from './listed-search.js';
import { planSearch } from './search-plan.js';

/**
 * The in-memory index against a real database: what other code (or another server instance)
 * changes in the domains table must show in the next search, read through the change log.
 */
describe(`in-memory search index kept current (${testDialect})`, () => {
  let t: TestApp;
  let userId: number;
  let listed: ListedSearch;

  const k = () => t.db.kysely;
  /** Names found, after checking the total agrees (the page query alone drops unlisted rows). */
  const names = async (text: string, filters = {}, index = listed) => {
    const found = await searchDomains(t.db, { text, extensions: [], filters, limit: 50, offset: 0 }, index);
    expect(found.total).toBe(found.rows.length);
    return found.rows.map((r) => r.domain_unicode);
  };
  const idOf = async (name: string) => (await k().selectFrom('domains').select('id').where('domain_name', '=', name).executeTakeFirstOrThrow()).id;
  const changeCount = async () => Number((await k().selectFrom('domain_search_changes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  async function add(name: string, status: 'approved' | 'pending' = 'approved') {
    await insertDomains(k(), [importedDomain(userId, describeDomain(name)!, nowIso())], t.db.dialect);
    if (status === 'approved') await k().updateTable('domains').set({ status }).where('domain_name', '=', name).execute();
  }

  beforeAll(async () => {
    t = await createTestApp({ searchIndex: 'database' });
    userId = (await registerUser(t.app)).user.id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await k().deleteFrom('domains').execute();
    await k().deleteFrom('domain_search_changes').execute();
    await add('rocketlab.com');
    await add('rocketship.io');
    await add('rocketpending.com', 'pending');
    listed = createListedSearch(t.db);
    await listed.ready();
  });

  it('is built from listed domains only', async () => {
    expect(await names('rocket')).toEqual(['rocketship.io', 'rocketlab.com']);
    expect(listed.size).toBe(2);
  });

  it('matches a search again only when the index changed since: the next page and a repeat reuse the window', async () => {
    const plan = planSearch({ text: 'rocket', extensions: [], filters: {}, limit: 50, offset: 0 });
    const first = (await listed.window(plan, 1000))!;
    const again = (await listed.window(plan, 1000))!;
    expect(again.ids).toBe(first.ids);
    expect((await listed.window(planSearch({ text: 'rocketl', extensions: [], filters: {}, limit: 50, offset: 0 }), 1000))!.ids).toHaveLength(1);

    await k().updateTable('domains').set({ status: 'approved' }).where('domain_name', '=', 'rocketpending.com').execute();
    await listed.refresh();
    const after = (await listed.window(plan, 1000))!;
    expect(after.ids).not.toBe(first.ids);
    expect(after.ids).toHaveLength(3);
    expect(await names('rocket')).toEqual(['rocketpending.com', 'rocketship.io', 'rocketlab.com']);
  });

  it('sees approvals, edits, sales and deletions made elsewhere on the next search', async () => {
    expect(await names('rocket')).toHaveLength(2);
    await k().updateTable('domains').set({ status: 'approved' }).where('domain_name', '=', 'rocketpending.com').execute();
    expect(await names('rocket')).toEqual(['rocketpending.com', 'rocketship.io', 'rocketlab.com']);

    await k().updateTable('domains').set({ seller_price: 7_500 }).where('domain_name', '=', 'rocketlab.com').execute();
    expect(await names('rocket', { priceRange: [5_000, 10_000] })).toEqual(['rocketlab.com']);

    await k().updateTable('domains').set({ sale_status: 'sold' }).where('domain_name', '=', 'rocketship.io').execute();
    await k().deleteFrom('domains').where('domain_name', '=', 'rocketpending.com').execute();
    expect(await names('rocket')).toEqual(['rocketlab.com']);
    expect(await names('')).toEqual(['rocketlab.com']);
    expect(listed.size).toBe(1);
  });

  it('keeps the lease line of each listed name offered on lease, by the same log, and after a build', async () => {
    const id = await idOf('rocketlab.com');
    expect(listed.leaseLine(id)).toBe('');
    await k().updateTable('domains').set({ business_status: 'Buy Now', seller_price: 1200, lease_months: 12 }).where('id', '=', id).execute();
    await names('rocket');
    expect(listed.leaseLine(id)).toBe('or $100.00 a month');
    const built = createListedSearch(t.db);
    await built.ready();
    expect(built.leaseLine(id)).toBe('or $100.00 a month');
    await k().updateTable('domains').set({ lease_months: null }).where('id', '=', id).execute();
    await names('rocket');
    expect(listed.leaseLine(id)).toBe('');
  });

  it('keeps two instances on one database in step', async () => {
    const other = createListedSearch(t.db);
    await other.ready();
    expect(await names('rocket', {}, other)).toHaveLength(2);
    expect(await names('rocket')).toHaveLength(2);
    await add('rocketfuel.net');
    expect(await names('rocket', {}, other)).toEqual(['rocketfuel.net', 'rocketship.io', 'rocketlab.com']);
    expect(await names('rocket')).toEqual(['rocketfuel.net', 'rocketship.io', 'rocketlab.com']);
  });

  it('logs only changes search can see: not visits, not pending domains', async () => {
    const before = await changeCount();
    await k().updateTable('domains').set({ visits: 42 }).execute();
    await k().updateTable('domains').set({ seller_price: 10 }).where('domain_name', '=', 'rocketpending.com').execute();
    await add('another-pending.com', 'pending');
    // Writing the same values again changes nothing either.
    await k().updateTable('domains').set({ seller_price: 0 }).where('domain_name', '=', 'rocketlab.com').execute();
    expect(await changeCount()).toBe(before);
    await k().updateTable('domains').set({ seller_price: 1 }).where('domain_name', '=', 'rocketlab.com').execute();
    expect(await changeCount()).toBe(before + 1);
  });

  it('rebuilds when too far behind, and prunes the log down to what others may still need', async () => {
    const behind = createListedSearch(t.db, undefined, { rebuildBehind: 2, changesKept: 3, pruneEveryMs: 0 });
    await behind.ready();
    for (const name of ['rocketa.com', 'rocketb.com', 'rocketc.com', 'rocketd.com']) await add(name);
    expect(await names('rocket', {}, behind)).toEqual(['rocketd.com', 'rocketc.com', 'rocketb.com', 'rocketa.com', 'rocketship.io', 'rocketlab.com']);
    expect(behind.size).toBe(6);
    // The rebuild applied the log (and pruned it) once more: three newest rows kept.
    expect(await changeCount()).toBe(3);
  });

  /**
   * An index whose reads of domain rows (the changes it applies) are held, once armed, until
   * released; and the log's newest change number after one more approval.
   */
  async function heldIndex(replayWaitMs: number) {
    const hold = { armed: false, holding: false, release: () => {} };
    const gate = new Promise<void>((resolve) => (hold.release = resolve));
    const holdsRead = (node: OperationNode) => hold.armed && SelectQueryNode.is(node) && JSON.stringify(node.from).includes('"domains"');
    const holdRead = async () => {
      hold.holding = true;
      await gate;
    };
    let heldKysely: Kysely<Database>;
    if (t.db.dialect === 'postgres') {
      // A plugin holds the read's connection: the pool has others for the searches meanwhile.
      const held = new Set<unknown>();
      heldKysely = k().withPlugin({
        transformQuery({ node, queryId }) {
          if (holdsRead(node)) held.add(queryId);
          return node;
        },
        async transformResult({ queryId, result }) {
          if (held.has(queryId)) await holdRead();
          return result;
        },
      });
    } else {
      // SQLite has one connection: hold after the read gave it back, in an executor of our own.
      const real = k().getExecutor();
      const executeQuery = async (...args: Parameters<typeof real.executeQuery>) => {
        const result = await real.executeQuery(...args);
        if (holdsRead(args[0].query)) await holdRead();
        return result;
      };
      const heldExecutor = new Proxy(real, {
        get(target, property) {
          if (property === 'executeQuery') return executeQuery;
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      // Only queries run through it (the index is built without a transaction on SQLite).
      heldKysely = new Kysely<Database>({ config: { dialect: {} as never }, dialect: {} as never, driver: {} as never, executor: heldExecutor });
    }
    const index = createListedSearch({ ...t.db, kysely: heldKysely }, undefined, { replayWaitMs });
    await index.ready();
    await add('rocketfuel.net');
    const latest = Number((await k().selectFrom('domain_search_changes').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirstOrThrow()).seq);
    return { index, latest, hold };
  }

  it('does not take itself as current while it is still applying the changes it read', async () => {
    // A budget no replay here reaches: the search waits for the index, as it does for a small change.
    const { index, latest, hold } = await heldIndex(10 * 60_000);
    const release = () => hold.release();
    hold.armed = true;
    const search = names('rocket', {}, index);
    await vi.waitFor(() => expect(hold.holding).toBe(true));
    // The approval is read from the log but not in the index yet: a search comparing its page's
    // newest change with the index must not be told the index is current and answer without it.
    try {
      expect(index.isCurrent(latest)).toBe(false);
    } finally {
      release();
    }
    expect(await search).toEqual(['rocketfuel.net', 'rocketship.io', 'rocketlab.com']);
    expect(index.isCurrent(latest)).toBe(true);
  });

  it('never makes a search wait on a replay beyond its budget: the database answers meanwhile', async () => {
    const { index, latest, hold } = await heldIndex(20);
    hold.armed = true;
    try {
      // The replay is held for as long as this test runs: a search that waited on it would
      // never answer (and the test would time out).
      expect(await names('rocket', {}, index)).toEqual(['rocketfuel.net', 'rocketship.io', 'rocketlab.com']);
      expect(hold.holding).toBe(true);
      expect(index.isCurrent(latest)).toBe(false);
      expect(await names('rocketf', {}, index)).toEqual(['rocketfuel.net']);
    } finally {
      hold.release();
    }
    // The replay goes on behind the answers, and the index serves again once it is done.
    await vi.waitFor(() => expect(index.isCurrent(latest)).toBe(true));
    expect(await names('rocket', {}, index)).toEqual(['rocketfuel.net', 'rocketship.io', 'rocketlab.com']);
  });

  it('does not answer from a window taken before a change another search applied meanwhile', async () => {
    // A database of its own: no change numbers missing from its log, so no search refreshes
    // the index before taking its window (as in a fresh install).
    const own = await createTestApp({ searchIndex: 'database' });
    const ownUser = (await registerUser(own.app)).user.id;
    const list = async (name: string) => {
      await insertDomains(own.db.kysely, [importedDomain(ownUser, describeDomain(name)!, nowIso())], own.db.dialect);
      await own.db.kysely.updateTable('domains').set({ status: 'approved' }).where('domain_name', '=', name).execute();
    };
    const found = async (db: Db) =>
      (await searchDomains(db, { text: 'rocket', extensions: [], filters: {}, limit: 50, offset: 0 }, index)).rows.map((r) => r.domain_unicode);
    await list('rocketlab.com');
    const index = createListedSearch(own.db);
    await index.ready();
    await list('rocketfuel.net');
    // This search's page query is held (after it ran, so the connection is free) until released.
    let holding = false;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const executor = own.db.kysely.getExecutor();
    const heldExecutor = {
      transformQuery: executor.transformQuery.bind(executor),
      compileQuery: executor.compileQuery.bind(executor),
      withPlugins: executor.withPlugins.bind(executor),
      async executeQuery(...args: Parameters<typeof executor.executeQuery>) {
        const result = await executor.executeQuery(...args);
        holding = true;
        await gate;
        return result;
      },
    };
    try {
      const first = found({ ...own.db, kysely: { getExecutor: () => heldExecutor } as unknown as Kysely<Database> });
      await vi.waitFor(() => expect(holding).toBe(true));
      // Another search applies the approval while the first one's page query is out.
      expect(await found(own.db)).toEqual(['rocketfuel.net', 'rocketlab.com']);
      release();
      expect(await first).toEqual(['rocketfuel.net', 'rocketlab.com']);
    } finally {
      release();
      await own.close();
    }
  });

  it('answers from the database until it is built', async () => {
    const fresh = createListedSearch(t.db);
    expect(fresh.isReady).toBe(false);
    expect(await names('rocket', {}, fresh)).toEqual(['rocketship.io', 'rocketlab.com']);
    await fresh.ready();
    expect(fresh.isReady).toBe(true);
    expect(fresh.size).toBe(2);
  });

  it('on stop, waits for the build under way and starts no other, so closing leaves no transaction open', async () => {
    const closing = createListedSearch(t.db);
    closing.start();
    await closing.stop();
    // The build that was under way finished before stop() returned.
    expect(closing.isReady).toBe(true);
    const stopped = createListedSearch(t.db);
    await stopped.stop();
    stopped.start();
    expect(stopped.isReady).toBe(false);
  });

  it.runIf(testDialect === 'postgres')('picks up a change that commits after a later one was already seen', async () => {
    expect(await names('rocket')).toHaveLength(2);
    const lab = await idOf('rocketlab.com');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    // The slow transaction draws the lower change number but commits last.
    const slow = k()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('domains').set({ sale_status: 'sold' }).where('id', '=', lab).execute();
        written();
        await held;
      });
    await wrote;
    await k().updateTable('domains').set({ seller_price: 300 }).where('domain_name', '=', 'rocketship.io').execute();
    expect(await names('rocket', { priceRange: [200, 400] })).toEqual(['rocketship.io']);
    expect(await names('rocket')).toEqual(['rocketship.io', 'rocketlab.com']);
    release();
    await slow;
    expect(await names('rocket')).toEqual(['rocketship.io']);
  });
});
