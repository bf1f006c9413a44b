import { apiErrors } from '@market/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp, errorOf, type TestApp, testDialect } from '../test/test-app.js';
import { createTurnClock, isExempt, type LoadSheddingConfig } from './load-shedding.js';

const NEVER: LoadSheddingConfig = { maxEventLoopDelayMs: 1e9, sampleIntervalMs: 1000, maxQueueMs: 1e9, maxInFlight: 1e9, retryAfterSeconds: 3 };

/** Keeps the event loop busy, as a burst of synchronous work does. */
function block(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spin
  }
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

  it('never sheds the health check or static files', () => {
    for (const url of ['/api/health', '/api/health/', '/assets/index-abc123.js', '/favicon.svg', '/robots.txt?x=1']) expect(isExempt(url), url).toBe(true);
    for (const url of ['/api/domains/search/?domain_name=a.com', '/landing/12', '/', '/market', '/api/domains/x.json', '/api/healthy']) expect(isExempt(url), url).toBe(false);
  });
});

describe(`load shedding (${testDialect})`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const search = () => t!.app.inject({ method: 'GET', url: '/api/domains/search/?domain_name=shop' });

  it('lets ordinary traffic through with the default settings', async () => {
    t = await createTestApp({ loadShedding: loadConfig({}).loadShedding });
    const answers = await Promise.all(Array.from({ length: 10 }, search));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
  });

  it('serves a lone request after one long synchronous task with the default settings', async () => {
    t = await createTestApp({ loadShedding: loadConfig({}).loadShedding });
    await t.app.ready();
    // As a large import on SQLite does; a sampled delay would now read as overload.
    block(600);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await search()).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After in the API error shape while the event loop is saturated', async () => {
    t = await createTestApp({ loadShedding: { ...NEVER, maxEventLoopDelayMs: 1, sampleIntervalMs: 20 } });
    await t.app.ready();
    const app = t.app as typeof t.app & { isUnderPressure(): boolean };
    // Every sample window holds a long block, so the plugin sees the delay and keeps seeing it.
    while (!app.isUnderPressure()) {
      block(60);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    block(60);
    const shed = await search();
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('3');
    expect(errorOf(shed)).toEqual({ detail: apiErrors.overloaded });
    block(60);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('sheds new requests once too many are in flight, and takes them again when those finish', async () => {
    t = await createTestApp({ loadShedding: { ...NEVER, maxInFlight: 1 } });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    t.app.get('/slow', async () => {
      entered();
      await gate;
      return { ok: true };
    });
    const slow = t.app.inject({ method: 'GET', url: '/slow' });
    await inside;
    const shed = await search();
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('3');
    expect(errorOf(shed)).toEqual({ detail: apiErrors.overloaded });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    release();
    expect((await slow).statusCode).toBe(200);
    expect((await search()).statusCode).toBe(200);
  });
});
