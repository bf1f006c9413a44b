import { DEFAULT_AFTER_LOGIN } from './constants.js';

/**
 * The came-from location after login is honoured only when it is a path on this site:
 * one leading slash, no scheme, no protocol-relative `//host` and no backslash tricks.
 */
export function safeRedirectPath(candidate: unknown, fallback = DEFAULT_AFTER_LOGIN): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048) return fallback;
  if (!candidate.startsWith('/')) return fallback;
  if (candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f\\]/.test(candidate)) return fallback;
  if (candidate === '/login' || candidate.startsWith('/login?') || candidate.startsWith('/register')) return fallback;
  return candidate;
}
