import { describe, expect, it } from 'vitest';
import { buildAuthorizationUrl, decodeJwtPayload, parseCallbackHash } from './oidc';

describe('oidc helpers', () => {
  it('builds an implicit-flow authorization URL', () => {
    const url = new URL(
      buildAuthorizationUrl(
        { name: 'google', label: 'Google', authorization_endpoint: 'https://idp.example/authorize?prompt=login', client_id: 'cid' },
        'st',
        'nc',
      ),
    );
    expect(url.origin + url.pathname).toBe('https://idp.example/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      prompt: 'login',
      response_type: 'id_token',
      client_id: 'cid',
      redirect_uri: `${window.location.origin}/login`,
      scope: 'openid email profile',
      nonce: 'nc',
      state: 'st',
    });
  });

  it('reads token, error and nothing from the hash', () => {
    expect(parseCallbackHash('#id_token=a.b.c&state=s')).toEqual({ kind: 'token', idToken: 'a.b.c', state: 's' });
    expect(parseCallbackHash('#error=access_denied&state=s')).toEqual({ kind: 'error', error: 'access_denied', state: 's' });
    expect(parseCallbackHash('#section-2')).toBeNull();
  });

  it('decodes a base64url JWT payload with non-ASCII text', () => {
    const payload = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify({ given_name: 'Seán' }))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(decodeJwtPayload(`h.${payload}.s`)).toEqual({ given_name: 'Seán' });
    expect(decodeJwtPayload('garbage')).toBeNull();
  });
});
