import { PassThrough } from 'node:stream';
import { LIVE_EVENT_NAME, LIVE_HEARTBEAT_MS, type LiveEvent, liveEventStream } from '@market/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { AuthService } from '../../modules/auth/index.js';
import { principalOf, requireAuth } from '../auth-guard.js';
import type { LiveBus } from './live-bus.js';

/** A stream this far behind its reader is dropped; the browser reconnects and refetches. */
const MAX_BACKLOG_BYTES = 64 * 1024;
/** How long the browser waits before reconnecting after the stream ends (SSE `retry:`). */
const RECONNECT_MS = 3_000;
/**
 * Streams one user may hold open (a tab each). Past it the oldest ends: admission control never
 * queues a stream (it stays open for hours), so this is what bounds one user's share.
 */
const MAX_STREAMS_PER_USER = 8;

/**
 * GET /api/events: the signed-in user's stream of changes (text/event-stream). One heartbeat timer
 * serves every open stream; every stream ends when the app closes, so shutdown never waits for one.
 */
export const liveEventsRoutes: FastifyPluginAsync<{ auth: AuthService; bus: LiveBus; heartbeatMs?: number }> = async (app, { auth, bus, heartbeatMs = LIVE_HEARTBEAT_MS }) => {
  const open = new Set<PassThrough>();
  const byUser = new Map<number, PassThrough[]>();
  const heartbeat = setInterval(() => {
    for (const stream of open) write(stream, ': heartbeat\n\n');
  }, heartbeatMs);
  heartbeat.unref();
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const stream of open) stream.end();
    open.clear();
  });

  function write(stream: PassThrough, text: string) {
    if (stream.writableLength > MAX_BACKLOG_BYTES) return void stream.end();
    stream.write(text);
  }

  app.get(
    '/',
    {
      onRequest: requireAuth(auth),
      schema: { tags: ['events'], response: { 200: liveEventStream } },
    },
    async (request, reply) => {
      const userId = principalOf(request).user.id;
      const stream = new PassThrough();
      const send = (event: LiveEvent) => write(stream, `event: ${LIVE_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`);
      const unsubscribe = bus.subscribe(userId, send);
      open.add(stream);
      const mine = byUser.get(userId) ?? [];
      byUser.set(userId, mine);
      mine.push(stream);
      if (mine.length > MAX_STREAMS_PER_USER) mine[0]!.end();
      const done = () => {
        unsubscribe();
        open.delete(stream);
        const left = (byUser.get(userId) ?? []).filter((s) => s !== stream);
        if (left.length) byUser.set(userId, left);
        else byUser.delete(userId);
        if (!stream.writableEnded) stream.end();
      };
      request.raw.once('close', done);
      stream.once('close', done);
      // The first bytes go at once, so the browser knows the stream is open (headers alone may wait in buffers).
      stream.write(`retry: ${RECONNECT_MS}\n: open\n\n`);
      return reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-store')
        // nginx and similar proxies would otherwise hold the events back to fill a buffer.
        .header('X-Accel-Buffering', 'no')
        .send(stream);
    },
  );
};
