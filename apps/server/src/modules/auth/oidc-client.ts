import { oidcCallbackPath } from '@market/shared';
import * as client from 'openid-client';
import type { OidcProviderConfig } from '../../config.js';
import type { VerifiedIdentity } from './social-tickets.js';

/** What the start of a sign-in must remember until its callback: kept in a signed cookie. */
export interface OidcFlow {
  provider: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Where the user was heading, already a safe same-site path. */
  next: string;
}

export interface OidcClients {
  /** The provider's authorization URL for a new sign-in, and the flow to keep for its callback. */
  start(provider: OidcProviderConfig, next: string): Promise<{ url: URL; flow: OidcFlow }>;
  /**
   * Exchanges the callback's code (with the PKCE verifier) and checks the ID token's signature,
   * issuer, audience, expiry and nonce, and the state; throws on any mismatch.
   */
  finish(provider: OidcProviderConfig, callbackUrl: URL, flow: OidcFlow): Promise<VerifiedIdentity>;
}

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/**
 * The authorization code flow with PKCE, state and nonce, through openid-client. Each
 * provider's endpoints and keys come from its discovery document, fetched on first use and
 * kept; a failed fetch is tried again on the next sign-in.
 */
export function createOidcClients(publicUrl: string): OidcClients {
  const configurations = new Map<string, Promise<client.Configuration>>();

  function configuration(provider: OidcProviderConfig): Promise<client.Configuration> {
    let found = configurations.get(provider.name);
    if (!found) {
      const issuer = new URL(provider.issuer);
      found = client.discovery(
        issuer,
        provider.client_id,
        undefined,
        provider.client_secret ? client.ClientSecretPost(provider.client_secret) : client.None(),
        {
          execute: [
            // The library checks an ID token's claims but, by default, not its signature (the token
            // comes straight from the provider); checked against the provider's JWKS, a token signed
            // by any other key, or by none, is refused.
            client.enableNonRepudiationChecks,
            // Plain HTTP only for a provider on this machine (development and tests).
            ...(issuer.protocol === 'http:' && isLoopback(issuer) ? [client.allowInsecureRequests] : []),
          ],
        },
      );
      found.catch(() => configurations.delete(provider.name));
      configurations.set(provider.name, found);
    }
    return found;
  }

  return {
    async start(provider, next) {
      const config = await configuration(provider);
      const flow: OidcFlow = {
        provider: provider.name,
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
        next,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: `${publicUrl}${oidcCallbackPath(provider.name)}`,
        scope: 'openid email profile',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, flow };
    },

    async finish(provider, callbackUrl, flow) {
      const config = await configuration(provider);
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('no ID token');
      // Some providers put the e-mail only in the userinfo answer, for the same subject.
      const claims =
        typeof idToken.email === 'string' ? idToken : await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
      if (typeof claims.email !== 'string' || claims.email_verified === false) throw new Error('no verified e-mail');
      const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
      return {
        email: claims.email.toLowerCase(),
        given_name: text(claims.given_name),
        family_name: text(claims.family_name),
      };
    },
  };
}
