import { Resolver } from 'node:dns/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { NameserverLookup } from '../dns/nameserver-lookup.js';
import { pdnsSchemaOf } from '../dns/pdns-schema.js';
import { bearer, json } from './test-app.js';

export const TEST_NAMESERVERS = ['ns1.market.test', 'ns2.market.test'];

/** Names in `pointed` delegate to TEST_NAMESERVERS; every other name to a registrar's. */
export function fakeDelegation(pointed: Set<string>): NameserverLookup {
  return {
    lookup: async (domain) => ({ ok: true, nameservers: pointed.has(domain) ? TEST_NAMESERVERS : ['ns1.registrar.test'] }),
  };
}

/** Imports `name` for `token`'s user; with `verify` checks its nameservers, with `approve` an admin approves it. */
export async function addDomain(app: FastifyInstance, token: string, name: string, steps: { verify?: boolean; approveWith?: string } = {}): Promise<number> {
  await app.inject({ method: 'POST', url: '/api/domains/', headers: bearer(token), payload: { domain_list: name } });
  const { domains } = json<{ domains: { id: number; domain_ascii: string }[] }>(
    await app.inject({ method: 'GET', url: '/api/domains/', headers: bearer(token) }),
  );
  const id = domains.find((d) => d.domain_ascii === name)?.id;
  if (id === undefined) throw new Error(`${name} was not imported`);
  if (steps.verify) await app.inject({ method: 'POST', url: `/api/domains/${id}/verify-nameservers/`, headers: bearer(token) });
  if (steps.approveWith) {
    const res = await app.inject({ method: 'POST', url: `/api/domains/admin/approval/${id}`, headers: bearer(steps.approveWith), payload: { action: 'approve' } });
    if (res.statusCode !== 200) throw new Error(`approval failed: ${res.statusCode} ${res.body}`);
  }
  return id;
}

/** The zone as PowerDNS would read it: [name, type, content, prio] sorted, or null when there is none. */
export async function zoneRows(db: Db, zone: string): Promise<string[][] | null> {
  const schema = pdnsSchemaOf(db);
  const domain = await sql<{ id: number }>`SELECT id FROM ${sql.table(`${schema}.domains`)} WHERE name = ${zone}`.execute(db.kysely);
  const id = domain.rows[0]?.id;
  if (id === undefined) return null;
  const rows = await sql<{ name: string; type: string; content: string; prio: number | null }>`
    SELECT name, type, content, prio FROM ${sql.table(`${schema}.records`)} WHERE domain_id = ${id}`.execute(db.kysely);
  return rows.rows.map((r) => [r.name, r.type, r.content, r.prio === null ? '' : String(r.prio)]).sort((a, b) => a.join(' ').localeCompare(b.join(' ')));
}

export const soaSerial = (rows: string[][] | null): number => Number(rows?.find((r) => r[1] === 'SOA')?.[2]?.split(' ')[2]);

type Answer = string[] | { error: string };

/** One question through a real resolver: the answer's data, or the error code (EREFUSED, ENOTFOUND, ENODATA...). */
export async function ask(resolver: Resolver, name: string, type: 'A' | 'AAAA' | 'MX' | 'TXT' | 'CNAME' | 'NS'): Promise<Answer> {
  try {
    switch (type) {
      case 'MX':
        return (await resolver.resolveMx(name)).map((r) => `${r.priority} ${r.exchange}`).sort();
      case 'TXT':
        return (await resolver.resolveTxt(name)).map((parts) => parts.join('')).sort();
      default:
        return ((await resolver.resolve(name, type)) as string[]).sort();
    }
  } catch (error) {
    return { error: (error as { code?: string }).code ?? String(error) };
  }
}

/** A resolver that asks only 127.0.0.1:`port`, without retrying for long. */
export function resolverAt(port: number): Resolver {
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  resolver.setServers([`127.0.0.1:${port}`]);
  return resolver;
}

/** Asks again until the answer is `expected` (or time runs out, then returns the last answer). */
export async function answerBecomes(resolver: Resolver, name: string, type: Parameters<typeof ask>[2], expected: Answer, timeoutMs = 20_000): Promise<Answer> {
  const until = Date.now() + timeoutMs;
  let last = await ask(resolver, name, type);
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await ask(resolver, name, type);
  }
  return last;
}
