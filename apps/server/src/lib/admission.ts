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
 *
 * Nor does the processor's work of one event-loop turn grow with the number of connections: once
 * a turn has spent TURN_TARGET_MS on requests, the rest read in it wait for later turns, and
 * queued requests start a bounded batch per turn (TurnScheduler). A new connection is only read
 * between turns, so this is what keeps a health check's wait short under a crowd.
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
  /** When it was queued (performance.now()), so the oldest across kinds starts first. */
  queuedAt: number;
}

/** One kind's slots and its queue of requests waiting for one, oldest first. */
class Gate {
  inFlight = 0;
  private readonly queue: Waiter[] = [];
  private head = 0;

  constructor(
    private readonly limits: KindLimits,
    private readonly onWaiting: () => void,
  ) {}

  get waiting(): number {
    return this.queue.length - this.head;
  }

  get hasRoom(): boolean {
    return this.inFlight < this.limits.concurrency;
  }

  /** When its oldest live waiter was queued; undefined when none waits. */
  oldestQueuedAt(): number | undefined {
    while (this.waiting > 0 && this.queue[this.head]!.done) this.head += 1;
    return this.waiting > 0 ? this.queue[this.head]!.queuedAt : undefined;
  }

  /**
   * Resolves true once the request may start, false when its budget ran out first. `defer`: the
   * event loop's turn has done its share of work already, so the request waits for a later turn
   * even when its kind has room.
   */
  enter(waitedMs: number, defer: boolean): boolean | Promise<boolean> {
    if (this.hasRoom && this.waiting === 0 && !defer) {
      this.inFlight += 1;
      return true;
    }
    const budget = this.limits.queueMs - waitedMs;
    if (budget <= 0) return false;
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        done: false,
        start: resolve,
        queuedAt: performance.now(),
        timer: setTimeout(() => {
          waiter.done = true;
          resolve(false);
        }, budget),
      };
      this.queue.push(waiter);
      this.onWaiting();
    });
  }

  /** A request of this kind ended; its slot goes to a waiter on the scheduler's next run. */
  leave(): void {
    this.inFlight -= 1;
    if (this.waiting > 0) this.onWaiting();
  }

  /** Starts the oldest live waiter (the caller checked there is room). */
  startNext(): void {
    if (this.oldestQueuedAt() === undefined) return;
    const next = this.queue[this.head++]!;
    next.done = true;
    clearTimeout(next.timer);
    this.inFlight += 1;
    next.start(true);
    // Drop what was handed out or timed out, now and then rather than on every shift.
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
  }
}

/**
 * Starts queued requests once per event-loop turn, a bounded number at a time. Started together,
 * requests answered without I/O (a search from the index) would run back to back in one turn, each
 * ending and handing its slot to the next, and the loop would not get back to new connections (a
 * load balancer's health check) until the queue drained. So the scheduler starts `batch` per turn
 * and tunes it from how long the turns take: halved when a turn ran past `turnTargetMs`, one more
 * when it did not (more work per turn when the work waits on I/O, less when it is all processor).
 */
class TurnScheduler {
  private batch = 4;
  private scheduled = false;
  private lastRun: number | undefined;

  /** The kinds' gates, set once they exist (each tells the scheduler when it has a waiter). */
  gates: readonly Gate[] = [];

  constructor(
    private readonly turnTargetMs: number,
    private readonly maxBatch = 64,
  ) {}

  schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.run());
  }

  private run(): void {
    this.scheduled = false;
    const now = performance.now();
    if (this.lastRun !== undefined) {
      this.batch = now - this.lastRun > this.turnTargetMs ? Math.max(1, this.batch >> 1) : Math.min(this.maxBatch, this.batch + 1);
    }
    for (let started = 0; started < this.batch; started += 1) {
      const gate = this.oldestStartable();
      if (!gate) break;
      gate.startNext();
    }
    if (this.oldestStartable()) {
      this.lastRun = now;
      this.schedule();
    } else {
      // Idle until the next queue: the next run's turn is not one of this run's.
      this.lastRun = undefined;
    }
  }

  /** The kind with room whose oldest waiter has waited longest. */
  private oldestStartable(): Gate | undefined {
    let best: Gate | undefined;
    let bestAt = Number.POSITIVE_INFINITY;
    for (const gate of this.gates) {
      if (!gate.hasRoom) continue;
      const at = gate.oldestQueuedAt();
      if (at !== undefined && at < bestAt) {
        best = gate;
        bestAt = at;
      }
    }
    return best;
  }
}

/**
 * How long one event-loop turn should spend on requests before the rest wait for the next turn:
 * a new connection (a health check) is picked up between turns, so this bounds its wait.
 */
const TURN_TARGET_MS = 10;

const OVERLOADED = new AppError('UNAVAILABLE', apiErrors.overloaded).toBody();

export function registerAdmission(app: FastifyInstance, config: AdmissionConfig): void {
  const scheduler = new TurnScheduler(TURN_TARGET_MS);
  const gates = Object.fromEntries(WORK_KINDS.map((kind) => [kind, new Gate(config.kinds[kind], () => scheduler.schedule())])) as Record<WorkKind, Gate>;
  scheduler.gates = Object.values(gates);
  const turn = createTurnClock();
  const admitted = new WeakMap<FastifyRequest, Gate>();
  const refuse = (reply: FastifyReply) => reply.code(503).header('Retry-After', String(config.retryAfterSeconds)).send(OVERLOADED);

  /** Requests whose client gave up while they waited for a slot. */
  const abandoned = new WeakSet<FastifyRequest>();

  app.addHook('onRequest', async (request, reply) => {
    const kind = kindOf(request.method, request.url);
    if (!kind) return;
    const gate = gates[kind];
    const waited = turn.waitedMs();
    const entered = gate.enter(waited, waited > TURN_TARGET_MS);
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
