import { DEFAULT_AFTER_LOGIN } from '@market/shared';
import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, parseCallbackHash, socialSignupFromTicket } from './oidc';

function base64url(value: unknown): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

describe('oidc helpers', () => {
  it('reads ticket, error and nothing from the hash, keeping next on this site', () => {
    expect(parseCallbackHash('#social_ticket=a.b.c&next=%2Fportfolio')).toEqual({ kind: 'ticket', ticket: 'a.b.c', next: '/portfolio' });
    expect(parseCallbackHash('#social_ticket=a.b.c&next=%2F%2Fevil.example')).toEqual({
      kind: 'ticket',
      ticket: 'a.b.c',
      next: DEFAULT_AFTER_LOGIN,
    });
    expect(parseCallbackHash('#social_error=refused&next=%2Fportfolio')).toEqual({ kind: 'error', next: '/portfolio' });
    expect(parseCallbackHash('#social_error=no-flow')).toEqual({ kind: 'error', next: undefined });
    // What the old implicit flow brought back is no longer a callback.
    expect(parseCallbackHash('#id_token=a.b.c&state=s')).toBeNull();
    expect(parseCallbackHash('#section-2')).toBeNull();
  });

  it('decodes a base64url JWT payload with non-ASCII text', () => {
    expect(decodeJwtPayload(`h.${base64url({ given_name: 'Seán' })}.s`)).toEqual({ given_name: 'Seán' });
    expect(decodeJwtPayload('garbage')).toBeNull();
  });

  it('reads the sign-up fields from a ticket, and nothing from a token that is not one', () => {
    const ticket = `h.${base64url({ email: 'a@b.co', given_name: 'Seán', provider: 'google', label: 'Google' })}.s`;
    expect(socialSignupFromTicket(ticket)).toEqual({
      provider: 'google',
      label: 'Google',
      token: ticket,
      email: 'a@b.co',
      first_name: 'Seán',
      last_name: '',
    });
    expect(socialSignupFromTicket(`h.${base64url({ email: 'a@b.co' })}.s`)).toBeNull();
    expect(socialSignupFromTicket('garbage')).toBeNull();
  });
});
