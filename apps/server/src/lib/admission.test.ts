import { Worker } from 'node:worker_threads';
import { apiErrors } from '@market/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp, errorOf, type TestApp, testDialect } from '../test/test-app.js';
import { type AdmissionConfig, createTurnClock, DEFAULT_KIND_LIMITS, kindOf } from './admission.js';

/**
 * Opens `count` connections from a worker thread, then sends one request on each at once, so the
 * server reads them all in one event-loop turn (a client in this thread would wait for the
 * server's turns to send). Resolves with the status codes.
 */
function burstFromAnotherThread(port: number, url: string, count: number): Promise<string[]> {
  const code = `
    const net = require('node:net');
    const { parentPort, workerData: w } = require('node:worker_threads');
    (async () => {
      const sockets = await Promise.all(Array.from({ length: w.count }, () => new Promise((resolve) => {
        const socket = net.connect(w.port, '127.0.0.1', () => resolve(socket));
      })));
      const answers = sockets.map((socket) => new Promise((resolve) => {
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk;
          if (text.includes('\\r\\n\\r\\n')) { resolve(text.split(' ')[1]); socket.destroy(); }
        });
      }));
      for (const socket of sockets) socket.write('GET ' + w.url + ' HTTP/1.1\\r\\nHost: localhost\\r\\n\\r\\n');
      parentPort.postMessage(await Promise.all(answers));
    })();
  `;
  const worker = new Worker(code, { eval: true, workerData: { port, url, count } });
  return new Promise((resolve, reject) => {
    worker.once('message', (statuses: string[]) => void worker.terminate().then(() => resolve(statuses)));
    worker.once('error', reject);
  });
}

describe('the turn clock', () => {
  it('counts the wait from the first request of an event-loop turn, and starts again in the next', () => {
    let now = 1000;
    const pending: (() => void)[] = [];
    const turn = createTurnClock(() => now, (fn) => pending.push(fn));
    expect(turn.waitedMs()).toBe(0);
    now += 40;
    expect(turn.waitedMs()).toBe(40);
    now += 80;
    expect(turn.waitedMs()).toBe(120);
    pending.splice(0).forEach((fn) => fn());
    now += 500;
    expect(turn.waitedMs()).toBe(0);
    expect(pending).toHaveLength(1);
  });
});

describe('kinds of work', () => {
  it('never queues the health check, static files or the event stream', () => {
    for (const url of ['/api/health', '/api/health/', '/assets/index-abc123.js', '/favicon.svg', '/robots.txt?x=1', '/api/events', '/api/events/'])
      expect(kindOf('GET', url), url).toBeUndefined();
  });

  it('tells searches, pages, signed-in reads and writes apart', () => {
    expect(kindOf('GET', '/api/domains/search/?domain_name=a.com')).toBe('search');
    for (const url of ['/landing/12', '/', '/market', '/homeSearch?search=com']) expect(kindOf('GET', url), url).toBe('page');
    for (const url of ['/api/auth/user/', '/api/domains/x.json', '/api/healthy', '/api/domains/search-history/']) expect(kindOf('GET', url), url).toBe('read');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(kindOf(method, '/api/orders/1/confirm/')).toBe('write');
  });
});

describe(`admission control (${testDialect})`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** A route of each kind that waits for `gate` once entered, counting who is inside. */
  function heldRoutes(app: TestApp['app']) {
    const state = { inside: 0, entered: 0, release: () => {} };
    let gate = new Promise<void>((resolve) => (state.release = resolve));
    const handler = async () => {
      state.inside += 1;
      state.entered += 1;
      await gate;
      state.inside -= 1;
      return { ok: true };
    };
    app.get('/api/held-read', handler);
    app.post('/api/held-write', handler);
    app.get('/held-page', handler);
    return {
      state,
      /** Lets every request inside (and every one after) through. */
      open() {
        state.release();
        gate = Promise.resolve();
      },
    };
  }

  const health = () => t!.app.inject({ method: 'GET', url: '/api/health' });
  const search = () => t!.app.inject({ method: 'GET', url: '/api/domains/search/?domain_name=shop' });

  it('serves bursts of searches, signed-in reads and writes with the default settings: no 503', async () => {
    t = await createTestApp({ admission: loadConfig({}).admission });
    let writes = 0;
    t.app.post('/api/burst-write', async () => ({ n: ++writes }));
    t.app.get('/api/burst-read', async () => ({ ok: true }));
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        ...Array.from({ length: 32 }, search),
        ...Array.from({ length: 20 }, () => t!.app.inject({ method: 'GET', url: '/api/burst-read' })),
        ...Array.from({ length: 20 }, () => t!.app.inject({ method: 'POST', url: '/api/burst-write', payload: {} })),
      ]);
      expect(answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    }
    expect(writes).toBe(60);
  });

  it('queues a request while its kind is full and starts it when a slot frees, in arrival order', async () => {
    const kinds = { ...DEFAULT_KIND_LIMITS, read: { concurrency: 2, queueMs: 60_000 } };
    t = await createTestApp({ admission: { kinds, retryAfterSeconds: 3 } });
    const held = heldRoutes(t.app);
    const answers = Array.from({ length: 5 }, () => t!.app.inject({ method: 'GET', url: '/api/held-read' }));
    await vi.waitFor(() => expect(held.state.inside).toBe(2));
    // The others wait rather than being refused, and other kinds are not held up by them.
    expect((await search()).statusCode).toBe(200);
    expect((await health()).statusCode).toBe(200);
    expect(held.state.entered).toBe(2);
    held.open();
    expect((await Promise.all(answers)).map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(held.state.entered).toBe(5);
  });

  it('answers 503 with Retry-After, in the API error shape, only to a request that could not start within its budget', async () => {
    const config: AdmissionConfig = {
      kinds: { ...DEFAULT_KIND_LIMITS, write: { concurrency: 1, queueMs: 50 }, page: { concurrency: 1, queueMs: 60_000 } },
      retryAfterSeconds: 3,
    };
    t = await createTestApp({ admission: config });
    const held = heldRoutes(t.app);
    const first = t.app.inject({ method: 'POST', url: '/api/held-write', payload: {} });
    await vi.waitFor(() => expect(held.state.inside).toBe(1));
    const late = await t.app.inject({ method: 'POST', url: '/api/held-write', payload: {} });
    expect(late.statusCode).toBe(503);
    expect(late.headers['retry-after']).toBe('3');
    expect(errorOf(late)).toEqual({ detail: apiErrors.overloaded });
    // It never ran: a client may send it again.
    expect(held.state.entered).toBe(1);
    // A page waits its turn (its budget is long), and the health check never waits.
    const page = t.app.inject({ method: 'GET', url: '/held-page' });
    await vi.waitFor(() => expect(held.state.inside).toBe(2));
    expect((await health()).statusCode).toBe(200);
    held.open();
    expect((await first).statusCode).toBe(200);
    expect((await page).statusCode).toBe(200);
    // Its slot is free again.
    expect((await t.app.inject({ method: 'POST', url: '/api/held-write', payload: {} })).statusCode).toBe(200);
  });
  it('serves a burst of requests that need no I/O over several event-loop turns, so a new connection is read between them', async () => {
    // The default slots, and a queue budget that lets every request of the burst wait its turn.
    t = await createTestApp({ admission: { kinds: { ...DEFAULT_KIND_LIMITS, read: { ...DEFAULT_KIND_LIMITS.read, queueMs: 60_000 } }, retryAfterSeconds: 3 } });
    // Each request keeps the processor 12 ms, as a search answered from the index alone does at
    // scale. Run back to back in one turn, forty would hold the loop for half a second.
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const perTurn = new Map<number, number>();
    t.app.get('/api/busy-read', async () => {
      perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
      const until = performance.now() + 12;
      while (performance.now() < until);
      return { ok: true };
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const statuses = await burstFromAnotherThread(port, '/api/busy-read', 40);
    ticking = false;
    expect(statuses).toEqual(Array.from({ length: 40 }, () => '200'));
    // At most one started in the turn that read it, and a batch of the scheduler's (four at first, fewer after a long turn).
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(5);
    expect([...perTurn.values()].reduce((a, b) => a + b, 0)).toBe(40);
  });
});
