/**
 * Admission control: each kind of work (searches, pages, signed-in reads, writes) has a bounded
 * number of requests in flight and a queue with a time budget. A request starts at once when its
 * kind has room, waits its turn otherwise, and is answered 503 with Retry-After only when it could
 * not start within its kind's budget. So a burst is served (one at a time per slot, in order)
 * instead of refused, and past capacity the requests turned away are the ones that would have
 * been late anyway.
 *
 * A request's wait counts from when it arrived, not from when its hook ran: every request read in
 * one event-loop turn was already waiting when the turn began (the turn clock).
 *
 * Health checks, static files and the event stream are never queued: a load balancer that saw
 * its health check wait would take a busy but healthy instance out, static files cost next to
 * nothing, and a stream stays open for hours (its route limits itself).
 */
import { apiErrors } from '@market/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

export const WORK_KINDS = ['search', 'page', 'read', 'write'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

export interface KindLimits {
  /** Requests of this kind in flight at once. */
  concurrency: number;
  /** The longest a request of this kind may wait to start (ms); past it the answer is 503. */
  queueMs: number;
}

export interface AdmissionConfig {
  kinds: Record<WorkKind, KindLimits>;
  /** Seconds a client turned away is asked to wait before trying again. */
  retryAfterSeconds: number;
}

/**
 * Searches are the in-memory index's (processor) work; pages and reads are short reads; writes
 * hold SQLite's single writer, so few at once, and wait longest: a user clicked for them, and a
 * burst of twenty (an admin paying out) is served in well under their budget.
 */
export const DEFAULT_KIND_LIMITS: Record<WorkKind, KindLimits> = {
  search: { concurrency: 8, queueMs: 200 },
  page: { concurrency: 16, queueMs: 200 },
  read: { concurrency: 16, queueMs: 250 },
  write: { concurrency: 8, queueMs: 2_000 },
};

const HEALTH = /^\/api\/health\/?(?:\?|$)/;
const EVENTS = /^\/api\/events\/?(?:\?|$)/;
const STATIC_FILE = /^\/(?!api\/)[^?]*\.[a-z0-9]{1,12}(?:\?|$)/i;
const SEARCH = /^\/api\/domains\/search\/?(?:\?|$)/;

/** The kind of work a request is, or undefined for what is never queued. */
export function kindOf(method: string, url: string): WorkKind | undefined {
  if (HEALTH.test(url) || EVENTS.test(url) || url.startsWith('/assets/') || STATIC_FILE.test(url)) return undefined;
  if (method !== 'GET' && method !== 'HEAD') return method === 'OPTIONS' ? undefined : 'write';
  if (SEARCH.test(url)) return 'search';
  return url.startsWith('/api/') ? 'read' : 'page';
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

interface Waiter {
  start: (admitted: boolean) => void;
  timer: NodeJS.Timeout;
  done: boolean;
}

/** One kind's slots and its queue of requests waiting for one, oldest first. */
class Gate {
  inFlight = 0;
  private readonly queue: Waiter[] = [];
  private head = 0;

  constructor(private readonly limits: KindLimits) {}

  get waiting(): number {
    return this.queue.length - this.head;
  }

  /** Resolves true once the request may start, false when its budget ran out first. */
  enter(waitedMs: number): boolean | Promise<boolean> {
    if (this.inFlight < this.limits.concurrency && this.waiting === 0) {
      this.inFlight += 1;
      return true;
    }
    const budget = this.limits.queueMs - waitedMs;
    if (budget <= 0) return false;
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        done: false,
        start: resolve,
        timer: setTimeout(() => {
          waiter.done = true;
          resolve(false);
        }, budget),
      };
      this.queue.push(waiter);
    });
  }

  /** A request of this kind ended: its slot goes to the oldest one still waiting. */
  leave(): void {
    this.inFlight -= 1;
    while (this.inFlight < this.limits.concurrency && this.waiting > 0) {
      const next = this.queue[this.head++]!;
      if (next.done) continue;
      next.done = true;
      clearTimeout(next.timer);
      this.inFlight += 1;
      next.start(true);
    }
    // Drop what was handed out or timed out, now and then rather than on every shift.
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
  }
}

const OVERLOADED = new AppError('UNAVAILABLE', apiErrors.overloaded).toBody();

export function registerAdmission(app: FastifyInstance, config: AdmissionConfig): void {
  const gates = Object.fromEntries(WORK_KINDS.map((kind) => [kind, new Gate(config.kinds[kind])])) as Record<WorkKind, Gate>;
  const turn = createTurnClock();
  const admitted = new WeakMap<FastifyRequest, Gate>();
  const refuse = (reply: FastifyReply) => reply.code(503).header('Retry-After', String(config.retryAfterSeconds)).send(OVERLOADED);

  /** Requests whose client gave up while they waited for a slot. */
  const abandoned = new WeakSet<FastifyRequest>();

  app.addHook('onRequest', async (request, reply) => {
    const kind = kindOf(request.method, request.url);
    if (!kind) return;
    const gate = gates[kind];
    const entered = gate.enter(turn.waitedMs());
    if (entered === true || (entered !== false && (await entered))) {
      // Its abort came while it waited, so no hook will ever give this slot back.
      if (abandoned.has(request)) {
        gate.leave();
        return refuse(reply);
      }
      admitted.set(request, gate);
      return;
    }
    return refuse(reply);
  });
  app.addHook('onResponse', async (request) => release(request));
  // A client that gave up never gets an onResponse.
  app.addHook('onRequestAbort', async (request) => {
    if (!release(request)) abandoned.add(request);
  });

  function release(request: FastifyRequest): boolean {
    const gate = admitted.get(request);
    if (!gate) return false;
    admitted.delete(request);
    gate.leave();
    return true;
  }
}
