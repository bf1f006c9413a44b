import { type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Db, nowIso, openDatabase } from '../../db/database.js';
import { SearchWriteWatch } from '../../db/search-write-watch.js';
import { createTestApp, registerUser, type TestApp, testDialect } from '../../test/test-app.js';
import { describeDomain, importedDomain, insertDomains } from '../domains/index.js';
import { searchDomains } from './domain-search.js';
import { createListedSearch, type ListedSearch } from './listed-search.js';
import { createSearchChangeListener, type SearchChangeListener } from './search-change-listener.js';

/** Counts the statements a search sends to the database. */
class StatementCounter implements KyselyPlugin {
  count = 0;
  transformQuery({ node }: PluginTransformQueryArgs) {
    this.count++;
    return node;
  }
  transformResult({ result }: PluginTransformResultArgs) {
    return Promise.resolve(result);
  }
}

describe.skipIf(testDialect !== 'postgres')('search from the index alone, current by PostgreSQL notices', () => {
  let t: TestApp;
  let other: Db;
  let userId: number;
  let changes: SearchChangeListener;
  let listed: ListedSearch;
  const counter = new StatementCounter();
  let counted: Db;

  const k = () => t.db.kysely;
  const search = async (text: string) => {
    const found = await searchDomains(counted, { text, extensions: [], filters: {}, limit: 50, offset: 0 }, listed);
    return found.rows.map((r) => `${r.domain_unicode} ${r.owner_first_name}`);
  };
  /** Statements one search sends. */
  const statementsOf = async (text: string) => {
    const before = counter.count;
    const rows = await search(text);
    return { rows, statements: counter.count - before };
  };
  const add = async (db: Db, name: string) => {
    await insertDomains(db.kysely, [importedDomain(userId, describeDomain(name)!, nowIso())], db.dialect);
    await db.kysely.updateTable('domains').set({ status: 'approved' }).where('domain_name', '=', name).execute();
  };

  beforeAll(async () => {
    t = await createTestApp({ searchIndex: 'database' });
    const registered = await registerUser(t.app, { first_name: 'Ada', last_name: 'Lovelace' });
    userId = registered.user.id;
    counted = { ...t.db, kysely: t.db.kysely.withPlugin(counter) };
    // Another instance's connection to the same schema: its writes reach this one only by notice.
    other = openDatabase({ ...t.db.options!, sqliteFile: ':memory:' });
    await add(t.db, 'harbourlight.com');
    changes = createSearchChangeListener(t.db)!;
    await changes.start();
    // No grace after this process's own writes, so the test sees notices do the work.
    listed = createListedSearch(t.db, undefined, { changes, localWriteGraceMs: 0 });
    await listed.ready();
  });
  afterAll(async () => {
    await changes.stop();
    await listed.stop();
    await other.destroy();
    await t.close();
  });

  it('answers a current search with no statement once it knows the owners', async () => {
    await vi.waitFor(() => expect(listed.answersAlone()).toBe(true));
    // The first search learns the owner's name from the database...
    expect((await statementsOf('harbour')).rows).toEqual(['harbourlight.com Ada']);
    // ...after which the index answers alone.
    expect(await statementsOf('harbour')).toEqual({ rows: ['harbourlight.com Ada'], statements: 0 });
  });

  it("sees another instance's commit once its notice is heard", async () => {
    const heard = changes.heard;
    await add(other, 'harbourview.net');
    await vi.waitFor(() => expect(changes.heard).toBeGreaterThan(heard));
    await vi.waitFor(() => expect(listed.answersAlone()).toBe(true));
    expect(await statementsOf('harbour')).toEqual({ rows: ['harbourview.net Ada', 'harbourlight.com Ada'], statements: 0 });
  });

  it("shows an owner's new name: a name change is a change of their listed domains", async () => {
    const heard = changes.heard;
    await other.kysely.updateTable('users').set({ first_name: 'Augusta' }).where('id', '=', userId).execute();
    await vi.waitFor(() => expect(changes.heard).toBeGreaterThan(heard));
    await vi.waitFor(() => expect(listed.answersAlone()).toBe(true));
    // Read again by the refresh the notice started: the search itself asks nothing.
    expect(await statementsOf('harbour')).toEqual({ rows: ['harbourview.net Augusta', 'harbourlight.com Augusta'], statements: 0 });
  });

  it('asks the database while a notice is unread, and while nothing is listening', async () => {
    const heard = changes.heard;
    await add(other, 'harbourgate.org');
    await vi.waitFor(() => expect(changes.heard).toBeGreaterThan(heard));
    // However the refresh the notice started stands, the search is current.
    expect((await search('harbour'))[0]).toBe('harbourgate.org Augusta');
    await changes.stop();
    expect(listed.answersAlone()).toBe(false);
    expect((await statementsOf('harbour')).statements).toBeGreaterThan(0);
  });

  it("does not answer alone right after this process's own write, until the grace has passed", async () => {
    // As if this process had written nothing yet (the tests above did).
    t.db.searchWrites!.lastWriteAt = 0;
    const graced = createListedSearch(t.db, undefined, { changes: fakeListening(), localWriteGraceMs: 60_000 });
    await graced.ready();
    expect(graced.answersAlone()).toBe(true);
    await k().updateTable('domains').set({ seller_price: 1234 }).where('domain_name', '=', 'harbourlight.com').execute();
    expect(graced.answersAlone()).toBe(false);
    await graced.stop();
  });
});

/** A listener that is up and has heard nothing. */
function fakeListening(): SearchChangeListener {
  return { heard: 0, listening: true, onNotice: () => undefined, start: async () => undefined, stop: async () => undefined };
}

describe('what counts as a write search shows', () => {
  const watch = new SearchWriteWatch();
  const k = openDatabase({ sqliteFile: ':memory:' }).kysely.withPlugin(watch);
  const writes = (compile: () => { toOperationNode(): unknown }) => {
    watch.lastWriteAt = 0;
    watch.transformQuery({ node: compile().toOperationNode() as never, queryId: { queryId: 'q' } });
    return watch.lastWriteAt > 0;
  };

  it('any write to domains, a name change or removal of a user; not visits to other tables or other columns', () => {
    expect(writes(() => k.updateTable('domains').set({ seller_price: 1 }))).toBe(true);
    expect(writes(() => k.deleteFrom('domains'))).toBe(true);
    expect(writes(() => k.insertInto('domains').values({ id: 1 } as never))).toBe(true);
    expect(writes(() => k.updateTable('users').set({ first_name: 'A' }))).toBe(true);
    expect(writes(() => k.deleteFrom('users'))).toBe(true);
    expect(writes(() => k.updateTable('users').set({ last_login: 'now' } as never))).toBe(false);
    expect(writes(() => k.insertInto('users').values({ email: 'a' } as never))).toBe(false);
    expect(writes(() => k.selectFrom('domains').selectAll())).toBe(false);
    expect(writes(() => k.updateTable('leads' as never).set({ a: 1 } as never))).toBe(false);
    expect(writes(() => sql`UPDATE domains SET seller_price = 1`)).toBe(true);
    expect(writes(() => sql`UPDATE "users" SET first_name = 'A' WHERE id = 1`)).toBe(true);
    expect(writes(() => sql`UPDATE users SET last_login = now()`)).toBe(false);
    expect(writes(() => sql`INSERT INTO domain_leads (domain_id) VALUES (1)`)).toBe(false);
  });
});
