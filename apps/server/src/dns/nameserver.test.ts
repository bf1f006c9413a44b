import dns2 from 'dns2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registerUser, type TestApp, testDialect } from '../test/test-app.js';
import { createDnsLookup, pointsAtUs } from './nameserver-lookup.js';

const OURS = ['ns1.market.test', 'ns2.market.test'];

/** A real DNS server on 127.0.0.1 whose NS answers the test changes as it goes. */
async function startDnsServer() {
  const records = new Map<string, string[]>();
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const ns = question ? records.get(question.name.toLowerCase()) : undefined;
      if (question && ns) {
        for (const host of ns) {
          const answer = { name: question.name, type: Packet.TYPE.NS, class: Packet.CLASS.IN, ttl: 1, ns: host };
          response.answers.push(answer as unknown as (typeof response.answers)[number]);
        }
      } else {
        response.header.rcode = 3; // NXDOMAIN
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (server.addresses() as { udp: { port: number } }).udp.port;
  return { records, address: `127.0.0.1:${port}`, close: () => server.close() };
}

describe('NS lookup', () => {
  it('verifies only when every one of our nameservers is listed', () => {
    expect(pointsAtUs(['NS1.market.test.', 'ns2.market.test'], OURS)).toBe(true);
    expect(pointsAtUs(['ns1.market.test', 'ns9.other.test'], OURS)).toBe(false);
    expect(pointsAtUs([], OURS)).toBe(false);
  });
});

describe(`nameserver verification against a DNS server on 127.0.0.1 (${testDialect})`, () => {
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof registerUser>>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    dns = await startDnsServer();
    t = await createTestApp({ nameservers: OURS }, { nsLookup: createDnsLookup(dns.address, 1000) });
    seller = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/domains/',
      headers: bearer(seller.token),
      payload: { domain_list: 'pointed.com elsewhere.com missing.com' },
    });
    const { domains } = json<{ domains: { id: number; domain_ascii: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/domains/', headers: bearer(seller.token) }),
    );
    for (const d of domains) ids[d.domain_ascii] = d.id;
    dns.records.set('pointed.com', OURS);
    dns.records.set('elsewhere.com', ['ns1.registrar.test', 'ns2.registrar.test']);
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });

  const verify = (name: string, token = seller.token) =>
    t.app.inject({ method: 'POST', url: `/api/domains/${ids[name]}/verify-nameservers/`, headers: bearer(token) });

  it('publishes our nameservers for the add-domains page', async () => {
    // This app runs no sweep, and says so.
    expect(json(await t.app.inject({ method: 'GET', url: '/api/domains/nameservers/' }))).toEqual({ nameservers: OURS, check_interval_minutes: 0 });
  });

  it('marks each domain verified, pending or failed from real lookups', async () => {
    expect(json(await verify('pointed.com'))).toMatchObject({ ns_status: 'verified', ns_status_label: 'Nameservers verified' });
    expect(json(await verify('elsewhere.com'))).toMatchObject({ ns_status: 'pending' });
    const failed = json<{ ns_status: string; ns_status_label: string; ns_checked_at: string }>(await verify('missing.com'));
    expect(failed).toMatchObject({ ns_status: 'failed', ns_status_label: 'Nameservers could not be looked up' });
    expect(Date.now() - Date.parse(failed.ns_checked_at)).toBeLessThan(60_000);
  });

  it("refuses a check of someone else's domain", async () => {
    const other = await registerUser(t.app);
    expect((await verify('pointed.com', other.token)).statusCode).toBe(403);
  });

  it('the periodic sweep re-checks domains and notices a change', async () => {
    dns.records.set('elsewhere.com', OURS);
    dns.records.set('pointed.com', ['ns1.registrar.test']);
    const result = await t.app.services.nameservers.sweep();
    expect(result.checked).toBeGreaterThanOrEqual(3);
    const { domains } = json<{ domains: { domain_ascii: string; ns_status: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/domains/', headers: bearer(seller.token) }),
    );
    const status = Object.fromEntries(domains.map((d) => [d.domain_ascii, d.ns_status]));
    expect(status).toMatchObject({ 'elsewhere.com': 'verified', 'pointed.com': 'pending', 'missing.com': 'failed' });
  });
});

describe(`the nameserver check interval (${testDialect})`, () => {
  it('tells owners how often the sweep runs', async () => {
    const t = await createTestApp({ nameservers: OURS, nsCheckIntervalMs: 45 * 60_000 });
    try {
      expect(json(await t.app.inject({ method: 'GET', url: '/api/domains/nameservers/' }))).toEqual({ nameservers: OURS, check_interval_minutes: 45 });
    } finally {
      await t.close();
    }
  });
});
