/**
 * Thin JSON wrapper over localStorage. Storage can throw (private mode, quota, disabled
 * cookies); the app must keep working in memory-less mode rather than crash, so every
 * access is guarded.
 */
export const storage = {
  get<T>(key: string): T | null {
    try {
      const raw = window.localStorage.getItem(key);
      return raw === null ? null : (JSON.parse(raw) as T);
    } catch {
      return null;
    }
  },
  set(key: string, value: unknown): void {
    try {
      window.localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Quota or privacy mode: the session just will not survive a reload.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // ignore, see set()
    }
  },
  /** Logging out clears all local storage, not just the auth keys. */
  clear(): void {
    try {
      window.localStorage.clear();
    } catch {
      // ignore, see set()
    }
  },
};
