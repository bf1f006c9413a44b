import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiErrors, DEFAULT_AFTER_LOGIN, oidcCallbackPath, oidcStartPath, socialCallbackKeys } from '@market/shared';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcProviderConfig } from '../../config.js';
import { type IdTokenSigner, startOidcProvider } from '../../test/oidc-provider.js';
import { bearer, createTestApp, json, type TestApp, testConfig, testDialect, uniqueEmail, errorOf } from '../../test/test-app.js';

const publicUrl = testConfig().publicUrl;

describe(`social sign-in through the authorization code flow (${testDialect})`, () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof startOidcProvider>>;
  let accounts = 0;

  beforeAll(async () => {
    idp = await startOidcProvider(`${publicUrl}${oidcCallbackPath('testid')}`);
    const provider: OidcProviderConfig = {
      name: 'testid',
      label: 'TestID',
      issuer: idp.issuer,
      client_id: 'market-client',
      client_secret: 'market-client-secret',
    };
    t = await createTestApp({ oidcProviders: [provider] });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  /** A new person at the provider; returns the id the provider signs them in with. */
  function personAtProvider(fields: { email?: string; email_verified?: boolean } = {}) {
    accounts += 1;
    const id = `person-${accounts}`;
    const email = fields.email ?? uniqueEmail('social');
    idp.addAccount(id, { email, email_verified: fields.email_verified ?? true, given_name: 'Sol', family_name: 'Cial' });
    return { id, email };
  }

  async function start(next = '/portfolio') {
    const res = await t.app.inject({ method: 'GET', url: oidcStartPath('testid', next) });
    expect(res.statusCode).toBe(302);
    const cookie = res.cookies.find((c) => c.name === 'oidc_flow');
    if (!cookie) throw new Error('no flow cookie');
    return { authorizationUrl: new URL(String(res.headers.location)), cookie };
  }

  const callback = (url: URL, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, cookies: cookie ? { oidc_flow: cookie } : {} });

  /** Where the callback sent the browser: /login with the fragment's values. */
  function landing(res: Awaited<ReturnType<typeof callback>>) {
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${publicUrl}/login`);
    expect(location.search).toBe('');
    return new URLSearchParams(location.hash.slice(1));
  }

  /** Runs the whole round trip for `personId`, with an optional change to the authorization request. */
  async function signInAtProvider(personId: string, change?: (url: URL) => void) {
    const { authorizationUrl, cookie } = await start();
    change?.(authorizationUrl);
    const returned = await idp.authorize(authorizationUrl, personId);
    return { returned, cookie: cookie.value, fragment: landing(await callback(returned, cookie.value)) };
  }

  const login = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: body });
  const register = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/register/', payload: body });
  const socialLogin = (email: string, ticket: string, label = 'testid') =>
    login({ username: email, authentication_type: 'social', authentication_label: label, authentication_token: ticket });
  const socialRegister = (email: string, ticket: string) =>
    register({
      first_name: 'Sol',
      last_name: 'Cial',
      email,
      user_role: 'common',
      authentication_type: 'social',
      authentication_label: 'testid',
      authentication_token: ticket,
    });

  it('lists the configured providers by name and label only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers/' });
    expect(json(res)).toEqual([{ name: 'testid', label: 'TestID' }]);
  });

  it('starts with a code request carrying state, nonce and an S256 PKCE challenge, remembered in a signed httpOnly cookie', async () => {
    const { authorizationUrl, cookie } = await start('/portfolio');
    expect(authorizationUrl.origin).toBe(idp.issuer);
    const q = authorizationUrl.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('market-client');
    expect(q.get('redirect_uri')).toBe(`${publicUrl}${oidcCallbackPath('testid')}`);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc/', maxAge: 600 });
    // The verifier never leaves the server's own cookie, and the cookie is signed.
    expect(authorizationUrl.href).not.toContain(JSON.parse(cookie.value.slice(0, cookie.value.lastIndexOf('.'))).codeVerifier);
  });

  it('signs a new person up with the ticket, then signs them in, once per ticket', async () => {
    const person = personAtProvider();
    const first = await signInAtProvider(person.id);
    expect(first.fragment.get(socialCallbackKeys.next)).toBe('/portfolio');
    const ticket = first.fragment.get(socialCallbackKeys.ticket) ?? '';

    const before = await socialLogin(person.email, ticket);
    expect(before.statusCode).toBe(404);
    expect(errorOf(before)).toEqual({ detail: apiErrors.socialAccountMissing });

    const created = await socialRegister(person.email, ticket);
    expect(created.statusCode).toBe(201);
    expect(json(created)).toMatchObject({ user: { email: person.email, authentication_type: 'social' } });
    // The ticket that made the account cannot sign in again.
    expect(errorOf(await socialLogin(person.email, ticket))).toEqual({ non_field_errors: [apiErrors.socialTokenInvalid] });

    const second = (await signInAtProvider(person.id)).fragment.get(socialCallbackKeys.ticket) ?? '';
    const signedIn = await socialLogin(person.email, second);
    expect(signedIn.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: bearer(json<{ token: string }>(signedIn).token) });
    expect(json(me)).toMatchObject({ email: person.email });
    expect((await socialLogin(person.email, second)).statusCode).toBe(400);

    // A social account has no password to guess.
    expect((await login({ username: person.email, password: 'anything at all' })).statusCode).toBe(400);
  });

  it('refuses a replayed code, even with the flow cookie it came with', async () => {
    const person = personAtProvider();
    const first = await signInAtProvider(person.id);
    expect(first.fragment.get(socialCallbackKeys.ticket)).toBeTruthy();
    const replay = landing(await callback(first.returned, first.cookie));
    expect(replay.get(socialCallbackKeys.error)).toBe('refused');
    expect(replay.get(socialCallbackKeys.ticket)).toBeNull();
  });

  it('refuses an ID token whose nonce is not the one this flow sent', async () => {
    const person = personAtProvider();
    const { fragment } = await signInAtProvider(person.id, (url) => url.searchParams.set('nonce', 'a-nonce-of-another-flow'));
    expect(fragment.get(socialCallbackKeys.error)).toBe('refused');
    expect(fragment.get(socialCallbackKeys.ticket)).toBeNull();
  });

  it('refuses an ID token issued for another audience', async () => {
    const person = personAtProvider();
    idp.rewriteIdToken((claims) => ({ ...claims, aud: 'other-client' }));
    try {
      const { fragment } = await signInAtProvider(person.id);
      expect(fragment.get(socialCallbackKeys.error)).toBe('refused');
    } finally {
      idp.rewriteIdToken(undefined);
    }
  });

  it('accepts only ID tokens signed by a key in the provider\'s JWKS, with the algorithm that key is for', async () => {
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const stranger = (await generateKeyPair('RS256')).privateKey;
    const signers: Record<string, IdTokenSigner> = {
      'another key under the provider\'s key id': (claims) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(stranger),
      'a key the provider rotated out': (claims) =>
        new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: idp.retiredKey.kid }).sign(idp.retiredKey.privateKey),
      'no signature (alg none)': async (claims) => `${b64({ alg: 'none', kid: 'test-key' })}.${b64(claims)}.`,
      'HS256 keyed with the provider\'s public key': (claims) =>
        new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: 'test-key' }).sign(new TextEncoder().encode(idp.publicKeyPem)),
    };
    try {
      for (const [how, sign] of Object.entries(signers)) {
        idp.rewriteIdToken((claims) => claims, sign);
        const { fragment } = await signInAtProvider(personAtProvider().id);
        expect(fragment.get(socialCallbackKeys.error), how).toBe('refused');
        expect(fragment.get(socialCallbackKeys.ticket), how).toBeNull();
      }
      // The same claims signed again by the provider's own key pass: the refusals above are the signatures'.
      idp.rewriteIdToken((claims) => claims);
      expect((await signInAtProvider(personAtProvider().id)).fragment.get(socialCallbackKeys.ticket)).toBeTruthy();
    } finally {
      idp.rewriteIdToken(undefined);
    }
  });

  it('refuses a code the provider issued to another client', async () => {
    const person = personAtProvider();
    const { fragment } = await signInAtProvider(person.id, (url) => url.searchParams.set('client_id', 'other-client'));
    expect(fragment.get(socialCallbackKeys.error)).toBe('refused');
  });

  it('refuses a callback without its flow cookie, with a forged one, or with another state', async () => {
    const person = personAtProvider();
    const { authorizationUrl, cookie } = await start();
    const returned = await idp.authorize(authorizationUrl, person.id);
    expect(landing(await callback(returned)).get(socialCallbackKeys.error)).toBe('no-flow');
    const forged = JSON.stringify({ ...JSON.parse(cookie.value.slice(0, cookie.value.lastIndexOf('.'))), next: '/elsewhere' });
    expect(landing(await callback(returned, forged)).get(socialCallbackKeys.error)).toBe('no-flow');
    const otherState = new URL(returned);
    otherState.searchParams.set('state', 'not-this-flow');
    expect(landing(await callback(otherState, cookie.value)).get(socialCallbackKeys.error)).toBe('refused');
  });

  it('says the sign-in failed when the person cancels at the provider or their e-mail is unverified', async () => {
    const { authorizationUrl, cookie } = await start();
    const cancelled = new URL(`${publicUrl}${oidcCallbackPath('testid')}`);
    cancelled.searchParams.set('error', 'access_denied');
    cancelled.searchParams.set('state', authorizationUrl.searchParams.get('state') ?? '');
    cancelled.searchParams.set('iss', idp.issuer);
    expect(landing(await callback(cancelled, cookie.value)).get(socialCallbackKeys.error)).toBe('refused');

    const unverified = personAtProvider({ email_verified: false });
    expect((await signInAtProvider(unverified.id)).fragment.get(socialCallbackKeys.error)).toBe('refused');
  });

  it('refuses a ticket for another e-mail, from another provider, or not made by this server', async () => {
    const person = personAtProvider();
    const ticket = (await signInAtProvider(person.id)).fragment.get(socialCallbackKeys.ticket) ?? '';
    expect(errorOf(await socialLogin(uniqueEmail(), ticket))).toEqual({ non_field_errors: [apiErrors.socialEmailMismatch] });
    expect(errorOf(await socialLogin(person.email, ticket, 'facebook'))).toEqual({
      authentication_label: [apiErrors.providerNotConfigured('facebook')],
    });
    const forged = await new SignJWT({ email: person.email, provider: 'testid', label: 'TestID' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('domain-market')
      .setAudience('social-sign-in')
      .setJti('forged')
      .setExpirationTime('5m')
      .sign(new Uint8Array(32));
    for (const bad of [forged, 'not.a.jwt']) {
      const res = await socialRegister(person.email, bad);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({ non_field_errors: [apiErrors.socialTokenInvalid] });
    }
  });

  it('answers 404 for a provider that is not configured, and keeps the next path on this site', async () => {
    const res = await t.app.inject({ method: 'GET', url: oidcStartPath('facebook', '/') });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ detail: apiErrors.providerNotConfigured('facebook') });

    const person = personAtProvider();
    const offsite = await t.app.inject({ method: 'GET', url: oidcStartPath('testid', '//evil.example/') });
    const cookie = offsite.cookies.find((c) => c.name === 'oidc_flow')?.value ?? '';
    const returned = await idp.authorize(new URL(String(offsite.headers.location)), person.id);
    expect(landing(await callback(returned, cookie)).get(socialCallbackKeys.next)).toBe(DEFAULT_AFTER_LOGIN);
  });

  it('asks for the provider fields of a social request', async () => {
    const res = await login({ username: uniqueEmail(), authentication_type: 'social' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorOf(res)).sort()).toEqual(['authentication_label', 'authentication_token']);
  });
});

describe('social sign-in while the provider cannot be reached', () => {
  it('sends the browser back to /login saying so, on every try, without a flow cookie', async () => {
    // A port that was just free: nothing answers there.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const t = await createTestApp({
      oidcProviders: [{ name: 'down', label: 'Down', issuer: `http://127.0.0.1:${port}`, client_id: 'market-client' }],
    });
    try {
      for (let i = 0; i < 2; i += 1) {
        const res = await t.app.inject({ method: 'GET', url: oidcStartPath('down', '/portfolio') });
        expect(res.statusCode).toBe(302);
        expect(String(res.headers.location)).toBe(`${publicUrl}/login#${socialCallbackKeys.error}=unavailable`);
        expect(res.cookies.find((c) => c.name === 'oidc_flow')).toBeUndefined();
      }
    } finally {
      await t.close();
    }
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
      expect(errorOf(res)).toEqual({ authentication_label: [apiErrors.providerNotConfigured('google')] });
      expect(json(await t.app.inject({ method: 'GET', url: '/api/auth/providers/' }))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
