import type { CounterStore } from './counter-store.js';

/**
 * Counts one use of `key` in the current clock-aligned window (shared by every instance when the
 * counters are in Redis). Returns 0 while within `limit`, else the seconds until the window ends:
 * aligned windows make that wait exact, which a Retry-After header needs.
 */
export async function useWindow(counters: CounterStore, key: string, limit: number, windowMs: number, now = Date.now()): Promise<number> {
  const window = Math.floor(now / windowMs);
  const count = await counters.increment(`${key}:${window}`, windowMs);
  if (count <= limit) return 0;
  return Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000));
}
