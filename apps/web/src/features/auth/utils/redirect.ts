import { safeRedirectPath } from '@market/shared';

/**
 * The guard stores where the user was heading as a location object ({pathname, search, hash});
 * older links may carry a plain string. Either way only a same-site path survives
 * (safeRedirectPath in @market/shared); anything else falls back to /my_stable.
 */
export function cameFromPath(from: unknown): string {
  if (typeof from === 'string') return safeRedirectPath(from);
  if (from && typeof from === 'object') {
    const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof pathname !== 'string') return safeRedirectPath(undefined);
    const path = `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
    return safeRedirectPath(path);
  }
  return safeRedirectPath(undefined);
}

/** Reads `from` out of router state without trusting its shape. */
export function fromState(state: unknown): unknown {
  return state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined;
}

/**
 * The server-rendered landing page sends signed-out visitors to `/login?next=<path>`. `next` is
 * treated exactly like the came-from state: a candidate that cameFromPath/safeRedirectPath
 * still vets (same-site paths only). Router state, when present, wins.
 */
export function nextFromSearch(search: string): string | undefined {
  const next = new URLSearchParams(search).get('next');
  return next === null || next === '' ? undefined : next;
}

/** Where the login page sends the user afterwards: router state `from`, else `?next=`. */
export function loginOrigin(state: unknown, search: string): unknown {
  return fromState(state) ?? nextFromSearch(search);
}
