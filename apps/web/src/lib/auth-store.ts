import { useSyncExternalStore } from 'react';
import type { User } from '@market/shared';
import { storage } from './storage';

/**
 * The session (token + user) lives in localStorage so it survives reloads (docs/product.md
 * section 5, Sessions). React reads it through useSyncExternalStore, so every component sees the
 * same snapshot and a logout anywhere (including a 401 inside the API client) re-renders the
 * guards at once.
 */
const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export interface AuthSnapshot {
  token: string | null;
  user: User | null;
  isAuthenticated: boolean;
  /**
   * True when the session ended because the user logged out (not because it expired). The
   * guard then does not remember the page for after the next login, which may be someone else's.
   */
  loggedOut: boolean;
}

// In memory only: it describes what happened in this tab, not state worth persisting.
let loggedOut = false;

function read(): AuthSnapshot {
  const token = storage.get<string>(TOKEN_KEY);
  const validToken = typeof token === 'string' && token.length > 0 ? token : null;
  const user = validToken ? storage.get<User>(USER_KEY) : null;
  return { token: validToken, user, isAuthenticated: validToken !== null, loggedOut: validToken === null && loggedOut };
}

let snapshot: AuthSnapshot = read();
const listeners = new Set<() => void>();

function emit(): void {
  snapshot = read();
  for (const listener of listeners) listener();
}

export const authStore = {
  getSnapshot: (): AuthSnapshot => snapshot,
  getToken: (): string | null => snapshot.token,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setSession(token: string, user: User): void {
    loggedOut = false;
    storage.set(TOKEN_KEY, token);
    storage.set(USER_KEY, user);
    emit();
  },
  setUser(user: User): void {
    if (!snapshot.token) return;
    storage.set(USER_KEY, user);
    emit();
  },
  /** Logout, failed login, failed refresh and any 401: wipe everything. */
  clearSession(options: { byUser?: boolean } = {}): void {
    loggedOut = options.byUser ?? false;
    storage.clear();
    emit();
  },
  /** The login page consumes the logout marker, so later guarded visits remember their page again. */
  acknowledgeLogout(): void {
    if (!loggedOut) return;
    loggedOut = false;
    emit();
  },
  /** Re-read storage; used by tests and when another tab changed it. */
  reload(): void {
    emit();
  },
};

// Another tab logging in or out changes localStorage; follow it so tabs never disagree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) emit();
  });
}

export function useAuthSnapshot(): AuthSnapshot {
  return useSyncExternalStore(authStore.subscribe, authStore.getSnapshot, authStore.getSnapshot);
}

