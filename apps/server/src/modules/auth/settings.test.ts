import { settingsMessages } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registerUser, type TestApp, testDialect, errorOf } from '../../test/test-app.js';

describe(`account settings and subscribe (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username, password } });

  it('changes the password with the current one and signs out the other sessions', async () => {
    const { token, user, password } = await registerUser(t.app);
    const other = json<{ token: string }>(await login(user.email, password)).token;
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/password/change/', headers: bearer(token), payload: { current_password: 'nope nope', password: 'a new password 1' } });
    expect(errorOf(wrong)).toEqual({ current_password: [settingsMessages.currentPasswordWrong] });
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/password/change/', headers: bearer(token), payload: { current_password: password, password: 'a new password 1' } });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: bearer(other) })).statusCode).toBe(401);
    expect((await login(user.email, 'a new password 1')).statusCode).toBe(200);
  });

  it('lists sessions and signs out of the others', async () => {
    const { token, user, password } = await registerUser(t.app);
    await login(user.email, password);
    await login(user.email, password);
    const sessions = json<{ current: boolean }[]>(await t.app.inject({ method: 'GET', url: '/api/auth/sessions/', headers: bearer(token) }));
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others/', headers: bearer(token) });
    expect(json(res)).toEqual({ revoked: 2 });
    expect(json<unknown[]>(await t.app.inject({ method: 'GET', url: '/api/auth/sessions/', headers: bearer(token) }))).toHaveLength(1);
  });

  it('keeps the e-mail notification preference', async () => {
    const { token } = await registerUser(t.app);
    expect(json(await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: bearer(token) }))).toMatchObject({ notify_email: true });
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/user/', headers: bearer(token), payload: { notify_email: false } });
    expect(json(res)).toMatchObject({ notify_email: false });
  });

  it('stores a subscriber once and answers the same both times', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/subscribe/', payload: { email: 'News@Example.com' } });
    const again = await t.app.inject({ method: 'POST', url: '/api/subscribe/', payload: { email: 'news@example.com' } });
    expect(json(first)).toEqual({ status: 'OK', message: settingsMessages.subscribed });
    expect(json(again)).toEqual(json(first));
    const rows = await t.db.kysely.selectFrom('subscribers').selectAll().where('email', '=', 'news@example.com').execute();
    expect(rows).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/subscribe/', payload: { email: 'nope' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/subscribe/', payload: {} })).statusCode).toBe(400);
  });
});
