import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, exportSPKI, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import Provider from 'oidc-provider';

export interface TestAccount {
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

/** Signs an ID token's claims into a compact JWT, however a test wants it signed. */
export type IdTokenSigner = (claims: JWTPayload) => Promise<string>;

/**
 * A real OpenID provider (the `oidc-provider` package) on 127.0.0.1 for tests. Its login and
 * consent pages are replaced by one step that signs in `signInAs`; `rewriteIdToken` lets a test
 * make the token endpoint hand out an ID token with changed claims, signed by the provider's key
 * or however `sign` does it (another key, another algorithm), the way a confused or hostile
 * provider, or someone between it and us, could.
 */
export async function startOidcProvider(redirectUri: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  // The key the provider signed with before 'test-key': it is no longer in the provider's JWKS.
  const retired = await generateKeyPair('RS256', { extractable: true });
  const accounts = new Map<string, TestAccount>();
  const control: { signInAs?: string; rewriteIdToken?: { claims: (claims: JWTPayload) => JWTPayload; sign: IdTokenSigner } } = {};
  const signWithProviderKey: IdTokenSigner = (claims) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(privateKey);

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = (id: string) => ({
    client_id: id,
    client_secret: `${id}-secret`,
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code'],
    response_types: ['code' as const],
    token_endpoint_auth_method: 'client_secret_post' as const,
  });
  const provider = new Provider(issuer, {
    clients: [client('market-client'), client('other-client')],
    jwks: { keys: [jwk] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // Put the e-mail in the ID token, as Google does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-provider-cookie-key'] },
    // Set explicitly, so the provider does not warn about its defaults in every run.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: async () => ({ sub, ...account }) } : undefined;
    },
  });
  const handle = provider.callback();

  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      void finishInteraction(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
    } else {
      if (req.method === 'POST' && req.url === '/token' && control.rewriteIdToken) rewriteTokenResponse(res, control.rewriteIdToken);
      handle(req, res);
    }
  });

  async function finishInteraction(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const accountId = control.signInAs;
    if (!accountId) throw new Error('no account to sign in');
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  /** Holds back the token endpoint's answer and sends it with the ID token re-signed. */
  function rewriteTokenResponse(res: http.ServerResponse, rewrite: NonNullable<typeof control.rewriteIdToken>) {
    const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
    res.end = ((chunk?: unknown) => {
      const body = JSON.parse(String(chunk)) as { id_token?: string };
      if (!body.id_token) return end(chunk);
      void rewrite
        .sign(rewrite.claims(decodeJwt(body.id_token)))
        .then((idToken) => {
          const text = JSON.stringify({ ...body, id_token: idToken });
          res.setHeader('content-length', Buffer.byteLength(text));
          end(text);
        })
        .catch(() => res.destroy());
      return res;
    }) as typeof res.end;
  }

  /**
   * Plays the browser at the provider: follows redirects from `url`, keeping the provider's
   * cookies, until one leads to the app's redirect URI, and returns that URL.
   */
  async function authorize(url: URL, account: string): Promise<URL> {
    control.signInAs = account;
    const jar = new Map<string, string>();
    let next = url;
    for (let hop = 0; hop < 10; hop += 1) {
      const res = await fetch(next, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const value = pair.slice(eq + 1);
        if (value) jar.set(pair.slice(0, eq), value);
        else jar.delete(pair.slice(0, eq));
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`the provider stopped with ${res.status}: ${await res.text()}`);
      next = new URL(location, next);
      if (next.href.startsWith(redirectUri)) return next;
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    addAccount(id: string, account: TestAccount) {
      accounts.set(id, account);
    },
    authorize,
    /** The provider's public key as PEM: what a forger knows of it. */
    publicKeyPem: await exportSPKI(publicKey),
    /** The provider's previous key, rotated out of its JWKS, with the key id it had. */
    retiredKey: { kid: 'retired-key', privateKey: retired.privateKey },
    /** Until called again with `undefined`, ID tokens carry `rewrite`'s claims, signed by `sign` (the provider's own key unless given). */
    rewriteIdToken(rewrite: ((claims: JWTPayload) => JWTPayload) | undefined, sign: IdTokenSigner = signWithProviderKey) {
      control.rewriteIdToken = rewrite && { claims: rewrite, sign };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
