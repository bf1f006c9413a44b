import type { Redis } from 'ioredis';

/**
 * Fixed-window counters for limits that the rate-limit plugin cannot express (login back-off per
 * account and address). In memory by default; Redis when several instances must share the count.
 */
export interface CounterStore {
  /** Counts one more; the window starts with the first count and is not extended by later ones. */
  increment(key: string, windowMs: number): Promise<number>;
  get(key: string): Promise<number>;
  /** Milliseconds until the key's window ends; 0 when it has no live count. */
  remainingMs(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryCounterStore(now: () => number = Date.now): CounterStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.resetAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async increment(key, windowMs) {
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs };
      entry.count += 1;
      counters.set(key, entry);
      // Drop expired entries now and then so the map cannot grow without bound.
      if (counters.size > 10_000) for (const k of counters.keys()) live(k);
      return entry.count;
    },
    async get(key) {
      return live(key)?.count ?? 0;
    },
    async remainingMs(key) {
      const entry = live(key);
      return entry ? entry.resetAt - now() : 0;
    },
    async reset(key) {
      counters.delete(key);
    },
    async close() {
      counters.clear();
    },
  };
}

/** Counters in Redis, shared by every instance. The client is the caller's (the app shares it with the rate limiter) and outlives the store. */
export function createRedisCounterStore(redis: Redis, prefix = 'market:counter:'): CounterStore {
  return {
    async increment(key, windowMs) {
      const k = prefix + key;
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[null, number]];
      return count;
    },
    async get(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async remainingMs(key) {
      // -2: no such key; -1: no expiry (never set by increment, which always sets one).
      return Math.max(0, await redis.pttl(prefix + key));
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      // Nothing of its own to release: whoever created the client quits it.
    },
  };
}
