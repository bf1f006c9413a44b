import { apiErrors, validationMessages as m } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  json,
  RELAXED_LIMITS,
  registerUser,
  type TestApp,
  testDialect,
  uniqueEmail,
  VALID_PASSWORD, errorOf } from '../../test/test-app.js';
import { loadConfig } from '../../config.js';
import { createMemoryCounterStore, createRedisCounterStore } from '../../lib/counter-store.js';
import { createRedisClient } from '../../lib/redis.js';
import { sha256 } from './secrets.js';

describe(`accounts API (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

  describe('register', () => {
    it('creates a password account and signs it in', async () => {
      const email = uniqueEmail();
      const res = await post('/api/auth/register/', {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: email.toUpperCase(),
        password: VALID_PASSWORD,
        user_role: 'buyer',
        country: 'IE',
        authentication_type: 'custom',
      });
      expect(res.statusCode).toBe(201);
      const body = json<{ token: string; user: Record<string, unknown> }>(res);
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.user).toMatchObject({ email, first_name: 'Grace', role: 0, user_role: 'buyer', country: 'IE' });
      expect(body.user).not.toHaveProperty('password_hash');
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: bearer(body.token) });
      expect(json(me)).toMatchObject({ email });
    });

    it('stores the password as argon2id and the session key only as its SHA-256', async () => {
      const { token, user } = await registerUser(t.app);
      const row = await t.db.kysely.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const sessions = await t.db.kysely.selectFrom('auth_tokens').selectAll().where('user_id', '=', user.id).execute();
      expect(sessions).toHaveLength(1);
      expect(sessions[0]?.token_hash).toBe(sha256(token));
      expect(sessions[0]?.token_hash).not.toContain(token);
    });

    it('answers each missing field with the shared message', async () => {
      const res = await post('/api/auth/register/', { authentication_type: 'custom' });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({
        first_name: [m.firstNameRequired],
        last_name: [m.lastNameRequired],
        email: [m.emailRequired],
        password: [m.passwordRequired],
      });
    });

    it('rejects an invalid e-mail, an over-long name and a short password', async () => {
      const res = await post('/api/auth/register/', {
        first_name: 'x'.repeat(151),
        last_name: 'Ok',
        email: 'not-an-email',
        password: 'short',
      });
      expect(res.statusCode).toBe(400);
      const body = json<Record<string, string[]>>(res);
      expect(body.email).toEqual([m.emailInvalid]);
      expect(body.first_name?.[0]).toBe(m.tooLong(150));
      expect(body.password).toEqual([m.passwordTooShort]);
    });

    it('refuses a second account with the same e-mail in any letter case', async () => {
      const { user } = await registerUser(t.app);
      const res = await post('/api/auth/register/', {
        first_name: 'A',
        last_name: 'B',
        email: user.email.toUpperCase(),
        password: VALID_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({ email: [apiErrors.emailTaken] });
    });

    it('refuses an unknown signup role', async () => {
      const res = await post('/api/auth/register/', {
        first_name: 'A',
        last_name: 'B',
        email: uniqueEmail(),
        password: VALID_PASSWORD,
        user_role: 'wizard',
      });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toHaveProperty('user_role');
    });

    it('does not let a client choose its admin role', async () => {
      const res = await post('/api/auth/register/', {
        first_name: 'A',
        last_name: 'B',
        email: uniqueEmail(),
        password: VALID_PASSWORD,
        role: 2,
      });
      expect(res.statusCode).toBe(201);
      expect(json<{ user: { role: number } }>(res).user.role).toBe(0);
    });
  });

  describe('login', () => {
    it('signs in with the right password', async () => {
      const { user, password } = await registerUser(t.app);
      const res = await post('/api/auth/login/', { username: user.email, password });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ user: { id: user.id, email: user.email } });
    });

    it('answers a wrong password and an unknown e-mail alike', async () => {
      const { user } = await registerUser(t.app);
      const wrong = await post('/api/auth/login/', { username: user.email, password: 'wrong password!' });
      const unknown = await post('/api/auth/login/', { username: uniqueEmail(), password: 'wrong password!' });
      expect(wrong.statusCode).toBe(400);
      expect(unknown.statusCode).toBe(400);
      expect(errorOf(wrong)).toEqual({ non_field_errors: [apiErrors.invalidCredentials] });
      expect(json(unknown)).toEqual(json(wrong));
    });

    it('answers missing fields with the shared messages', async () => {
      const res = await post('/api/auth/login/', {});
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ username: [m.emailRequired], password: [m.passwordRequired] });
    });

    it('answers malformed JSON with a clear 400, not a 500', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": ',
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({ detail: apiErrors.malformedBody });
    });

    it('refuses a body over the size limit with 413', async () => {
      const res = await post('/api/auth/login/', { username: 'a@b.co', password: 'x'.repeat(300 * 1024) });
      expect(res.statusCode).toBe(413);
      expect(json(res)).toHaveProperty('detail');
    });
  });

  describe('sessions', () => {
    it('requires a token for user info and refuses a bad one', async () => {
      const none = await t.app.inject({ method: 'GET', url: '/api/auth/user/' });
      expect(none.statusCode).toBe(401);
      expect(errorOf(none)).toEqual({ detail: apiErrors.notAuthenticated });
      const bad = await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: bearer('x'.repeat(43)) });
      expect(bad.statusCode).toBe(401);
      const wrongScheme = await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: { authorization: 'Bearer abc' } });
      expect(wrongScheme.statusCode).toBe(401);
    });

    it('answers with and without the trailing slash', async () => {
      const { token } = await registerUser(t.app);
      for (const url of ['/api/auth/user', '/api/auth/user/']) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(res.statusCode, url).toBe(200);
      }
    });

    it('logout revokes the key', async () => {
      const { token } = await registerUser(t.app);
      const out = await post('/api/auth/logout/', undefined, bearer(token));
      expect(out.statusCode).toBe(204);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
    });

    it('refresh issues a new key and retires the old one', async () => {
      const { token } = await registerUser(t.app);
      const res = await post('/api/auth/token/refresh/', undefined, bearer(token));
      expect(res.statusCode).toBe(200);
      const fresh = json<{ token: string }>(res).token;
      expect(fresh).not.toBe(token);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: bearer(fresh) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: bearer(token) })).statusCode).toBe(401);
    });

    it('an expired or idle session no longer authenticates', async () => {
      const { token, user } = await registerUser(t.app);
      await t.db.kysely
        .updateTable('auth_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: bearer(token) })).statusCode).toBe(401);
      const second = await registerUser(t.app);
      await t.db.kysely
        .updateTable('auth_tokens')
        .set({ last_used_at: '2000-01-01T00:00:00.000Z' })
        .where('user_id', '=', second.user.id)
        .execute();
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: bearer(second.token) })).statusCode).toBe(401);
    });
  });

  describe('profile update', () => {
    it('changes names and country, ignoring fields a user may not set', async () => {
      const { token } = await registerUser(t.app);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/user/',
        headers: bearer(token),
        payload: { first_name: 'Augusta', country: 'GB', role: 2, subscription: 'Stallion' },
      });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ first_name: 'Augusta', country: 'GB', role: 0, subscription: 'Free' });
    });

    it('changes the e-mail only with the current password, and never to a taken one', async () => {
      const a = await registerUser(t.app);
      const b = await registerUser(t.app);
      const put = (payload: Record<string, unknown>) =>
        t.app.inject({ method: 'PUT', url: '/api/auth/user/', headers: bearer(a.token), payload });
      const fresh = uniqueEmail();
      expect((await put({ email: fresh })).statusCode).toBe(400);
      expect((await put({ email: fresh, current_password: 'wrong one' })).statusCode).toBe(400);
      const taken = await put({ email: b.user.email, current_password: a.password });
      expect(errorOf(taken)).toEqual({ email: [apiErrors.emailTaken] });
      const ok = await put({ email: fresh, current_password: a.password });
      expect(ok.statusCode).toBe(200);
      expect(json(ok)).toMatchObject({ email: fresh });
    });

    it('refuses a blank first name with the shared message', async () => {
      const { token } = await registerUser(t.app);
      const res = await t.app.inject({ method: 'PUT', url: '/api/auth/user/', headers: bearer(token), payload: { first_name: '  ' } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({ first_name: [m.firstNameRequired] });
    });
  });

  describe('password reset', () => {
    const linkToken = (text: string) => /forgot-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

    it('answers OK for an unknown e-mail without sending anything', async () => {
      const before = t.mailer.sent.length;
      const res = await post('/api/auth/reset-password/', { email: uniqueEmail() });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ status: 'OK' });
      await t.drainMail();
      expect(t.mailer.sent.length).toBe(before);
    });

    it('refuses a malformed e-mail', async () => {
      const res = await post('/api/auth/reset-password/', { email: 'nope' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({ email: [m.emailInvalid] });
    });

    it('mails a single-use link that sets the password and signs out every session', async () => {
      const { user, token: session } = await registerUser(t.app);
      expect((await post('/api/auth/reset-password/', { email: user.email })).statusCode).toBe(200);
      await t.drainMail();
      const mail = t.mailer.sent.at(-1);
      expect(mail?.to).toBe(user.email);
      const token = linkToken(mail?.text ?? '');
      expect(token).toBeDefined();
      // 32 random bytes: 256 bits, well over the 128-bit floor.
      expect(Buffer.from(token ?? '', 'base64url').length).toBe(32);

      expect(json(await post('/api/auth/reset-password/validate_token/', { token }))).toEqual({ status: 'OK' });
      const confirm = await post('/api/auth/reset-password/confirm/', { token, password: 'a brand new secret' });
      expect(confirm.statusCode).toBe(200);
      expect(json(confirm)).toEqual({ status: 'OK' });

      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: bearer(session) })).statusCode).toBe(401);
      expect((await post('/api/auth/login/', { username: user.email, password: VALID_PASSWORD })).statusCode).toBe(400);
      expect((await post('/api/auth/login/', { username: user.email, password: 'a brand new secret' })).statusCode).toBe(200);

      const reused = await post('/api/auth/reset-password/confirm/', { token, password: 'yet another secret' });
      expect(reused.statusCode).toBe(404);
      expect(errorOf(reused)).toEqual({ token: [apiErrors.resetTokenInvalid] });
      const revalidate = await post('/api/auth/reset-password/validate_token/', { token });
      expect(revalidate.statusCode).toBe(404);
      expect(errorOf(revalidate)).toEqual({ detail: apiErrors.resetTokenInvalid });
    });

    it('refuses an expired token and a made-up one', async () => {
      const { user } = await registerUser(t.app);
      await post('/api/auth/reset-password/', { email: user.email });
      await t.drainMail();
      const token = linkToken(t.mailer.sent.at(-1)?.text ?? '');
      await t.db.kysely
        .updateTable('password_reset_tokens')
        .set({ expires_at: new Date(Date.now() - 1).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      expect((await post('/api/auth/reset-password/validate_token/', { token })).statusCode).toBe(404);
      expect((await post('/api/auth/reset-password/confirm/', { token, password: 'long enough pw' })).statusCode).toBe(404);
      expect((await post('/api/auth/reset-password/validate_token/', { token: 'made-up' })).statusCode).toBe(404);
    });

    it('stores reset tokens hashed and expires them within 30 minutes', async () => {
      const { user } = await registerUser(t.app);
      const before = Date.now();
      await post('/api/auth/reset-password/', { email: user.email });
      await t.drainMail();
      const token = linkToken(t.mailer.sent.at(-1)?.text ?? '') ?? '';
      const row = await t.db.kysely
        .selectFrom('password_reset_tokens')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(sha256(token));
      expect(Date.parse(row.expires_at) - before).toBeLessThanOrEqual(30 * 60_000 + 1000);
    });

    it('validates the new password', async () => {
      const res = await post('/api/auth/reset-password/confirm/', { token: 'whatever', password: '' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({ password: [m.passwordRequired] });
    });
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ detail: apiErrors.notFound });
  });

  it('publishes an OpenAPI description of the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(json<{ paths: object }>(res).paths)).toContain('/api/auth/login/');
  });
});

describe(`login throttling (${testDialect})`, () => {
  // The limits a deployment runs with, so these tests meet the real thresholds.
  const productionLimits = loadConfig({}).rateLimits;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: productionLimits });
  });
  afterAll(() => t.close());

  const attempt = (app: TestApp['app'], username: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username, password }, remoteAddress });

  it('lets the owner in from a new address after 100 failures from rotating addresses', async () => {
    const { user, password } = await registerUser(t.app);
    for (let i = 0; i < 100; i += 1) {
      const res = await attempt(t.app, user.email, 'wrong password', `10.8.${Math.floor(i / 250)}.${(i % 250) + 1}`);
      expect(res.statusCode).toBe(400);
    }
    expect((await attempt(t.app, user.email, password, '10.9.0.1')).statusCode).toBe(200);
  });

  it(`allows ${productionLimits.loginPerMinutePerIp} login calls a minute per IP, then answers 429`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= productionLimits.loginPerMinutePerIp; i += 1) {
      statuses.push((await attempt(t.app, uniqueEmail(), 'whatever', '10.0.0.2')).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await attempt(t.app, uniqueEmail(), 'whatever', '10.0.0.3')).statusCode).toBe(400);
  });
});

describe(`login back-off per account and address (${testDialect})`, () => {
  // The per-address limit is lifted so that only the back-off answers; the clock is the test's.
  const limits = { ...RELAXED_LIMITS, freeFailuresPerPair: 5, firstWaitMs: 1_000, maxWaitMs: 15 * 60_000 };
  let now = Date.parse('2026-01-01T00:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: limits }, { counters: createMemoryCounterStore(() => now) });
  });
  afterAll(() => t.close());

  const attempt = (username: string, password: string, remoteAddress = '10.1.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username, password }, remoteAddress });

  async function expectWait(username: string, seconds: number) {
    const res = await attempt(username, 'wrong password');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe(String(seconds));
    expect(errorOf(res)).toEqual({ detail: apiErrors.tooManyFailures(seconds) });
  }

  it('makes one address wait longer after each failure on one account, and lets the right password in after the wait', async () => {
    const { user, password } = await registerUser(t.app);
    for (let i = 0; i < 5; i += 1) expect((await attempt(user.email, 'wrong password')).statusCode).toBe(400);
    // Refused before the password is even checked, the right one included.
    await expectWait(user.email, 1);
    expect((await attempt(user.email, password)).statusCode).toBe(429);

    now += 1_000;
    expect((await attempt(user.email, 'wrong password')).statusCode).toBe(400);
    await expectWait(user.email, 2);
    now += 2_000;
    expect((await attempt(user.email, 'wrong password')).statusCode).toBe(400);
    await expectWait(user.email, 4);

    // The owner elsewhere is not held up by the waiting address.
    expect((await attempt(user.email, password, '10.1.0.2')).statusCode).toBe(200);

    now += 4_000;
    expect((await attempt(user.email, password)).statusCode).toBe(200);
    // A success clears the pair: the next mistake costs no wait.
    expect((await attempt(user.email, 'wrong password')).statusCode).toBe(400);
    expect((await attempt(user.email, 'wrong password')).statusCode).toBe(400);
  });

  it('keeps other accounts tried from the same address free of the wait', async () => {
    const first = uniqueEmail();
    for (let i = 0; i < 5; i += 1) expect((await attempt(first, 'wrong password')).statusCode).toBe(400);
    await expectWait(first, 1);
    const { user, password } = await registerUser(t.app);
    expect((await attempt(user.email, password)).statusCode).toBe(200);
  });

  it('treats an unknown e-mail like an account, so the wait reveals nothing', async () => {
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < 5; i += 1) expect((await attempt(nobody, 'wrong password')).statusCode).toBe(400);
    await expectWait(nobody, 1);
  });

  it('lets the owner sign in from two tabs at once: parallel right passwords queue, they are not refused', async () => {
    const { user, password } = await registerUser(t.app);
    const together = await Promise.all(Array.from({ length: 4 }, () => attempt(user.email, password)));
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
  });

  it('lets only one of several parallel tries through when a wait ends, so a burst gains no extra guesses', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i += 1) expect((await attempt(email, 'wrong password')).statusCode).toBe(400);
    now += 1_000;
    const burst = await Promise.all(Array.from({ length: 5 }, () => attempt(email, 'wrong password')));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([400, 429, 429, 429, 429]);
    expect(burst.every((r) => r.statusCode === 400 || Number(r.headers['retry-after']) >= 1)).toBe(true);
  });

  it('never asks for more than the longest wait', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 20; i += 1) {
      expect((await attempt(email, 'wrong password')).statusCode).toBe(400);
      now += 15 * 60_000;
    }
    now -= 15 * 60_000;
    await expectWait(email, 15 * 60);
  });
});

describe(`login slow-down per account, over every address (${testDialect})`, () => {
  // The thresholds a deployment runs with, the per-address call limit lifted (a guesser has many
  // addresses); the clock is the test's.
  const limits = { ...loadConfig({}).rateLimits, loginPerMinutePerIp: 10_000 };
  let now = Date.parse('2026-01-01T00:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: limits }, { counters: createMemoryCounterStore(() => now) });
  });
  afterAll(() => t.close());

  let addresses = 0;
  /** An address not seen before, as a guesser with many would use. */
  const newAddress = () => {
    addresses += 1;
    return `10.20.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  };
  const attempt = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username, password }, remoteAddress });

  /** One wrong password from a fresh address; returns the wait that address then meets. */
  async function guess(email: string): Promise<number> {
    const address = newAddress();
    expect((await attempt(email, 'wrong password', address)).statusCode).toBe(400);
    const next = await attempt(email, 'wrong password', address);
    if (next.statusCode === 400) return 0;
    expect(next.statusCode).toBe(429);
    const seconds = Number(next.headers['retry-after']);
    expect(errorOf(next)).toEqual({ detail: apiErrors.tooManyFailures(seconds) });
    return seconds;
  }

  it('makes each address that fails on an account past 10 failures in 15 minutes wait, longer each time, and the owner elsewhere gets in at once', async () => {
    const { user, password } = await registerUser(t.app);
    // Ten failures from ten addresses cost nothing (each address's second try, counted too, is its own).
    for (let i = 0; i < 5; i += 1) expect(await guess(user.email)).toBe(0);
    // From then on a fresh address has one guess before it must wait: 1 s, 2 s, 4 s... up to a minute.
    const waits: number[] = [];
    for (let i = 0; i < 8; i += 1) waits.push(await guess(user.email));
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);

    // The right password from an address that just failed waits too: it is not checked.
    const address = newAddress();
    expect((await attempt(user.email, 'wrong password', address)).statusCode).toBe(400);
    expect((await attempt(user.email, password, address)).statusCode).toBe(429);
    // The owner, from an address that has not failed, signs in at once.
    expect((await attempt(user.email, password, newAddress())).statusCode).toBe(200);
    // That sign-in gives the guessers no fresh start.
    expect(await guess(user.email)).toBe(60);
    // Once the address's wait is over, its right password signs in.
    now += 60_000;
    expect((await attempt(user.email, password, address)).statusCode).toBe(200);
  });

  it('slows an unknown e-mail alike, so the slow-down reveals no account, and forgets failures after 15 minutes', async () => {
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < 5; i += 1) expect(await guess(nobody)).toBe(0);
    expect(await guess(nobody)).toBe(1);
    now += 15 * 60_000;
    expect(await guess(nobody)).toBe(0);
  });

  it('e-mails the owner once per window, when the slow-down starts, not at every failure', async () => {
    const { user, password } = await registerUser(t.app);
    const told = async () => {
      await t.drainMail();
      return t.mailer.sent.filter((m) => m.to === user.email);
    };
    for (let i = 0; i < 10; i += 1) expect((await attempt(user.email, 'wrong password', newAddress())).statusCode).toBe(400);
    expect(await told()).toEqual([]);
    expect((await attempt(user.email, 'wrong password', newAddress())).statusCode).toBe(400);
    const mail = await told();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Failed sign-ins to your Domain Market account');
    expect(mail[0]?.text).toContain('Hello Ada,');
    expect(mail[0]?.text).toContain('your password still signs you in');
    expect(mail[0]?.text).toContain('/forgot-password');

    for (let i = 0; i < 10; i += 1) await attempt(user.email, 'wrong password', newAddress());
    expect((await attempt(user.email, password, newAddress())).statusCode).toBe(200);
    expect(await told()).toHaveLength(1);

    // A new window: ten more failures are free again, and the eleventh tells the owner again.
    now += 15 * 60_000;
    for (let i = 0; i < 10; i += 1) await attempt(user.email, 'wrong password', newAddress());
    expect(await told()).toHaveLength(1);
    await attempt(user.email, 'wrong password', newAddress());
    expect(await told()).toHaveLength(2);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)(`login back-off shared through Redis (${testDialect})`, () => {
  // Two instances of the app, one Redis: a wait earned on one is respected by the other.
  const limits = {
    ...RELAXED_LIMITS,
    freeFailuresPerPair: 2,
    firstWaitMs: 10 * 60_000,
    maxWaitMs: 15 * 60_000,
    accountFreeFailures: 2,
    accountFirstDelayMs: 5 * 60_000,
    accountMaxDelayMs: 5 * 60_000,
  };
  const apps: TestApp[] = [];
  let redis: Awaited<ReturnType<typeof createRedisClient>>;
  beforeAll(async () => {
    redis = await createRedisClient(redisUrl!);
    const prefix = `test:${process.pid}:${Date.now()}:`;
    for (let i = 0; i < 2; i += 1) {
      apps.push(await createTestApp({ rateLimits: limits }, { counters: createRedisCounterStore(redis, prefix) }));
    }
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await redis.quit();
  });

  it('makes the pair wait on every instance, and only that pair', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const { user, password } = await registerUser(a.app);
    const attempt = (app: TestApp, pw: string, remoteAddress: string) =>
      app.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username: user.email, password: pw }, remoteAddress });
    expect((await attempt(a, 'wrong password', '10.2.0.1')).statusCode).toBe(400);
    expect((await attempt(b, 'wrong password', '10.2.0.1')).statusCode).toBe(400);
    const held = await attempt(b, password, '10.2.0.1');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(590);
    expect((await attempt(a, password, '10.2.0.1')).statusCode).toBe(429);
    // The second instance has its own database here, so the owner signs in on the first.
    expect((await attempt(a, password, '10.2.0.2')).statusCode).toBe(200);
  });

  it('counts an account\'s failures over every instance for its slow-down', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const email = uniqueEmail();
    const attempt = (app: TestApp, remoteAddress: string) =>
      app.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username: email, password: 'wrong password' }, remoteAddress });
    expect((await attempt(a, '10.3.0.1')).statusCode).toBe(400);
    expect((await attempt(b, '10.3.0.2')).statusCode).toBe(400);
    // The third failure of the account, on the first instance, makes its address wait on the second.
    expect((await attempt(a, '10.3.0.3')).statusCode).toBe(400);
    const held = await attempt(b, '10.3.0.3');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(290);
  });
});
