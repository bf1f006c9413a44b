import type { Redis } from 'ioredis';

/**
 * A Redis client, with the client library loaded only when Redis is configured: a single
 * instance on SQLite never needs it, and its modules would sit in resident memory unused.
 */
export async function createRedisClient(redisUrl: string): Promise<Redis> {
  const { Redis: Client } = await import('ioredis');
  return new Client(redisUrl, { maxRetriesPerRequest: 2 });
}
