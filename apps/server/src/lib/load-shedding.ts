/**
 * Load shedding: past its capacity the server answers 503 with Retry-After at once, instead of
 * queueing requests until every one of them is seconds late. Any of these signals sheds:
 *   - queue wait: how long a request has waited behind others read in the same event-loop turn,
 *     i.e. the event loop's delay as that request met it (reacts within the turn);
 *   - requests in flight: work waiting on the database pool or the search worker;
 *   - optionally, the mean event-loop delay over a sample (@fastify/under-pressure). Off by
 *     default: after one long synchronous task (a large import on SQLite blocks for seconds)
 *     it refused the next requests though none had queued.
 * Health checks and static files are never shed: a load balancer that saw its health check fail
 * would take a busy but healthy instance out, and static files cost next to nothing.
 */
import underPressure from '@fastify/under-pressure';
import { apiErrors } from '@market/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

export interface LoadSheddingConfig {
  /** Mean event-loop delay (ms, over one sample) above which requests are shed; 0 = not used. */
  maxEventLoopDelayMs: number;
  /** How often the event-loop delay is sampled (ms). */
  sampleIntervalMs: number;
  /** A request that has waited this long (ms) behind others in one event-loop turn is shed. */
  maxQueueMs: number;
  /** Requests admitted and not yet answered, beyond which new ones are shed. */
  maxInFlight: number;
  /** Seconds a client is asked to wait before trying again. */
  retryAfterSeconds: number;
}

const HEALTH = /^\/api\/health\/?(?:\?|$)/;
const STATIC_FILE = /^\/(?!api\/)[^?]*\.[a-z0-9]{1,12}(?:\?|$)/i;

/** Requests that are always served: the health check and the built app's files. */
export function isExempt(url: string): boolean {
  return HEALTH.test(url) || url.startsWith('/assets/') || STATIC_FILE.test(url);
}

/**
 * Measures how long the current request has waited in this event-loop turn: every request that
 * is read in one turn was already waiting when the turn began, so the time since the turn's first
 * request is a lower bound of its wait. The turn ends at the next setImmediate.
 */
export function createTurnClock(now: () => number = () => performance.now(), afterTurn: (fn: () => void) => void = setImmediate) {
  let turnStart: number | undefined;
  return {
    waitedMs(): number {
      const t = now();
      if (turnStart === undefined) {
        turnStart = t;
        afterTurn(() => {
          turnStart = undefined;
        });
        return 0;
      }
      return t - turnStart;
    },
  };
}

const OVERLOADED = new AppError('UNAVAILABLE', apiErrors.overloaded).toBody();

export async function registerLoadShedding(app: FastifyInstance, config: LoadSheddingConfig): Promise<void> {
  const refuse = (reply: FastifyReply) => reply.code(503).header('Retry-After', String(config.retryAfterSeconds));

  if (config.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      sampleInterval: config.sampleIntervalMs,
      retryAfter: config.retryAfterSeconds,
      // A request left unanswered here goes on as usual.
      pressureHandler: (request: FastifyRequest, reply: FastifyReply) => {
        if (!isExempt(request.url)) refuse(reply).send(OVERLOADED);
      },
    });
  }

  const turn = createTurnClock();
  const admitted = new WeakSet<FastifyRequest>();
  let inFlight = 0;
  const release = async (request: FastifyRequest) => {
    if (admitted.delete(request)) inFlight -= 1;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (isExempt(request.url)) return;
    if (turn.waitedMs() > config.maxQueueMs || inFlight >= config.maxInFlight) return refuse(reply).send(OVERLOADED);
    admitted.add(request);
    inFlight += 1;
  });
  app.addHook('onResponse', release);
  // A client that gave up never gets an onResponse.
  app.addHook('onRequestAbort', release);
}
