import { type LiveEvent, liveEventSchema } from '@market/shared';
import type { FastifyBaseLogger } from 'fastify';

/** A change as published: what changed, and the users whose streams hear of it. */
export interface LiveChange {
  event: LiveEvent;
  userIds: readonly number[];
}

/**
 * How published changes reach every instance's streams: in-process on a single instance,
 * PostgreSQL LISTEN/NOTIFY or Redis pub/sub across several. A transport hands every message,
 * this instance's own included, to `deliver`.
 */
export interface LiveTransport {
  readonly name: 'memory' | 'postgres' | 'redis';
  start(deliver: (message: string) => void): Promise<void>;
  send(message: string): Promise<void>;
  stop(): Promise<void>;
}

export type LiveListener = (event: LiveEvent) => void;

export interface LiveBus {
  readonly transport: LiveTransport['name'];
  /** Sends changes to every instance; called after the commit that made them. Never throws: polling covers a lost event. */
  publish(changes: readonly LiveChange[]): void;
  /** Hears the events of one user on this instance; answers the unsubscribe. */
  subscribe(userId: number, listener: LiveListener): () => void;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** One change per message, in few bytes (a NOTIFY payload holds 8,000): `{"u":[ids],"e":{kind,id}}`. */
function encode(change: LiveChange): string {
  return JSON.stringify({ u: change.userIds, e: change.event });
}

function decode(message: string): LiveChange | undefined {
  try {
    const raw = JSON.parse(message) as { u?: unknown; e?: unknown };
    const event = liveEventSchema.safeParse(raw.e);
    if (!event.success || !Array.isArray(raw.u)) return undefined;
    return { event: event.data, userIds: raw.u.filter((u): u is number => Number.isInteger(u)) };
  } catch {
    return undefined;
  }
}

export function createLiveBus(transport: LiveTransport, log: FastifyBaseLogger): LiveBus {
  const listeners = new Map<number, Set<LiveListener>>();

  function deliver(message: string) {
    const change = decode(message);
    if (!change) return log.warn({ message }, 'live events: unreadable message ignored');
    for (const userId of new Set(change.userIds)) {
      for (const listener of listeners.get(userId) ?? []) listener(change.event);
    }
  }

  return {
    transport: transport.name,
    publish(changes) {
      for (const change of changes) {
        if (change.userIds.length === 0) continue;
        transport.send(encode(change)).catch((err: unknown) => log.warn({ err, transport: transport.name }, 'live events: publish failed'));
      }
    },
    subscribe(userId, listener) {
      const own = listeners.get(userId) ?? new Set();
      own.add(listener);
      listeners.set(userId, own);
      return () => {
        own.delete(listener);
        if (own.size === 0 && listeners.get(userId) === own) listeners.delete(userId);
      };
    },
    start: () => transport.start(deliver),
    async close() {
      listeners.clear();
      await transport.stop();
    },
  };
}

/** A single instance: a change goes straight to this process's streams, after the publisher's turn. */
export function createMemoryTransport(): LiveTransport {
  let deliver: ((message: string) => void) | undefined;
  return {
    name: 'memory',
    async start(d) {
      deliver = d;
    },
    async send(message) {
      queueMicrotask(() => deliver?.(message));
    },
    async stop() {
      deliver = undefined;
    },
  };
}
