import type { DnsRecord } from '@market/shared';
import { type Kysely, sql } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Database } from '../db/schema.js';

export interface ZoneSettings {
  /** Ours, first one the SOA's primary. */
  nameservers: string[];
  /** The landing page's addresses (PUBLIC_IPV4 / PUBLIC_IPV6). */
  publicIpv4?: string;
  publicIpv6?: string;
  /** Where PowerDNS's tables are (pdnsSchemaOf). */
  pdnsSchema: string;
}

/** TTL of what we serve ourselves (SOA, NS, the landing page's addresses). */
const OWN_TTL = 3600;
const REWRITE_BATCH = 500;
// refresh, retry, expire, negative-answer TTL: the usual values for a zone nobody transfers.
const SOA_TIMERS = '10800 3600 604800 300';

/** Who sets a domain's DNS records: its owner, or the lessee while a lease runs (modules/leases). */
export function dnsControllerId(domain: { user_id: number; dns_controller_id: number | null }): number {
  return domain.dns_controller_id ?? domain.user_id;
}

/** Our nameservers answer for a name once an admin approved it and its NS point at ours. */
export function isServed(domain: { status: string; ns_status: string }): boolean {
  return domain.status === 'approved' && domain.ns_status === 'verified';
}

interface PdnsRecordRow {
  name: string;
  type: string;
  content: string;
  ttl: number;
  prio: number | null;
}

/** TXT text as PowerDNS stores it: quoted character-strings of at most 255 octets. */
export function txtContent(text: string): string {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += 255) parts.push(text.slice(i, i + 255));
  return parts.map((p) => `"${p.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(' ');
}

function absolute(relative: string, zone: string): string {
  return relative === '@' ? zone : `${relative}.${zone}`;
}

const host = (h: string) => h.trim().toLowerCase().replace(/\.$/, '');

/**
 * Writes each parked name's zone into PowerDNS's tables, where PowerDNS and the embedded server
 * read it. Every change runs in the transaction of what caused it, so what we serve never
 * disagrees with what the app says about the name.
 */
export function createZoneWriter(settings: ZoneSettings) {
  const domainsTable = sql.table(`${settings.pdnsSchema}.domains`);
  const recordsTable = sql.table(`${settings.pdnsSchema}.records`);

  function recordsOf(zone: string, serial: number, landing: boolean, own: DnsRecord[]): PdnsRecordRow[] {
    const [primary = `ns.${zone}`] = settings.nameservers;
    const rows: PdnsRecordRow[] = [
      { name: zone, type: 'SOA', content: `${host(primary)} hostmaster.${zone} ${serial} ${SOA_TIMERS}`, ttl: OWN_TTL, prio: null },
      ...settings.nameservers.map((ns) => ({ name: zone, type: 'NS', content: host(ns), ttl: OWN_TTL, prio: null })),
    ];
    if (landing) {
      for (const name of [zone, `www.${zone}`]) {
        if (settings.publicIpv4) rows.push({ name, type: 'A', content: settings.publicIpv4, ttl: OWN_TTL, prio: null });
        if (settings.publicIpv6) rows.push({ name, type: 'AAAA', content: settings.publicIpv6, ttl: OWN_TTL, prio: null });
      }
    }
    for (const r of own) {
      const content = r.type === 'TXT' ? txtContent(r.content) : r.type === 'CNAME' || r.type === 'MX' ? host(r.content) : r.content;
      rows.push({ name: absolute(r.name, zone), type: r.type, content, ttl: r.ttl, prio: r.type === 'MX' ? r.priority : null });
    }
    return rows;
  }

  async function remove(trx: Executor, zone: string): Promise<void> {
    await sql`DELETE FROM ${recordsTable} WHERE domain_id IN (SELECT id FROM ${domainsTable} WHERE name = ${zone})`.execute(trx);
    await sql`DELETE FROM ${domainsTable} WHERE name = ${zone}`.execute(trx);
  }

  async function write(trx: Executor, zone: string, landing: boolean, own: DnsRecord[]): Promise<void> {
    const existing = await sql<{ id: number; soa: string | null }>`
      SELECT d.id, r.content AS soa FROM ${domainsTable} d
      LEFT JOIN ${recordsTable} r ON r.domain_id = d.id AND r.type = 'SOA'
      WHERE d.name = ${zone}`.execute(trx);
    let id = existing.rows[0]?.id;
    if (id === undefined) {
      const inserted = await sql<{ id: number }>`INSERT INTO ${domainsTable} (name, type) VALUES (${zone}, 'NATIVE') RETURNING id`.execute(trx);
      id = inserted.rows[0]!.id;
    }
    // Secondaries and caches notice a change by a larger serial: a clock-based one, or one more.
    const previous = Number(existing.rows[0]?.soa?.split(' ')[2] ?? 0);
    const serial = Math.max(previous + 1, Math.floor(Date.now() / 1000));
    await sql`DELETE FROM ${recordsTable} WHERE domain_id = ${id}`.execute(trx);
    for (const r of recordsOf(zone, serial, landing, own)) {
      await sql`INSERT INTO ${recordsTable} (domain_id, name, type, content, ttl, prio)
        VALUES (${id}, ${r.name}, ${r.type}, ${r.content}, ${r.ttl}, ${r.prio})`.execute(trx);
    }
  }

  /** Makes the zone what the domain's row says now: written (serial bumped) when served, else gone. */
  async function sync(trx: Executor, domainId: number): Promise<void> {
      const domain = await trx
        .selectFrom('domains')
        .select(['domain_name', 'status', 'ns_status', 'dns_landing'])
        .where('id', '=', domainId)
        .executeTakeFirst();
      if (!domain) return;
      const zone = host(domain.domain_name);
      if (!isServed(domain)) return remove(trx, zone);
      const own = await trx
        .selectFrom('dns_records')
        .select(['name', 'type', 'content', 'ttl', 'priority'])
        .where('domain_id', '=', domainId)
        .orderBy('position')
        .execute();
      await write(trx, zone, domain.dns_landing === 1, own as DnsRecord[]);
  }

  /** Rewrites every served zone, a batch per transaction: after NAMESERVERS or PUBLIC_IPV4/6 change. */
  async function rewriteAll(db: Kysely<Database>): Promise<number> {
    let after = 0;
    let count = 0;
    for (;;) {
      const ids = (
        await db
          .selectFrom('domains')
          .select('id')
          .where('status', '=', 'approved')
          .where('ns_status', '=', 'verified')
          .where('id', '>', after)
          .orderBy('id')
          .limit(REWRITE_BATCH)
          .execute()
      ).map((r) => r.id);
      if (ids.length === 0) return count;
      await db.transaction().execute(async (trx) => {
        for (const id of ids) await sync(trx, id);
      });
      count += ids.length;
      after = ids[ids.length - 1]!;
    }
  }

  return { remove, sync, rewriteAll };
}

export type ZoneWriter = ReturnType<typeof createZoneWriter>;
