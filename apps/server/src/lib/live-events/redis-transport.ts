import type { Redis } from 'ioredis';
import type { LiveTransport } from './live-bus.js';

/**
 * Changes through Redis pub/sub: published on the app's client, heard on a duplicate of it (a
 * subscribed Redis connection can do nothing else). ioredis resubscribes after a reconnect.
 */
export function createRedisTransport(redis: Redis, channel = 'market:live'): LiveTransport {
  let subscriber: Redis | undefined;
  return {
    name: 'redis',
    async start(deliver) {
      subscriber = redis.duplicate();
      subscriber.on('message', (ch: string, message: string) => {
        if (ch === channel) deliver(message);
      });
      await subscriber.subscribe(channel);
    },
    async send(message) {
      await redis.publish(channel, message);
    },
    async stop() {
      await subscriber?.quit().catch(() => undefined);
      subscriber = undefined;
    },
  };
}
