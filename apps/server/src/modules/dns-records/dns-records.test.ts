import { dnsLimits, dnsMessages } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDomain, fakeDelegation, soaSerial, TEST_NAMESERVERS, zoneRows } from '../../test/dns-support.js';
import { pdnsSchemaOf } from '../../dns/pdns-schema.js';
import { createZoneWriter } from '../../dns/zones.js';
import { adminToken, bearer, createTestApp, errorOf, json, registerUser, type TestApp, testDialect } from '../../test/test-app.js';

const pointed = new Set(['parked-dns.com', 'other-dns.com', 'pending-dns.com', 'gone-dns.com']);

describe(`DNS zones and records (${testDialect})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let stranger: Awaited<ReturnType<typeof registerUser>>;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(
      { nameservers: TEST_NAMESERVERS, publicIpv4: '203.0.113.7', publicIpv6: '2001:db8::7' },
      { nsLookup: fakeDelegation(pointed) },
    );
    owner = await registerUser(t.app);
    stranger = await registerUser(t.app);
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const getDns = (id: number, token = owner.token) => t.app.inject({ method: 'GET', url: `/api/domains/${id}/dns/`, headers: bearer(token) });
  const putDns = (id: number, payload: Record<string, unknown>, token = owner.token) =>
    t.app.inject({ method: 'PUT', url: `/api/domains/${id}/dns/`, headers: bearer(token), payload });

  it('writes the landing zone once a name is both verified and approved, in either order', async () => {
    const id = await addDomain(t.app, owner.token, 'parked-dns.com', { verify: true });
    expect(await zoneRows(t.db, 'parked-dns.com')).toBeNull();
    await addDomain(t.app, owner.token, 'parked-dns.com', { approveWith: admin });
    const rows = await zoneRows(t.db, 'parked-dns.com');
    expect(rows?.filter((r) => r[1] !== 'SOA')).toEqual([
      ['parked-dns.com', 'A', '203.0.113.7', ''],
      ['parked-dns.com', 'AAAA', '2001:db8::7', ''],
      ['parked-dns.com', 'NS', 'ns1.market.test', ''],
      ['parked-dns.com', 'NS', 'ns2.market.test', ''],
      ['www.parked-dns.com', 'A', '203.0.113.7', ''],
      ['www.parked-dns.com', 'AAAA', '2001:db8::7', ''],
    ]);
    expect(rows?.find((r) => r[1] === 'SOA')?.[2]).toMatch(/^ns1\.market\.test hostmaster\.parked-dns\.com \d+ /);
    expect(json(await getDns(id))).toMatchObject({ domain_name: 'parked-dns.com', keep_landing: true, records: [], served: true, allowed_actions: ['edit'] });

    const other = await addDomain(t.app, owner.token, 'other-dns.com', { approveWith: admin });
    expect(await zoneRows(t.db, 'other-dns.com')).toBeNull();
    await addDomain(t.app, owner.token, 'other-dns.com', { verify: true });
    expect(await zoneRows(t.db, 'other-dns.com')).not.toBeNull();
    expect(json(await getDns(other))).toMatchObject({ served: true });
  });

  it('serves the owner’s records beside the landing page, or instead of it, bumping the serial each time', async () => {
    const id = await addDomain(t.app, owner.token, 'parked-dns.com');
    const before = soaSerial(await zoneRows(t.db, 'parked-dns.com'));
    const records = [
      { name: 'mail', type: 'A', content: '198.51.100.4', ttl: 300 },
      { name: '@', type: 'MX', content: 'mail.parked-dns.com.', ttl: 300, priority: 10 },
      { name: '@', type: 'TXT', content: `v=spf1 "quoted" ${'x'.repeat(300)}`, ttl: 300 },
    ];
    const saved = await putDns(id, { keep_landing: true, records });
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toMatchObject({ keep_landing: true, records: [{ name: 'mail', priority: null }, { type: 'MX', priority: 10 }, { type: 'TXT' }] });
    let rows = await zoneRows(t.db, 'parked-dns.com');
    expect(rows).toContainEqual(['mail.parked-dns.com', 'A', '198.51.100.4', '']);
    expect(rows).toContainEqual(['parked-dns.com', 'MX', 'mail.parked-dns.com', '10']);
    expect(rows).toContainEqual(['parked-dns.com', 'A', '203.0.113.7', '']);
    // Longer than one character-string: split in two, quotes escaped.
    const txt = rows?.find((r) => r[1] === 'TXT')?.[2] ?? '';
    expect(txt.startsWith('"v=spf1 \\"quoted\\" x')).toBe(true);
    expect(txt.split('" "')).toHaveLength(2);
    const after = soaSerial(rows);
    expect(after).toBeGreaterThan(before);

    await putDns(id, { keep_landing: false, records: [{ name: '@', type: 'A', content: '198.51.100.9', ttl: 600 }, { name: 'www', type: 'CNAME', content: 'host.example.net' }] });
    rows = await zoneRows(t.db, 'parked-dns.com');
    expect(rows?.filter((r) => r[1] === 'A' || r[1] === 'AAAA' || r[1] === 'CNAME')).toEqual([
      ['parked-dns.com', 'A', '198.51.100.9', ''],
      ['www.parked-dns.com', 'CNAME', 'host.example.net', ''],
    ]);
    expect(soaSerial(rows)).toBeGreaterThan(after);
    expect(json(await getDns(id))).toMatchObject({ keep_landing: false, records: [{ name: '@', ttl: 600 }, { name: 'www', ttl: dnsLimits.defaultTtl }] });
  });

  it('refuses records that are not valid, naming the record', async () => {
    const id = await addDomain(t.app, owner.token, 'parked-dns.com');
    const bad = async (record: Record<string, unknown>, keep_landing = false) => {
      const res = await putDns(id, { keep_landing, records: [record] });
      expect(res.statusCode).toBe(400);
      return JSON.stringify(errorOf(res));
    };
    expect(await bad({ name: 'x', type: 'A', content: '300.1.1.1' })).toContain(dnsMessages.badIpv4);
    expect(await bad({ name: 'x', type: 'AAAA', content: '2001:db8::1::2' })).toContain(dnsMessages.badIpv6);
    expect(await bad({ name: 'x', type: 'A', content: '1.1.1.1', ttl: 59 })).toContain(dnsMessages.ttlRange);
    expect(await bad({ name: 'x', type: 'A', content: '1.1.1.1', ttl: 86_401 })).toContain(dnsMessages.ttlRange);
    expect(await bad({ name: '-bad', type: 'A', content: '1.1.1.1' })).toContain(dnsMessages.badName);
    expect(await bad({ name: '@', type: 'CNAME', content: 'a.example.net' })).toContain(dnsMessages.cnameAtApex);
    expect(await bad({ name: '@', type: 'MX', content: 'mx.example.net', priority: 65_536 })).toContain(dnsMessages.priorityRange);
    expect(await bad({ name: '@', type: 'TXT', content: 'x'.repeat(2049) })).toContain(dnsMessages.txtTooLong);
    expect(await bad({ name: '@', type: 'A', content: '1.1.1.1' }, true)).toContain(dnsMessages.landingConflict);
    const clash = await putDns(id, { keep_landing: false, records: [{ name: 'a', type: 'CNAME', content: 'b.example.net' }, { name: 'a', type: 'TXT', content: 'x' }] });
    expect(JSON.stringify(errorOf(clash))).toContain(dnsMessages.cnameAlone);
    const many = Array.from({ length: dnsLimits.maxRecords + 1 }, (_, i) => ({ name: `h${i}`, type: 'A', content: '192.0.2.1' }));
    expect(JSON.stringify(errorOf(await putDns(id, { keep_landing: true, records: many })))).toContain(dnsMessages.tooManyRecords);
  });

  it('lets only the domain’s controller see or set its records', async () => {
    const id = await addDomain(t.app, owner.token, 'parked-dns.com');
    expect(errorOf(await getDns(id, stranger.token))).toEqual({ detail: dnsMessages.notController });
    expect((await putDns(id, { keep_landing: true, records: [] }, stranger.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/domains/${id}/dns/` })).statusCode).toBe(401);
  });

  it('keeps a name that is not approved, or no longer served, off our nameservers', async () => {
    const pending = await addDomain(t.app, owner.token, 'pending-dns.com', { verify: true });
    expect(json(await putDns(pending, { keep_landing: true, records: [{ name: 'x', type: 'A', content: '192.0.2.1' }] }))).toMatchObject({ served: false });
    expect(await zoneRows(t.db, 'pending-dns.com')).toBeNull();

    const gone = await addDomain(t.app, owner.token, 'gone-dns.com', { verify: true, approveWith: admin });
    expect(await zoneRows(t.db, 'gone-dns.com')).not.toBeNull();
    await t.app.inject({ method: 'POST', url: `/api/domains/admin/approval/${gone}`, headers: bearer(admin), payload: { action: 'deny' } });
    expect(await zoneRows(t.db, 'gone-dns.com')).toBeNull();
    await t.app.inject({ method: 'POST', url: `/api/domains/admin/approval/${gone}`, headers: bearer(admin), payload: { action: 'approve' } });
    expect(await zoneRows(t.db, 'gone-dns.com')).not.toBeNull();
    // Pointed elsewhere: the next check takes the zone away.
    pointed.delete('gone-dns.com');
    await t.app.inject({ method: 'POST', url: `/api/domains/${gone}/verify-nameservers/`, headers: bearer(owner.token) });
    expect(await zoneRows(t.db, 'gone-dns.com')).toBeNull();
    pointed.add('gone-dns.com');
    await t.app.inject({ method: 'POST', url: `/api/domains/${gone}/verify-nameservers/`, headers: bearer(owner.token) });
    expect(await zoneRows(t.db, 'gone-dns.com')).not.toBeNull();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/domains/${gone}`, headers: bearer(owner.token) })).statusCode).toBe(204);
    expect(await zoneRows(t.db, 'gone-dns.com')).toBeNull();
  });

  it('rewrites every served zone when the site’s address changes', async () => {
    await addDomain(t.app, owner.token, 'other-dns.com');
    const moved = createZoneWriter({ nameservers: TEST_NAMESERVERS, publicIpv4: '203.0.113.99', pdnsSchema: pdnsSchemaOf(t.db) });
    expect(await moved.rewriteAll(t.db.kysely)).toBeGreaterThanOrEqual(1);
    expect(await zoneRows(t.db, 'other-dns.com')).toContainEqual(['other-dns.com', 'A', '203.0.113.99', '']);
  });
});
