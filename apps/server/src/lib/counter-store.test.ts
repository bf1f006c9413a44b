import { afterAll, describe, expect, it } from 'vitest';
import { type CounterStore, createMemoryCounterStore, createRedisCounterStore } from './counter-store.js';
import { createRedisClient } from './redis.js';

const redisUrl = process.env.TEST_REDIS_URL;

const clients: { quit(): Promise<unknown> }[] = [];
afterAll(() => Promise.all(clients.map((c) => c.quit())));

const stores: [string, () => Promise<CounterStore>][] = [['memory', () => Promise.resolve(createMemoryCounterStore())]];
if (redisUrl) {
  stores.push([
    'Redis',
    async () => {
      const client = await createRedisClient(redisUrl);
      clients.push(client);
      return createRedisCounterStore(client, `test:${process.pid}:${Date.now()}:`);
    },
  ]);
}

describe.each(stores)('%s counter store', (_, open) => {
  let store: CounterStore;
  afterAll(() => store?.close());

  it('counts within a window, forgets after it and on reset', async () => {
    store = await open();
    expect(await store.increment('a', 60_000)).toBe(1);
    expect(await store.increment('a', 60_000)).toBe(2);
    expect(await store.get('a')).toBe(2);
    expect(await store.get('b')).toBe(0);
    const left = await store.remainingMs('a');
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(60_000);
    expect(await store.remainingMs('b')).toBe(0);
    await store.reset('a');
    expect(await store.get('a')).toBe(0);
    expect(await store.remainingMs('a')).toBe(0);

    expect(await store.increment('short', 50)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await store.get('short')).toBe(0);
    expect(await store.increment('short', 50)).toBe(1);
  });
});

describe('memory counter store on a given clock', () => {
  it('counts the remaining time down with the clock, and a later count does not extend the window', async () => {
    let now = 1_000_000;
    const store = createMemoryCounterStore(() => now);
    await store.increment('k', 10_000);
    now += 4_000;
    await store.increment('k', 10_000);
    expect(await store.remainingMs('k')).toBe(6_000);
    now += 6_000;
    expect(await store.remainingMs('k')).toBe(0);
    expect(await store.get('k')).toBe(0);
  });
});
