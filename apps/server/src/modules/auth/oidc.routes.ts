import cookie from '@fastify/cookie';
import { apiErrors, safeRedirectPath, socialCallbackKeys } from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OidcProviderConfig } from '../../config.js';
import { AppError } from '../../errors.js';
import type { OidcClients, OidcFlow } from './oidc-client.js';
import type { SocialTickets } from './social-tickets.js';

const FLOW_COOKIE = 'oidc_flow';
/** Long enough to sign in at the provider, short enough that a forgotten tab's flow dies. */
const FLOW_MAX_AGE_SECONDS = 10 * 60;
const COOKIE_PATH = '/api/auth/oidc/';

const flowSchema = z.object({
  provider: z.string(),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  next: z.string(),
});

export interface OidcRoutesOptions {
  providers: OidcProviderConfig[];
  clients: OidcClients;
  tickets: SocialTickets;
  publicUrl: string;
  /** Signs the flow cookie, so the browser can carry it but not change it. */
  cookieSecret: string;
}

/**
 * GET {provider}/start sends the browser to the provider; GET {provider}/callback finishes
 * there and sends it to /login with a sign-in ticket in the fragment (or `social_error`), where
 * the app signs in with it as before. The flow's state, nonce and PKCE verifier wait in a signed,
 * httpOnly cookie scoped to these paths; the callback clears it, so a flow is used once.
 */
export const oidcRoutes: FastifyPluginAsyncZod<OidcRoutesOptions> = async (app, opts) => {
  const { providers, clients, tickets, publicUrl } = opts;
  await app.register(cookie, { secret: opts.cookieSecret });
  const tags = ['auth'];
  const params = z.object({ provider: z.string().max(50) });
  const cookieOptions = {
    path: COOKIE_PATH,
    httpOnly: true,
    secure: publicUrl.startsWith('https:'),
    // Lax: the cookie must come back on the provider's top-level redirect to the callback.
    sameSite: 'lax',
  } as const;
  const find = (name: string) => providers.find((p) => p.name === name.toLowerCase());
  const toLogin = (fragment: Record<string, string>) => `${publicUrl}/login#${new URLSearchParams(fragment)}`;

  app.get(
    '/:provider/start',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: { tags, params, querystring: z.object({ next: z.string().optional() }) } },
    async (request, reply) => {
      const provider = find(request.params.provider);
      if (!provider) throw new AppError('NOT_FOUND', apiErrors.providerNotConfigured(request.params.provider));
      let started: Awaited<ReturnType<OidcClients['start']>>;
      try {
        started = await clients.start(provider, safeRedirectPath(request.query.next));
      } catch (error) {
        request.log.warn({ err: error, provider: provider.name }, 'OIDC discovery failed');
        return reply.redirect(toLogin({ [socialCallbackKeys.error]: 'unavailable' }));
      }
      reply.setCookie(FLOW_COOKIE, JSON.stringify(started.flow), { ...cookieOptions, signed: true, maxAge: FLOW_MAX_AGE_SECONDS });
      return reply.redirect(started.url.href);
    },
  );

  app.get('/:provider/callback', { schema: { tags, params } }, async (request, reply) => {
    const provider = find(request.params.provider);
    const flow = readFlow(request.cookies[FLOW_COOKIE], (v) => request.unsignCookie(v));
    reply.clearCookie(FLOW_COOKIE, cookieOptions);
    if (!provider || !flow || flow.provider !== provider.name) {
      request.log.info({ provider: request.params.provider }, 'OIDC callback without a matching flow');
      return reply.redirect(toLogin({ [socialCallbackKeys.error]: 'no-flow' }));
    }
    try {
      const identity = await clients.finish(provider, new URL(request.url, publicUrl), flow);
      const ticket = await tickets.issue(provider.name, identity);
      return reply.redirect(toLogin({ [socialCallbackKeys.ticket]: ticket, [socialCallbackKeys.next]: flow.next }));
    } catch (error) {
      // The provider's refusal (user cancelled), a replayed code, a wrong nonce or audience...
      request.log.info({ err: error, provider: provider.name }, 'OIDC callback refused');
      return reply.redirect(toLogin({ [socialCallbackKeys.error]: 'refused', [socialCallbackKeys.next]: flow.next }));
    }
  });
};

function readFlow(raw: string | undefined, unsign: (value: string) => { valid: boolean; value: string | null }): OidcFlow | null {
  if (!raw) return null;
  const { valid, value } = unsign(raw);
  if (!valid || !value) return null;
  try {
    const parsed = flowSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
