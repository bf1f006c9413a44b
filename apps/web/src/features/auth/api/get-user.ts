import { useEffect } from 'react';
import type { User } from '@market/shared';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';

/** GET /api/auth/user/ — response shape: `userSchema` in @market/shared. */
export function getUser(signal?: AbortSignal): Promise<User> {
  return api.get<User>('/api/auth/user/', { signal });
}

/**
 * On start with a stored token, fetch the user again: the stored copy may be stale (role
 * changed) and the token may have expired. Failure ends the session.
 */
export function useRefreshUserOnStart(): void {
  useEffect(() => {
    const token = authStore.getToken();
    if (!token) return;
    const controller = new AbortController();
    getUser(controller.signal)
      .then((user) => {
        if (authStore.getToken() === token) authStore.setUser(user);
      })
      .catch(() => {
        // Aborted by unmount (StrictMode replays effects): not a verdict on the session.
        if (controller.signal.aborted) return;
        if (authStore.getToken() === token) authStore.clearSession();
      });
    return () => controller.abort();
  }, []);
}
