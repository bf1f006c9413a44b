import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiErrors } from '@market/shared';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcProviderConfig } from '../../config.js';
import { bearer, createTestApp, json, type TestApp, testDialect, uniqueEmail } from '../../test/test-app.js';

/** A real OIDC provider's key endpoint, served by the test on 127.0.0.1. */
async function startProvider() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = http.createServer((req, res) => {
    if (req.url === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider: OidcProviderConfig = {
    name: 'testid',
    label: 'TestID',
    issuer: base,
    client_id: 'market-client',
    jwks_uri: `${base}/jwks`,
    authorization_endpoint: `${base}/authorize`,
  };
  const sign = (claims: JWTPayload, opts: { key?: Parameters<SignJWT['sign']>[0]; expiresIn?: string; issuer?: string; audience?: string } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(opts.issuer ?? provider.issuer)
      .setAudience(opts.audience ?? provider.client_id)
      .setIssuedAt()
      .setExpirationTime(opts.expiresIn ?? '5m')
      .sign(opts.key ?? privateKey);
  return { provider, sign, strangerKey: stranger.privateKey, close: () => new Promise((r) => server.close(r)) };
}

describe(`social sign-in (${testDialect})`, () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof startProvider>>;

  beforeAll(async () => {
    idp = await startProvider();
    t = await createTestApp({ oidcProviders: [idp.provider] });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const login = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: body });
  const register = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register/', payload: body });
  const socialLogin = (email: string, token: string, label = 'testid') =>
    login({ username: email, authentication_type: 'social', authentication_label: label, authentication_token: token });

  it('lists the configured providers without secrets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers/' });
    expect(json(res)).toEqual([
      { name: 'testid', label: 'TestID', authorization_endpoint: idp.provider.authorization_endpoint, client_id: 'market-client' },
    ]);
  });

  it('registers without a password, then signs in with a verified ID token', async () => {
    const email = uniqueEmail('social');
    const token = await idp.sign({ email, email_verified: true, given_name: 'Sol', family_name: 'Cial' });

    const before = await socialLogin(email, token);
    expect(before.statusCode).toBe(404);
    expect(json(before)).toEqual({ detail: apiErrors.socialAccountMissing });

    const created = await register({
      first_name: 'Sol',
      last_name: 'Cial',
      email,
      user_role: 'common',
      authentication_type: 'social',
      authentication_label: 'testid',
      authentication_token: token,
    });
    expect(created.statusCode).toBe(201);
    expect(json(created)).toMatchObject({ user: { email, authentication_type: 'social' } });

    const signedIn = await socialLogin(email, token);
    expect(signedIn.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: bearer(json<{ token: string }>(signedIn).token) });
    expect(json(me)).toMatchObject({ email });

    // A social account has no password to guess.
    expect((await login({ username: email, password: 'anything at all' })).statusCode).toBe(400);
  });

  it('refuses tokens signed by another key, for another audience or issuer, or expired', async () => {
    const email = uniqueEmail('social');
    const claims = { email, email_verified: true };
    const bad = [
      await idp.sign(claims, { key: idp.strangerKey }),
      await idp.sign(claims, { audience: 'someone-else' }),
      await idp.sign(claims, { issuer: 'https://evil.example' }),
      await idp.sign(claims, { expiresIn: '-10m' }),
      'not.a.jwt',
    ];
    for (const token of bad) {
      const res = await register({
        first_name: 'A',
        last_name: 'B',
        email,
        authentication_type: 'social',
        authentication_label: 'testid',
        authentication_token: token,
      });
      expect(res.statusCode, token.slice(0, 20)).toBe(400);
      expect(json(res)).toEqual({ non_field_errors: [apiErrors.socialTokenInvalid] });
    }
  });

  it('refuses a token whose e-mail differs from the one claimed, or is unverified', async () => {
    const email = uniqueEmail('social');
    const other = await idp.sign({ email: uniqueEmail('other'), email_verified: true });
    expect(json(await socialLogin(email, other))).toEqual({ non_field_errors: [apiErrors.socialEmailMismatch] });
    const unverified = await idp.sign({ email, email_verified: false });
    expect(json(await socialLogin(email, unverified))).toEqual({ non_field_errors: [apiErrors.socialTokenInvalid] });
  });

  it('says clearly when the provider is not configured', async () => {
    const email = uniqueEmail('social');
    const token = await idp.sign({ email, email_verified: true });
    const res = await socialLogin(email, token, 'facebook');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ authentication_label: [apiErrors.providerNotConfigured('facebook')] });
  });

  it('asks for the provider fields of a social request', async () => {
    const res = await login({ username: uniqueEmail(), authentication_type: 'social' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json(res)).sort()).toEqual(['authentication_label', 'authentication_token']);
  });
});

describe('social sign-in with no provider configured', () => {
  it('refuses with a clear error', async () => {
    const t = await createTestApp({ oidcProviders: [] });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { username: 'a@b.co', authentication_type: 'social', authentication_label: 'google', authentication_token: 'x.y.z' },
      });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ authentication_label: [apiErrors.providerNotConfigured('google')] });
      expect(json(await t.app.inject({ method: 'GET', url: '/api/auth/providers/' }))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
