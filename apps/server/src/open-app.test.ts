import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, quoteIdent } from './db/database.js';
import type { Mailer } from './mail/mailer.js';
import { queueMail } from './mail/outbox.js';
import { openApp } from './open-app.js';
import { testConfig, testDialect } from './test/test-app.js';

describe(`closing the app as the server runs it (${testDialect})`, () => {
  it('stops the mail worker before it closes the database: an e-mail being sent is recorded as sent', async () => {
    // A database of its own that a second handle can read once the app has closed its own.
    const url = process.env.TEST_DATABASE_URL;
    const schema = url ? `t_${randomUUID().replace(/-/g, '').slice(0, 20)}` : undefined;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'open-app-'));
    const where = { databaseUrl: url, schema, sqliteFile: path.join(dir, 'market.db') };

    // The send waits until closing begins: until the worker is asked to stop, or the database has
    // closed, whichever comes first. The worker's record of the send then meets whichever is true.
    let releaseSend = () => undefined as void;
    const sendReleased = new Promise<void>((resolve) => (releaseSend = resolve));
    let sendStarted = () => undefined as void;
    const sending = new Promise<void>((resolve) => (sendStarted = resolve));
    const mailer: Mailer = {
      async send() {
        sendStarted();
        await sendReleased;
      },
      close: async () => undefined,
    };
    const app = await openApp(testConfig({ databaseUrl: where.databaseUrl, databaseSchema: where.schema, sqliteFile: where.sqliteFile }), { mailer, logger: false });
    const order: string[] = [];
    const { mailOutbox, db } = app;
    const stopOutbox = mailOutbox.stop.bind(mailOutbox);
    mailOutbox.stop = () => {
      order.push('mail worker stopped');
      releaseSend();
      return stopOutbox();
    };
    const destroyDb = db.destroy.bind(db);
    db.destroy = async () => {
      order.push('database closed');
      await destroyDb();
      releaseSend();
    };

    const check = openDatabase(where);
    try {
      await app.ready();
      await queueMail(db.kysely, { to: 'late@example.com', subject: 'Hello', text: 'Hi' }, new Date().toISOString());
      void mailOutbox.wake();
      await sending;
      await app.close();

      expect(order).toEqual(['mail worker stopped', 'database closed']);
      const rows = await check.kysely.selectFrom('mail_outbox').select(['recipient', 'sent_at', 'claim_token']).execute();
      expect(rows).toEqual([{ recipient: 'late@example.com', sent_at: expect.any(String), claim_token: null }]);
    } finally {
      if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`).execute(check.kysely);
      await check.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
