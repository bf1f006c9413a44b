import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { OidcProviderConfig } from '../../config.js';

export interface VerifiedIdentity {
  email: string;
  given_name?: string;
  family_name?: string;
}

export type SocialVerification =
  | { ok: true; identity: VerifiedIdentity }
  | { ok: false; reason: 'provider-not-configured' | 'invalid-token' };

export interface SocialVerifier {
  providers(): OidcProviderConfig[];
  verify(providerName: string, idToken: string): Promise<SocialVerification>;
}

/** Checks an OIDC ID token's signature (provider JWKS), issuer, audience and expiry with jose. */
export function createSocialVerifier(providers: OidcProviderConfig[]): SocialVerifier {
  const keySets = new Map(providers.map((p) => [p.name, createRemoteJWKSet(new URL(p.jwks_uri))]));
  return {
    providers: () => providers,
    async verify(providerName, idToken) {
      const provider = providers.find((p) => p.name === providerName.toLowerCase());
      const keys = provider && keySets.get(provider.name);
      if (!provider || !keys) return { ok: false, reason: 'provider-not-configured' };
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, keys, {
          issuer: provider.issuer,
          audience: provider.client_id,
          clockTolerance: 30,
        }));
      } catch {
        return { ok: false, reason: 'invalid-token' };
      }
      const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : undefined;
      if (!email || payload.email_verified === false) return { ok: false, reason: 'invalid-token' };
      return {
        ok: true,
        identity: {
          email,
          given_name: typeof payload.given_name === 'string' ? payload.given_name : undefined,
          family_name: typeof payload.family_name === 'string' ? payload.family_name : undefined,
        },
      };
    },
  };
}
