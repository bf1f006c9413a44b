import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import { type Db, openDatabase, quoteIdent } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { adminToken, bearer, json, registerUser, testConfig, testDialect } from '../test/test-app.js';
import { queueMail, retryDelayMs } from './outbox.js';

/** An SMTP server on 127.0.0.1 that refuses every message (451, try later) while `refusing` is set. */
function smtpServer() {
  const received: string[] = [];
  // `gate`: while set, each message waits for it before the server answers MAIL FROM.
  const state = { refusing: true, refused: 0, gate: undefined as Promise<void> | undefined, held: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onMailFrom(_address, _session, callback) {
      if (state.gate) {
        state.held += 1;
        return void state.gate.then(() => callback());
      }
      if (!state.refusing) return callback();
      state.refused += 1;
      callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  return {
    received,
    state,
    port: 0,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      this.port = (server.server.address() as AddressInfo).port;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One database that several handles (server instances) open: a SQLite file, or a PostgreSQL schema. */
function sharedDatabase() {
  const url = process.env.TEST_DATABASE_URL;
  const schema = url ? `t_${randomUUID().replace(/-/g, '').slice(0, 20)}` : undefined;
  const dir = url ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-db-'));
  const handles: Db[] = [];
  return {
    async open(): Promise<Db> {
      const db = openDatabase({ databaseUrl: url, schema, sqliteFile: dir ? path.join(dir, 'market.db') : ':memory:' });
      handles.push(db);
      if (handles.length === 1) await migrateToLatest(db);
      return db;
    },
    async drop() {
      if (schema && handles[0]) await sql.raw(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`).execute(handles[0].kysely);
      await Promise.all(handles.map((h) => h.destroy()));
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls `probe` until `done` holds; the limit only turns a hang into a failure. */
async function until<T>(what: string, probe: () => Promise<T>, done: (value: T) => boolean, limitMs = 30_000): Promise<T> {
  const end = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const rows = (db: Db) => db.kysely.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
const sorted = (list: readonly string[]) => [...list].sort();

describe(`mail outbox (${testDialect})`, () => {
  const smtp = smtpServer();
  let shared: ReturnType<typeof sharedDatabase>;
  const apps: FastifyInstance[] = [];

  const mailSettings = (overrides: Partial<AppConfig['mail']> = {}): AppConfig['mail'] => ({
    pollMs: 10,
    maxAttempts: 1000,
    retryBaseMs: 5,
    retryMaxMs: 40,
    leaseMs: 60_000,
    ...overrides,
  });

  async function instance(mail = mailSettings(), port = smtp.port): Promise<FastifyInstance> {
    const app = await buildApp(testConfig({ smtpUrl: `smtp://127.0.0.1:${port}/?ignoreTLS=true`, mail }), { db: await shared.open(), logger: false });
    await app.ready();
    apps.push(app);
    return app;
  }

  /** A new account asks for a reset: one e-mail to its address is queued. */
  async function resetMail(app: FastifyInstance, registerOn = app): Promise<string> {
    const { user } = await registerUser(registerOn);
    const res = await app.inject({ method: 'POST', url: '/api/auth/reset-password/', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    return user.email;
  }

  beforeAll(() => smtp.listen());
  afterAll(() => smtp.close());
  beforeEach(() => {
    shared = sharedDatabase();
    smtp.received.length = 0;
    smtp.state.refusing = true;
    smtp.state.refused = 0;
    smtp.state.gate = undefined;
    smtp.state.held = 0;
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await shared.drop();
  });

  it('waits longer after each failure, up to its ceiling', () => {
    const settings = { retryBaseMs: 1000, retryMaxMs: 5000 };
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, settings))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('answers a request at once while the SMTP server does not answer, and keeps the e-mail', async () => {
    // A server that accepts connections and never says a word: sending would hang for its time-outs.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const app = await instance(mailSettings({ pollMs: 0 }), (silent.address() as AddressInfo).port);
      const started = Date.now();
      const email = await resetMail(app);
      expect(Date.now() - started).toBeLessThan(5_000);
      const [row] = await rows(app.db);
      expect(row).toMatchObject({ recipient: email, sent_at: null, failed_at: null });
    } finally {
      // Stop taking connections, then hang up on the waiting send so the app can close.
      const closed = new Promise<void>((resolve) => silent.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    }
  });

  it('loses no e-mail while SMTP refuses and sends each once when it accepts again', async () => {
    const app = await instance();
    const expected = [await resetMail(app), await resetMail(app), await resetMail(app)];
    await until('a refused attempt of each e-mail', () => rows(app.db), (list) => list.length === 3 && list.every((r) => r.attempts >= 2 && r.last_error));
    expect(smtp.received).toEqual([]);
    smtp.state.refusing = false;
    const done = await until('every e-mail sent', () => rows(app.db), (list) => list.every((r) => r.sent_at));
    expect(sorted(smtp.received)).toEqual(sorted(expected));
    expect(done.every((r) => r.failed_at === null && r.body === '')).toBe(true);
  });

  it('sends what was queued before a restart once, from the new instance', async () => {
    const first = await instance();
    const expected = [await resetMail(first), await resetMail(first)];
    await until('a refused attempt of each e-mail', () => rows(first.db), (list) => list.length === 2 && list.every((r) => r.last_error));
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    const sentBefore = smtp.received.length;
    expect(sentBefore).toBe(0);

    smtp.state.refusing = false;
    const second = await instance();
    await until('every e-mail sent', () => rows(second.db), (list) => list.every((r) => r.sent_at));
    expect(sorted(smtp.received)).toEqual(sorted(expected));
  });

  it('hands back the e-mails it claimed but did not try when it stops', async () => {
    smtp.state.refusing = false;
    let open = () => undefined as void;
    smtp.state.gate = new Promise<void>((resolve) => (open = resolve));
    const app = await instance(mailSettings({ pollMs: 0 }));
    const now = new Date().toISOString();
    for (const to of ['one@example.com', 'two@example.com', 'three@example.com']) await queueMail(app.db.kysely, { to, subject: 'Hello', text: 'Hi' }, now);
    void app.mailOutbox.wake();
    await until('the first e-mail at the server', async () => smtp.state.held, (held) => held === 1);
    const stopping = app.mailOutbox.stop();
    open();
    await stopping;
    const list = await rows(app.db);
    expect(list[0]).toMatchObject({ recipient: 'one@example.com', attempts: 1, claim_token: null });
    expect(list[0]?.sent_at).not.toBeNull();
    // The other two are due now, as if never claimed, not held for the 60 s lease.
    for (const row of list.slice(1)) {
      expect(row).toMatchObject({ attempts: 0, claim_token: null, sent_at: null });
      expect(Date.parse(row.next_attempt_at)).toBeLessThanOrEqual(Date.now());
    }
    expect(smtp.received).toEqual(['one@example.com']);
  });

  it('never sends one e-mail twice with two instances on one database', async () => {
    // No polling and a long back-off: after its refused first attempt each e-mail waits for the test.
    const settings = mailSettings({ pollMs: 0, retryBaseMs: 3_600_000, retryMaxMs: 3_600_000 });
    const a = await instance(settings);
    const b = await instance(settings);
    const expected: string[] = [];
    for (let i = 0; i < 12; i += 1) expected.push(await resetMail(i % 2 ? a : b, a));
    await until('a refused attempt of each e-mail', () => rows(a.db), (list) => list.length === 12 && list.every((r) => r.last_error && !r.claim_token));
    expect(smtp.received).toEqual([]);

    smtp.state.refusing = false;
    await a.db.kysely.updateTable('mail_outbox').set({ next_attempt_at: new Date().toISOString() }).execute();
    // Both instances go for the same due rows at the same moment, twice over.
    await Promise.all([a.mailOutbox.wake(), b.mailOutbox.wake(), a.mailOutbox.wake(), b.mailOutbox.wake()]);
    await Promise.all([a.mailOutbox.drain(), b.mailOutbox.drain()]);
    expect(sorted(smtp.received)).toEqual(sorted(expected));
    expect((await rows(a.db)).every((r) => r.sent_at)).toBe(true);
  });

  it('deletes sent rows after 30 days and keeps pending and given-up ones', async () => {
    const app = await instance(mailSettings({ pollMs: 0 }));
    await app.mailOutbox.drain(); // the run at start is over: nothing sends the rows made below
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    for (const to of ['old@example.com', 'recent@example.com', 'pending@example.com', 'failed@example.com']) {
      await queueMail(app.db.kysely, { to, subject: 'Hello', text: 'Hi' }, daysAgo(40));
    }
    const set = (to: string, patch: { sent_at?: string; failed_at?: string; next_attempt_at?: string }) =>
      app.db.kysely.updateTable('mail_outbox').set(patch).where('recipient', '=', to).execute();
    await set('old@example.com', { sent_at: daysAgo(31) });
    await set('recent@example.com', { sent_at: daysAgo(29) });
    await set('pending@example.com', { next_attempt_at: daysAgo(-1) });
    await set('failed@example.com', { failed_at: daysAgo(35) });
    expect(await app.mailOutbox.pruneSent(now)).toBe(1);
    expect((await rows(app.db)).map((r) => r.recipient)).toEqual(['recent@example.com', 'pending@example.com', 'failed@example.com']);
  });

  it('gives an e-mail up after its last attempt, and shows the count to admins', async () => {
    const app = await instance(mailSettings({ maxAttempts: 3 }));
    await resetMail(app);
    const [row] = await until('the e-mail given up', () => rows(app.db), (list) => list.length === 1 && list.every((r) => r.failed_at));
    expect(row).toMatchObject({ attempts: 3, sent_at: null, last_error: expect.stringContaining('451') });
    expect(smtp.state.refused).toBe(3);

    const admin = await adminToken(app);
    const counts = await app.inject({ method: 'GET', url: '/api/admin/mail-outbox/', headers: bearer(admin) });
    expect(json(counts)).toEqual({ pending: 0, failed: 1, sent: 0 });
    const { token } = await registerUser(app);
    expect((await app.inject({ method: 'GET', url: '/api/admin/mail-outbox/', headers: bearer(token) })).statusCode).toBe(403);
  });
});
