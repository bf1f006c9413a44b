import { apiErrorStatus } from '@market/shared';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../app.js';
import { type AppConfig, loadConfig } from '../config.js';
import { type Db, openDatabase, quoteIdent } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';

/** PostgreSQL when TEST_DATABASE_URL is set (each app gets its own schema), else in-memory SQLite. */
export const testDialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/** Limits high enough that only the throttling tests, which set their own, ever meet them. */
export const RELAXED_LIMITS: AppConfig['rateLimits'] = {
  loginPerMinutePerIp: 10_000,
  freeFailuresPerPair: 10_000,
  firstWaitMs: 1_000,
  maxWaitMs: 15 * 60_000,
  accountFreeFailures: 10_000,
  accountWindowMs: 15 * 60_000,
  accountFirstDelayMs: 1_000,
  accountMaxDelayMs: 60_000,
  registerPerMinutePerIp: 10_000,
  resetPerMinutePerIp: 10_000,
  importsPerMinutePerUser: 10_000,
};

/** Throttles high enough that only the tests of the throttle meet them; e-mail coalescing as configured by default. */
export const RELAXED_LEAD_REQUESTS: AppConfig['leadRequests'] = {
  ...loadConfig({ NODE_ENV: 'test' }).leadRequests,
  perLeadPerHour: 10_000,
  perUserPerHour: 10_000,
};

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-test-dir' });
  return {
    ...base,
    rateLimits: RELAXED_LIMITS,
    nsCheckIntervalMs: 0,
    dealSweepMs: 0,
    // Mail goes when a commit wakes the worker; tests that need retries set their own timings.
    mail: { ...base.mail, pollMs: 0 },
    // Refunds go when a commit wakes the worker (tests drain it); no timer sends them behind a test's back.
    paymentCommands: { ...base.paymentCommands, pollMs: 0 },
    leadRequests: RELAXED_LEAD_REQUESTS,
    // A busy test machine must not see its requests turned away; the admission tests turn it on.
    admission: undefined,
    storageSecret: randomBytes(32).toString('hex'),
    storageDir: fs.mkdtempSync(path.join(os.tmpdir(), 'market-storage-')),
    ...overrides,
  };
}

export interface MemoryMailer extends Mailer {
  sent: MailMessage[];
}

/** Records messages instead of sending them; the real transports have their own tests. */
export function createMemoryMailer(): MemoryMailer {
  const sent: MailMessage[] = [];
  return { sent, send: async (m) => void sent.push(m), close: async () => undefined };
}

export async function openTestDatabase(): Promise<{ db: Db; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  const schema = url ? `t_${randomUUID().replace(/-/g, '').slice(0, 20)}` : undefined;
  const db = openDatabase({ databaseUrl: url, schema, sqliteFile: ':memory:' });
  await migrateToLatest(db);
  return {
    db,
    async drop() {
      if (schema) {
        await sql.raw(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`).execute(db.kysely);
        await sql.raw(`DROP SCHEMA IF EXISTS ${quoteIdent(`${schema}_pdns`)} CASCADE`).execute(db.kysely);
      }
      await db.destroy();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  mailer: MemoryMailer;
  /** Waits until the mail the requests so far queued has been handed to `mailer`. */
  drainMail(): Promise<void>;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: Omit<BuildOptions, 'db' | 'logger'> = {},
): Promise<TestApp> {
  const { db, drop } = await openTestDatabase();
  const mailer = createMemoryMailer();
  const app = await buildApp(testConfig(overrides), { db, mailer, logger: false, ...options });
  return {
    app,
    db,
    mailer,
    drainMail: () => app.mailOutbox.drain(),
    async close() {
      await app.close();
      await drop();
    },
  };
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse): T => res.json() as T;

/**
 * An error answer's body without its `code`, after checking the code is one the API defines and
 * the one its status stands for: tests then compare the DRF-shaped rest exactly.
 */
export function errorOf(res: LightMyRequestResponse): Record<string, unknown> {
  const { code, ...rest } = res.json() as Record<string, unknown>;
  if (typeof code !== 'string' || !(code in apiErrorStatus)) throw new Error(`no API error code in ${res.statusCode} ${res.body}`);
  if (apiErrorStatus[code as keyof typeof apiErrorStatus] !== res.statusCode) throw new Error(`code ${code} on a ${res.statusCode} answer`);
  return rest;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Token ${token}` };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}-${randomUUID().slice(0, 8)}@example.com`;
}

export const VALID_PASSWORD = 'correct horse battery';

/** Registers a password account through the API and returns its token and user. */
export async function registerUser(
  app: FastifyInstance,
  fields: Partial<{ email: string; password: string; first_name: string; last_name: string }> = {},
): Promise<{ token: string; user: { id: number; email: string }; password: string }> {
  const password = fields.password ?? VALID_PASSWORD;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register/',
    payload: {
      first_name: fields.first_name ?? 'Ada',
      last_name: fields.last_name ?? 'Lovelace',
      email: fields.email ?? uniqueEmail(),
      password,
      user_role: 'seller',
      country: 'IE',
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...json<{ token: string; user: { id: number; email: string } }>(res), password };
}

/** A signed-in SuperAdmin for tests of admin routes. */
export async function adminToken(app: FastifyInstance): Promise<string> {
  const email = uniqueEmail('admin');
  await app.services.auth.ensureSuperAdmin(email, VALID_PASSWORD);
  const res = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username: email, password: VALID_PASSWORD } });
  return json<{ token: string }>(res).token;
}

/** A multipart body with optional `domain_list` text and one file. */
export function multipartBody(parts: { domain_list?: string; file?: { name: string; data: Buffer | string } }): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----market${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  if (parts.domain_list !== undefined) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="domain_list"\r\n\r\n${parts.domain_list}\r\n`));
  }
  if (parts.file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${parts.file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(parts.file.data) ? parts.file.data : Buffer.from(parts.file.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
