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
    await store.reset('a');
    expect(await store.get('a')).toBe(0);

    expect(await store.increment('short', 50)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await store.get('short')).toBe(0);
    expect(await store.increment('short', 50)).toBe(1);
  });
});
