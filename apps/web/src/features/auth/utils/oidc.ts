import { safeRedirectPath, socialCallbackKeys, socialTicketClaims } from '@market/shared';

/**
 * Social sign-in is the OIDC authorization code flow, run by the server: the browser only
 * follows a link to the server's start path (oidcStartPath) and, on the way back, reads what the
 * server's callback put in the /login fragment. State, nonce and PKCE are checked by the server.
 */

/** What the register page needs to finish a social sign-up. */
export interface SocialSignup {
  provider: string;
  label: string;
  /** The server's sign-in ticket, sent back as `authentication_token`. */
  token: string;
  email: string;
  first_name: string;
  last_name: string;
}

/** `next`: where the user was heading when they started (a safe path), if the server said. */
export type CallbackParams = { kind: 'ticket'; ticket: string; next?: string } | { kind: 'error'; next?: string };

/** Parses `#social_ticket=...&next=...` (or `#social_error=...`); null when the hash is not a callback. */
export function parseCallbackHash(hash: string): CallbackParams | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const rawNext = params.get(socialCallbackKeys.next);
  const next = rawNext === null ? undefined : safeRedirectPath(rawNext);
  const ticket = params.get(socialCallbackKeys.ticket);
  if (ticket) return { kind: 'ticket', ticket, next };
  if (params.has(socialCallbackKeys.error)) return { kind: 'error', next };
  return null;
}

/** Decodes a JWT payload without verifying it: only to prefill forms, the server verifies the ticket. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads the ticket's claims the forms need; null when it is not a ticket. */
export function socialSignupFromTicket(ticket: string): SocialSignup | null {
  const parsed = socialTicketClaims.safeParse(decodeJwtPayload(ticket));
  if (!parsed.success || !parsed.data.email) return null;
  const claims = parsed.data;
  return {
    provider: claims.provider,
    label: claims.label,
    token: ticket,
    email: claims.email,
    first_name: claims.given_name ?? '',
    last_name: claims.family_name ?? '',
  };
}

/** Validates the social sign-up carried in router state before the register page uses it. */
export function readSocialSignup(state: unknown): SocialSignup | null {
  const social = state && typeof state === 'object' ? (state as { social?: unknown }).social : undefined;
  if (!social || typeof social !== 'object') return null;
  const s = social as Record<string, unknown>;
  const fields = ['provider', 'label', 'token', 'email', 'first_name', 'last_name'] as const;
  if (!fields.every((f) => typeof s[f] === 'string')) return null;
  if (!s.token || !s.email || !s.provider) return null;
  return s as unknown as SocialSignup;
}
