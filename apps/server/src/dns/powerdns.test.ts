import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { type Db, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { addDomain, answerBecomes, ask, fakeDelegation, resolverAt, TEST_NAMESERVERS } from '../test/dns-support.js';
import { adminToken, bearer, createMemoryMailer, openTestDatabase, registerUser, testConfig, testDialect } from '../test/test-app.js';
import { findPdnsServer, type PdnsProcess, startPdns } from './powerdns-process.js';

const binary = findPdnsServer();
const required = process.env.TEST_POWERDNS === 'required';

/** PowerDNS reads a file, so on SQLite the app's database is one (in a temporary directory). */
async function openDb(): Promise<{ db: Db; drop(): Promise<void> }> {
  if (testDialect === 'postgres') return openTestDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-pdns-'));
  const db = openDatabase({ sqliteFile: path.join(dir, 'market.sqlite') });
  await migrateToLatest(db);
  return {
    db,
    async drop() {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!binary && !required)(`PowerDNS serving the app's zones (${testDialect})`, () => {
  let opened: Awaited<ReturnType<typeof openDb>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let pdns: PdnsProcess;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let id: number;

  beforeAll(async () => {
    opened = await openDb();
    app = await buildApp(testConfig({ nameservers: TEST_NAMESERVERS, publicIpv4: '203.0.113.9', publicIpv6: '2001:db8::9' }), {
      db: opened.db,
      mailer: createMemoryMailer(),
      logger: false,
      nsLookup: fakeDelegation(new Set(['served-pdns.com', 'unapproved-pdns.com'])),
    });
    owner = await registerUser(app);
    const admin = await adminToken(app);
    id = await addDomain(app, owner.token, 'served-pdns.com', { verify: true, approveWith: admin });
    await addDomain(app, owner.token, 'unapproved-pdns.com', { verify: true });
    await addDomain(app, owner.token, 'unverified-pdns.com', { approveWith: admin });
    pdns = await startPdns(opened.db, binary);
    // Up once it answers: a busy machine can take a while to start it.
    const first = await answerBecomes(resolverAt(pdns.port), 'served-pdns.com', 'A', ['203.0.113.9'], 45_000);
    if (JSON.stringify(first) !== JSON.stringify(['203.0.113.9'])) throw new Error(`PowerDNS did not answer: ${JSON.stringify(first)}\n${pdns.output()}`);
  }, 60_000);
  afterAll(async () => {
    await pdns?.stop();
    await app?.close();
    await opened?.drop();
  });

  it('answers for a verified, approved name with the landing page', async () => {
    const r = resolverAt(pdns.port);
    expect(await ask(r, 'served-pdns.com', 'A')).toEqual(['203.0.113.9']);
    expect(await ask(r, 'www.served-pdns.com', 'AAAA')).toEqual(['2001:db8::9']);
    expect(await ask(r, 'served-pdns.com', 'NS')).toEqual(TEST_NAMESERVERS);
  });

  it('refuses a name that is not approved or not verified', async () => {
    const r = resolverAt(pdns.port);
    expect(await ask(r, 'unapproved-pdns.com', 'A')).toEqual({ error: 'EREFUSED' });
    expect(await ask(r, 'unverified-pdns.com', 'A')).toEqual({ error: 'EREFUSED' });
  });

  it('serves a change of records within 2 seconds', async () => {
    const r = resolverAt(pdns.port);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/domains/${id}/dns/`,
      headers: bearer(owner.token),
      payload: {
        keep_landing: false,
        records: [
          { name: '@', type: 'A', content: '198.51.100.30', ttl: 60 },
          { name: '@', type: 'MX', content: 'mx.example.net', priority: 7, ttl: 60 },
          { name: '@', type: 'TXT', content: `v=spf1 ${'z'.repeat(300)}`, ttl: 60 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const saved = Date.now();
    expect(await answerBecomes(r, 'served-pdns.com', 'A', ['198.51.100.30'], 10_000)).toEqual(['198.51.100.30']);
    expect(Date.now() - saved).toBeLessThan(2000);
    expect(await ask(r, 'served-pdns.com', 'MX')).toEqual(['7 mx.example.net']);
    expect(await ask(r, 'served-pdns.com', 'TXT')).toEqual([`v=spf1 ${'z'.repeat(300)}`]);
    expect(await ask(r, 'www.served-pdns.com', 'A')).toEqual({ error: 'ENOTFOUND' });
  });
});
