import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, json, registerUser, type TestApp, testDialect } from '../../test/test-app.js';
import { pendingDomainsQuery } from './domains.repository.js';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

// The planner's statistics are PostgreSQL's; SQLite plans this query from the index alone.
describe.skipIf(testDialect !== 'postgres')('approval queue after a bulk import (postgres)', () => {
  let t: TestApp;
  let seller: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    seller = (await registerUser(t.app)).token;
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const importNames = async (prefix: string, count: number) => {
    const domain_list = Array.from({ length: count }, (_, i) => `${prefix}${i}.com`).join('\n');
    const res = await t.app.inject({ method: 'POST', url: '/api/domains/', headers: bearer(seller), payload: { domain_list } });
    expect(res.statusCode).toBe(201);
  };
  const pendingPage = async (after: number) =>
    json<{ id: number }[]>(await t.app.inject({ method: 'GET', url: `/api/domains/admin/approval/?limit=1000&after=${after}`, headers: bearer(admin) })).map((d) => d.id);

  it('reads the (status, id) index in order, with no sort, once a bulk import made most rows pending', { timeout: 120_000 }, async () => {
    // Statistics taken when almost nothing was pending...
    await importNames('reviewed-', 2000);
    const pending: number[] = [];
    for (let page = await pendingPage(0); page.length > 0; page = await pendingPage(page.at(-1)!)) pending.push(...page);
    for (let i = 10; i < pending.length; i += 1000) {
      const ids = pending.slice(i, i + 1000);
      const approve = await t.app.inject({ method: 'POST', url: '/api/domains/admin/approval/', headers: bearer(admin), payload: { ids, action: 'approve' } });
      expect(approve.statusCode).toBe(200);
    }
    await t.db.kysely.executeQuery(CompiledQuery.raw('ANALYZE domains'));
    // ...then a bulk import of pending names, as through the API.
    await importNames('imported-', 40_000);

    const page = pendingDomainsQuery(t.db.kysely, 1000, 0).compile();
    const explained = await t.db.kysely.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${page.sql}`, [...page.parameters]),
    );
    const plan = nodes(explained.rows[0]!['QUERY PLAN'][0].Plan);
    const types = plan.map((n) => n['Node Type']);
    expect(types, JSON.stringify(types)).not.toContain('Sort');
    expect(types).not.toContain('Bitmap Heap Scan');
    // The order comes from an index of domains: (status, id), or the primary key when nearly every row is pending.
    const ordered = plan.find((n) => n['Node Type'] === 'Index Scan' || n['Node Type'] === 'Index Only Scan');
    expect(['domains_status_idx', 'domains_pkey'], JSON.stringify(types)).toContain(ordered?.['Index Name']);

    // At this size the planner reads the index in order even from stale statistics; at a million
    // rows it did not. What decides it is the planner's count of pending rows, which must now
    // know about the import (stale, it expected about a hundred).
    const counted = await t.db.kysely.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode & { 'Plan Rows': number } }] }>(
      CompiledQuery.raw(`EXPLAIN (FORMAT JSON) SELECT id FROM domains WHERE status = 'pending'`),
    );
    const expected = counted.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
    expect(expected).toBeGreaterThan(40_010 / 2);
    expect(expected).toBeLessThan(40_010 * 2);  });
});
