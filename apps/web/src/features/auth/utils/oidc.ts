import type { AuthProvider } from '@market/shared';
import { sessionStore } from '@/lib/storage';

/**
 * OIDC implicit flow (response_type=id_token). The browser only reads the ID token's claims to
 * prefill forms; the server verifies signature, audience and nonce before trusting anything.
 */
const PENDING_KEY = 'oidc_pending';

export interface PendingSocialLogin {
  state: string;
  nonce: string;
  provider: string;
  label: string;
  /** Where the user was heading before signing in (already a safe path). */
  from: string;
}

/** What the register page needs to finish a social sign-up. */
export interface SocialSignup {
  provider: string;
  label: string;
  token: string;
  email: string;
  first_name: string;
  last_name: string;
}

export function callbackUrl(): string {
  return `${window.location.origin}/login`;
}

function randomToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function buildAuthorizationUrl(provider: AuthProvider, state: string, nonce: string): string {
  const url = new URL(provider.authorization_endpoint);
  url.searchParams.set('response_type', 'id_token');
  url.searchParams.set('client_id', provider.client_id);
  url.searchParams.set('redirect_uri', callbackUrl());
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('nonce', nonce);
  url.searchParams.set('state', state);
  return url.toString();
}

/** Leaves the app for the provider; it comes back to /login with the token in the hash. */
export function startSocialLogin(provider: AuthProvider, from: string): void {
  const pending: PendingSocialLogin = {
    state: randomToken(),
    nonce: randomToken(),
    provider: provider.name,
    label: provider.label,
    from,
  };
  sessionStore.set(PENDING_KEY, pending);
  window.location.assign(buildAuthorizationUrl(provider, pending.state, pending.nonce));
}

export type CallbackParams =
  | { kind: 'token'; idToken: string; state: string }
  | { kind: 'error'; error: string; state: string };

/** Parses `#id_token=...&state=...` (or `#error=...`); null when the hash is not a callback. */
export function parseCallbackHash(hash: string): CallbackParams | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const state = params.get('state') ?? '';
  const idToken = params.get('id_token');
  if (idToken) return { kind: 'token', idToken, state };
  const error = params.get('error');
  if (error) return { kind: 'error', error: params.get('error_description') ?? error, state };
  return null;
}

/** The pending login is single-use: read and removed, and only returned for the right state. */
export function takePendingLogin(state: string): PendingSocialLogin | null {
  const pending = sessionStore.get<PendingSocialLogin>(PENDING_KEY);
  sessionStore.remove(PENDING_KEY);
  if (!pending || !state || pending.state !== state) return null;
  return pending;
}

/** Decodes a JWT payload without verifying it (see the note at the top of this file). */
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

function claim(payload: Record<string, unknown>, name: string): string {
  const value = payload[name];
  return typeof value === 'string' ? value : '';
}

/** Reads the claims the forms need; null when the token carries no e-mail. */
export function socialSignupFromToken(
  idToken: string,
  pending: Pick<PendingSocialLogin, 'provider' | 'label' | 'nonce'>,
): SocialSignup | null {
  const payload = decodeJwtPayload(idToken);
  if (!payload) return null;
  // A token minted for another login attempt is refused early; the server re-checks.
  if (payload.nonce !== undefined && payload.nonce !== pending.nonce) return null;
  const email = claim(payload, 'email');
  if (!email) return null;
  return {
    provider: pending.provider,
    label: pending.label,
    token: idToken,
    email,
    first_name: claim(payload, 'given_name'),
    last_name: claim(payload, 'family_name'),
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
