import { apiErrors } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from './app.js';
import { bearer, createTestApp, registerUser, type TestApp, testDialect, errorOf } from './test/test-app.js';

describe(`requests at the edge: malformed bodies, security headers (${testDialect})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await registerUser(t.app)).token;
  });
  afterAll(() => t.close());

  it('answers a multipart body without its boundary with 400, not a server error', async () => {
    const noBoundary = { 'content-type': 'multipart/form-data' };
    const imported = await t.app.inject({ method: 'POST', url: '/api/domains/', headers: { ...bearer(token), ...noBoundary }, payload: 'domain_list=x.com' });
    expect(imported.statusCode).toBe(400);
    expect(errorOf(imported)).toEqual({ detail: apiErrors.malformedBody });
    const upload = await t.app.inject({ method: 'POST', url: '/storage/upload', headers: noBoundary, payload: 'file' });
    expect(upload.statusCode).toBe(400);
    expect(errorOf(upload)).toEqual({ detail: apiErrors.malformedBody });
  });

  it('answers a multipart upload cut off before its end with 400 saying so, not a server error', async () => {
    const cutOff = { 'content-type': 'multipart/form-data; boundary=bnd' };
    // Cut off inside the fields, before the policy could be read.
    const payload = '--bnd\r\nContent-Disposition: form-data; name="key"\r\n\r\nvideos/1/2/clip.mp4\r\n--bnd\r\nContent-Disposition: form-data; name="Policy"\r\n\r\neyJ';
    const upload = await t.app.inject({ method: 'POST', url: '/storage/upload', headers: cutOff, payload });
    expect(upload.statusCode).toBe(400);
    expect(errorOf(upload)).toEqual({ detail: apiErrors.uploadIncomplete });
  });

  it('turns off the browser features no page uses, on every answer', async () => {
    for (const url of ['/api/health', '/api/domains/search/?domain_name=x', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
    }
  });

  it('keeps every answer to a signed-in request out of caches, and leaves public answers their own caching', async () => {
    const signedIn = bearer(token);
    const get = (url: string, headers: Record<string, string> = signedIn) => t.app.inject({ method: 'GET', url, headers });
    for (const url of ['/api/auth/user/', '/api/orders/', '/api/engagements/', '/api/domains/?page=1&limit=10', '/api/domains/search/?domain_name=x', '/api/engagements/999999/']) {
      expect((await get(url)).headers['cache-control'], url).toBe('no-store');
    }
    // A session key that no longer works, and the answers that hand one out.
    expect((await get('/api/auth/user/', bearer('x'.repeat(43)))).headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username: 'nobody@example.com', password: 'wrong password' } });
    expect(login.headers['cache-control']).toBe('no-store');
    // Public content keeps the caching its route sets, signed in or not; anonymous answers get no no-store.
    expect((await get('/api/freelancers/')).headers['cache-control']).toBe('public, max-age=30');
    expect((await get('/api/freelancers/', {})).headers['cache-control']).toBe('public, max-age=30');
    expect((await get('/api/domains/search/?domain_name=x', {})).headers['cache-control']).toBeUndefined();
  });

  it('takes an id only as a positive whole number or a string of digits', async () => {
    const lead = (domain_id: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/domains/domain-leads/', headers: bearer(token), payload: { domain_id } });
    for (const loose of [true, [2], '5e0', ' 4 ', '04', 1.5, 0, -3, '', null, 2_147_483_648]) {
      const res = await lead(loose);
      expect(res.statusCode, JSON.stringify(loose)).toBe(400);
      expect(Object.keys(errorOf(res)), JSON.stringify(loose)).toEqual(['domain_id']);
    }
    // Well-formed ids reach the rule behind them (no such domain here).
    expect((await lead(999_999)).statusCode).toBe(404);
    expect((await lead('999999')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/domains/5e0', headers: bearer(token) })).statusCode).toBe(400);
  });
});
