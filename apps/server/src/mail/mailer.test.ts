import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openTestDatabase, registerUser, testConfig } from '../test/test-app.js';
import { createOutboxMailer } from './mailer.js';


describe('outbox mailer', () => {
  it('writes each message as an .eml file with its link intact', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const logged: unknown[] = [];
    const mailer = createOutboxMailer(dir, 'Market <no-reply@market.test>', {
      info: (obj: unknown) => void logged.push(obj),
    } as unknown as Parameters<typeof createOutboxMailer>[2]);
    await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Open http://localhost:8080/forgot-password?token=abc' });
    const files = await fs.readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await fs.readFile(path.join(dir, files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: a@example.com');
    expect(eml).toContain('Subject: Hello');
    expect(eml).toContain('http://localhost:8080/forgot-password?token=abc');
    expect(logged[0]).toMatchObject({ links: ['http://localhost:8080/forgot-password?token=abc'] });
    await mailer.close();
    await fs.rm(dir, { recursive: true });
  });

  it('is what the app uses when no SMTP_URL is set', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-app-'));
    const { db, drop } = await openTestDatabase();
    const app = await buildApp(testConfig({ outboxDir: dir, smtpUrl: undefined }), { db, logger: false });
    try {
      const { user } = await registerUser(app);
      await app.inject({ method: 'POST', url: '/api/auth/reset-password/', payload: { email: user.email } });
      await app.mailOutbox.drain();
      const files = await fs.readdir(dir);
      expect(files).toHaveLength(1);
      expect(await fs.readFile(path.join(dir, files[0] ?? ''), 'utf8')).toContain('/forgot-password?token=');
    } finally {
      await app.close();
      await drop();
      await fs.rm(dir, { recursive: true });
    }
  });
});

describe('SMTP mailer against a real SMTP server on 127.0.0.1', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        let data = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (data += chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers the reset e-mail with its link', async () => {
    const { db, drop } = await openTestDatabase();
    const app = await buildApp(
      testConfig({ smtpUrl: `smtp://127.0.0.1:${port}/?ignoreTLS=true`, mailFrom: 'Market <no-reply@market.test>' }),
      { db, logger: false },
    );
    try {
      const { user } = await registerUser(app);
      const res = await app.inject({ method: 'POST', url: '/api/auth/reset-password/', payload: { email: user.email } });
      expect(res.statusCode).toBe(200);
      await app.mailOutbox.drain();
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toEqual([user.email]);
      expect(received[0]?.from).toBe('no-reply@market.test');
      const body = received[0]?.data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      expect(body).toMatch(/\/forgot-password\?token=[A-Za-z0-9_-]{43}\s/);
    } finally {
      await app.close();
      await drop();
    }
  });
});
