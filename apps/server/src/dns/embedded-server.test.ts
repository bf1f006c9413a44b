import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDomain, answerBecomes, ask, fakeDelegation, resolverAt, TEST_NAMESERVERS } from '../test/dns-support.js';
import { adminToken, bearer, createTestApp, registerUser, type TestApp, testDialect } from '../test/test-app.js';
import { txtStrings } from './embedded-server.js';

describe('TXT content', () => {
  it('reads PowerDNS’s quoted character-strings back', () => {
    expect(txtStrings('"v=spf1 \\"a\\"" "b\\\\c"')).toEqual(['v=spf1 "a"', 'b\\c']);
  });
});

describe(`embedded DNS server through a real resolver (${testDialect})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let admin: string;
  let id: number;
  const resolver = () => resolverAt(t.app.dnsPorts!.udp);

  beforeAll(async () => {
    t = await createTestApp(
      { nameservers: TEST_NAMESERVERS, publicIpv4: '203.0.113.8', publicIpv6: '2001:db8::8', dnsPort: 0, dnsHost: '127.0.0.1' },
      { nsLookup: fakeDelegation(new Set(['served-embedded.com', 'unapproved-embedded.com'])) },
    );
    await t.app.ready();
    owner = await registerUser(t.app);
    admin = await adminToken(t.app);
    id = await addDomain(t.app, owner.token, 'served-embedded.com', { verify: true, approveWith: admin });
    await addDomain(t.app, owner.token, 'unapproved-embedded.com', { verify: true });
    await addDomain(t.app, owner.token, 'unverified-embedded.com', { approveWith: admin });
  });
  afterAll(() => t.close());

  it('answers for a parked name with the landing page, our NS and SOA', async () => {
    const r = resolver();
    expect(await ask(r, 'served-embedded.com', 'A')).toEqual(['203.0.113.8']);
    expect(await ask(r, 'www.served-embedded.com', 'AAAA')).toEqual(['2001:db8::8']);
    expect(await ask(r, 'SERVED-embedded.com', 'NS')).toEqual(TEST_NAMESERVERS);
    const soa = await r.resolveSoa('served-embedded.com');
    expect(soa).toMatchObject({ nsname: 'ns1.market.test', hostmaster: 'hostmaster.served-embedded.com' });
    expect(await ask(r, 'nothing.served-embedded.com', 'A')).toEqual({ error: 'ENOTFOUND' });
    expect(await ask(r, 'served-embedded.com', 'MX')).toEqual({ error: 'ENODATA' });
  });

  it('refuses names that are not approved and verified, never giving the site’s address', async () => {
    const r = resolver();
    expect(await ask(r, 'unapproved-embedded.com', 'A')).toEqual({ error: 'EREFUSED' });
    expect(await ask(r, 'unverified-embedded.com', 'A')).toEqual({ error: 'EREFUSED' });
    expect(await ask(r, 'example.org', 'A')).toEqual({ error: 'EREFUSED' });
  });

  it('serves a change of records as soon as it is saved', async () => {
    const r = resolver();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/domains/${id}/dns/`,
      headers: bearer(owner.token),
      payload: {
        keep_landing: false,
        records: [
          { name: '@', type: 'A', content: '198.51.100.20', ttl: 60 },
          { name: '@', type: 'MX', content: 'mx.example.net', priority: 5, ttl: 60 },
          { name: '@', type: 'TXT', content: `v=spf1 ${'y'.repeat(300)}`, ttl: 60 },
          { name: 'www', type: 'CNAME', content: 'served-embedded.com', ttl: 60 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await answerBecomes(r, 'served-embedded.com', 'A', ['198.51.100.20'], 2000)).toEqual(['198.51.100.20']);
    expect(await ask(r, 'served-embedded.com', 'MX')).toEqual(['5 mx.example.net']);
    expect(await ask(r, 'served-embedded.com', 'TXT')).toEqual([`v=spf1 ${'y'.repeat(300)}`]);
    expect(await ask(r, 'www.served-embedded.com', 'CNAME')).toEqual(['served-embedded.com']);
    expect(await ask(r, 'served-embedded.com', 'AAAA')).toEqual({ error: 'ENODATA' });
  });
});
