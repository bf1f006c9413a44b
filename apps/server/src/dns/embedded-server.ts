import dns2 from 'dns2';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

const { Packet } = dns2;
type Response = ReturnType<typeof Packet.createResponseFromRequest>;
type Answer = Response['answers'][number];

interface Row {
  name: string;
  type: string;
  content: string;
  ttl: number;
  prio: number | null;
}

const TYPE_NAMES = new Map<number, string>(Object.entries(Packet.TYPE).map(([name, code]) => [code as number, name]));
const ANY = 255;
// RFC 1035 response codes (dns2 has them at run time but not in its types).
const RCODE = { FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

/** PowerDNS's TXT content ("a" "b") back to its character-strings. */
export function txtStrings(content: string): string[] {
  const found = [...content.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => (m[1] ?? '').replace(/\\(.)/g, '$1'));
  return found.length > 0 ? found : [content];
}

function resource(row: Row): Answer | undefined {
  const base = { name: row.name, class: Packet.CLASS.IN, ttl: row.ttl };
  switch (row.type) {
    case 'A':
    case 'AAAA':
      return { ...base, type: Packet.TYPE[row.type], address: row.content } as unknown as Answer;
    case 'NS':
      return { ...base, type: Packet.TYPE.NS, ns: row.content } as unknown as Answer;
    case 'CNAME':
      return { ...base, type: Packet.TYPE.CNAME, domain: row.content } as unknown as Answer;
    case 'MX':
      return { ...base, type: Packet.TYPE.MX, exchange: row.content, priority: row.prio ?? 0 } as unknown as Answer;
    case 'TXT':
      return { ...base, type: Packet.TYPE.TXT, data: txtStrings(row.content) } as unknown as Answer;
    case 'SOA': {
      const [primary, admin, serial, refresh, retry, expiration, minimum] = row.content.split(/\s+/);
      return {
        ...base,
        type: Packet.TYPE.SOA,
        primary,
        admin,
        serial: Number(serial),
        refresh: Number(refresh),
        retry: Number(retry),
        expiration: Number(expiration),
        minimum: Number(minimum),
      } as unknown as Answer;
    }
    default:
      return undefined;
  }
}

/**
 * The embedded authoritative server (`npm start` with DNS_PORT): answers from the same
 * PowerDNS tables the zone writer fills, read on every query so a change is served at once.
 * Names outside our zones are REFUSED; a name in a zone without records is NXDOMAIN.
 */
export function createEmbeddedDnsServer(db: Db, pdnsSchema: string, log?: FastifyBaseLogger) {
  const domainsTable = sql.table(`${pdnsSchema}.domains`);
  const recordsTable = sql.table(`${pdnsSchema}.records`);

  async function answer(request: Parameters<typeof Packet.createResponseFromRequest>[0]): Promise<Response> {
    const response = Packet.createResponseFromRequest(request);
    const question = request.questions[0];
    if (!question || request.questions.length !== 1) {
      response.header.rcode = RCODE.FORMERR;
      return response;
    }
    const qname = question.name.toLowerCase().replace(/\.$/, '');
    const labels = qname.split('.');
    const suffixes = labels.map((_, i) => labels.slice(i).join('.'));
    const zones = await sql<{ id: number; name: string }>`SELECT id, name FROM ${domainsTable} WHERE name IN (${sql.join(suffixes)})`.execute(db.kysely);
    const zone = zones.rows.sort((a, b) => b.name.length - a.name.length)[0];
    if (!zone) {
      response.header.rcode = RCODE.REFUSED;
      return response;
    }
    response.header.aa = 1;
    const { rows } = await sql<Row>`
      SELECT name, type, content, ttl, prio FROM ${recordsTable}
      WHERE domain_id = ${zone.id} AND (name = ${qname} OR (name = ${zone.name} AND type = 'SOA'))`.execute(db.kysely);
    const atName = rows.filter((r) => r.name === qname);
    const wanted = TYPE_NAMES.get(question.type);
    const matching = atName.filter((r) => question.type === ANY || r.type === wanted);
    const shown = matching.length > 0 ? matching : atName.filter((r) => r.type === 'CNAME');
    for (const row of shown) {
      const rr = resource(row);
      if (rr) response.answers.push(rr);
    }
    if (response.answers.length === 0) {
      if (atName.length === 0) response.header.rcode = RCODE.NXDOMAIN;
      const soa = rows.find((r) => r.type === 'SOA' && r.name === zone.name);
      const rr = soa && resource({ ...soa, ttl: Math.min(soa.ttl, Number(soa.content.split(/\s+/)[6] ?? soa.ttl)) });
      if (rr) response.authorities.push(rr);
    }
    return response;
  }

  const server = dns2.createServer({
    udp: true,
    tcp: true,
    handle: (request, send) => {
      answer(request).then(send, (error: unknown) => {
        log?.error({ err: error }, 'DNS query failed');
        const failed = Packet.createResponseFromRequest(request);
        failed.header.rcode = RCODE.SERVFAIL;
        send(failed);
      });
    },
  });

  return {
    /** Port 0 takes a free one; resolves to the UDP and TCP ports bound. */
    async listen(port: number, address: string): Promise<{ udp: number; tcp: number }> {
      await server.listen({ udp: { port, address }, tcp: { port, address } });
      const bound = server.addresses() as { udp: { port: number }; tcp: { port: number } };
      return { udp: bound.udp.port, tcp: bound.tcp.port };
    },
    close: () => server.close(),
  };
}
