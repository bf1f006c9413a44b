import { createHmac, randomUUID } from 'node:crypto';
import type { SocialTicketClaims } from '@market/shared';
import { jwtVerify, SignJWT } from 'jose';
import type { OidcProviderConfig } from '../../config.js';

export interface VerifiedIdentity {
  email: string;
  given_name?: string;
  family_name?: string;
}

export type SocialVerification =
  | { ok: true; identity: VerifiedIdentity; ticketId: string }
  | { ok: false; reason: 'provider-not-configured' | 'invalid-token' };

/**
 * Sign-in tickets: what the OIDC callback hands the browser once it has verified the provider's
 * ID token, and what login and register accept as `authentication_token`. Signed by the server
 * (HS256), so only a callback of ours can have made one; short-lived, and single use is up to
 * the caller (by `ticketId`).
 */
export interface SocialTickets {
  providers(): OidcProviderConfig[];
  issue(providerName: string, identity: VerifiedIdentity): Promise<string>;
  verify(providerName: string, ticket: string): Promise<SocialVerification>;
}

export const TICKET_TTL_SECONDS = 10 * 60;
const ISSUER = 'domain-market';
const AUDIENCE = 'social-sign-in';

export function createSocialTickets(providers: OidcProviderConfig[], serverSecret: string): SocialTickets {
  // A key of its own, derived from the server secret, so a ticket can never pass for anything else it signs.
  const key = createHmac('sha256', serverSecret).update('social sign-in ticket').digest();
  const find = (name: string) => providers.find((p) => p.name === name.toLowerCase());
  return {
    providers: () => providers,
    async issue(providerName, identity) {
      const provider = find(providerName);
      if (!provider) throw new Error(`unknown provider ${providerName}`);
      const claims: SocialTicketClaims = { ...identity, provider: provider.name, label: provider.label };
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(identity.email)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${TICKET_TTL_SECONDS}s`)
        .sign(key);
    },
    async verify(providerName, ticket) {
      const provider = find(providerName);
      if (!provider) return { ok: false, reason: 'provider-not-configured' };
      try {
        const { payload } = await jwtVerify(ticket, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        if (payload.provider !== provider.name || typeof payload.email !== 'string' || !payload.jti) {
          return { ok: false, reason: 'invalid-token' };
        }
        const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
        return {
          ok: true,
          ticketId: payload.jti,
          identity: { email: payload.email, given_name: text(payload.given_name), family_name: text(payload.family_name) },
        };
      } catch {
        return { ok: false, reason: 'invalid-token' };
      }
    },
  };
}
