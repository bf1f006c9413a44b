import { randomUUID } from 'node:crypto';
import type { LiveEvent } from '@market/shared';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { DEFAULT_KIND_LIMITS } from '../admission.js';
import { listForBuyNow } from '../../test/deals-support.js';
import { registerFreelancer } from '../../test/freelancer-support.js';
import { listenLocally, type LiveStream, openLiveStream } from '../../test/live-stream.js';
import {
  adminToken,
  bearer,
  createMemoryMailer,
  createTestApp,
  json,
  openTestDatabase,
  registerUser,
  type TestApp,
  testConfig,
  testDialect,
} from '../../test/test-app.js';
import { createRedisClient } from '../redis.js';
import { noteChange, transactionWithChanges } from './after-commit.js';
import { createLiveBus, type LiveBus } from './live-bus.js';
import { createRedisTransport } from './redis-transport.js';

type User = Awaited<ReturnType<typeof registerUser>>;
const about = (kind: LiveEvent['kind'], id: number) => (e: LiveEvent) => e.kind === kind && e.id === id;

describe(`live events: GET /api/events (${testDialect})`, () => {
  let t: TestApp;
  let base: string;
  let seller: User;
  let buyer: User;
  let stranger: User;
  let admin: string;
  let ids: Record<string, number>;
  const streams: LiveStream[] = [];
  const stream = async (user: User) => {
    const s = await openLiveStream(base, user.token);
    streams.push(s);
    return s;
  };
  const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>, status = 200) => {
    const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return json(res);
  };
  /** A change only `user` hears of: once it arrives, anything published before it for them has too. */
  const marker = async (user: User) => {
    const id = -Math.floor(Math.random() * 1e9);
    await transactionWithChanges(t.db, async (trx) => noteChange(trx, { kind: 'order', id }, [user.user.id]));
    return about('order', id);
  };

  beforeAll(async () => {
    t = await createTestApp({ engagements: { commissionPercent: 10, requestsPerHourPerUser: 1000, messagesPerMinutePerUser: 1000 } });
    [seller, buyer, stranger] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
    admin = await adminToken(t.app);
    ids = await listForBuyNow(t, seller.token, admin, { 'live-bin.com': 2500 });
    await t.app.inject({ method: 'POST', url: '/api/domains/', headers: bearer(seller.token), payload: { domain_list: 'live-offer.com' } });
    const { domains } = json<{ domains: { id: number; domain_ascii: string }[] }>(await t.app.inject({ method: 'GET', url: '/api/domains/', headers: bearer(seller.token) }));
    ids['live-offer.com'] = domains.find((d) => d.domain_ascii === 'live-offer.com')!.id;
    await t.app.inject({ method: 'PUT', url: `/api/domains/${ids['live-offer.com']}/`, headers: bearer(seller.token), payload: { seller_price: 30000, business_status: 'Price Upon Request' } });
    await t.app.inject({ method: 'POST', url: '/api/domains/admin/approval/', headers: bearer(admin), payload: { ids: [ids['live-offer.com']], action: 'approve' } });
    base = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  it('answers 401 without a session, and opens an unbuffered event stream with one', async () => {
    const anonymous = await openLiveStream(base);
    anonymous.close();
    expect(anonymous.status).toBe(401);
    const res = await stream(buyer);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['x-accel-buffering']).toBe('no');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("tells both parties, and no one else, of a negotiation step: the buyer sees the seller's counter", async () => {
    const [buyerStream, sellerStream, strangerStream] = await Promise.all([stream(buyer), stream(seller), stream(stranger)]);
    const domainId = ids['live-offer.com']!;
    const { domain_lead_id } = (await call('POST', '/api/domains/domain-leads/', buyer.token, { domain_id: domainId }, 201)) as { domain_lead_id: number };
    await call('POST', '/api/domains/negotiation/', buyer.token, { domain_lead_id, status: 2, amount: 25000 }, 201);
    await sellerStream.waitFor(about('negotiation', domainId));
    await call('POST', '/api/domains/negotiation/', seller.token, { domain_lead_id, status: 2, amount: 28000 }, 201);
    await buyerStream.waitFor(about('negotiation', domainId));
    await buyerStream.waitFor(about('notification', buyer.user.id));
    await strangerStream.waitFor(await marker(stranger));
    expect(strangerStream.events.filter((e) => e.kind !== 'order')).toEqual([]);
  });

  it('tells buyer and seller, once it is committed, that an admin recorded the payment of their order', async () => {
    const [buyerStream, sellerStream, strangerStream] = await Promise.all([stream(buyer), stream(seller), stream(stranger)]);
    const order = (await call('POST', '/api/domains/buy-now/', buyer.token, { domain_id: ids['live-bin.com'] }, 201)) as { id: number; buyer_total_cents: number };
    await call('POST', `/api/admin/orders/${order.id}/payment/`, admin, { reference: `BANK-${order.id}`, amount_cents: order.buyer_total_cents });
    await Promise.all([buyerStream.waitFor(about('order', order.id)), sellerStream.waitFor(about('order', order.id))]);
    // The event follows the commit: what the buyer reads on hearing of it is the new state.
    expect((await call('GET', `/api/orders/${order.id}/`, buyer.token)) as { status: string }).toMatchObject({ status: 'paid' });
    await strangerStream.waitFor(await marker(stranger));
    expect(strangerStream.events.some(about('order', order.id))).toBe(false);
  });

  it('tells the client when the freelancer accepts their request or writes to them', async () => {
    const freelancer = await registerFreelancer(t.app, 'Live');
    const clientStream = await stream(buyer);
    const strangerStream = await stream(stranger);
    const e = (await call('POST', '/api/engagements/', buyer.token, { freelancer_id: freelancer.user.id, title: 'A logo', brief: 'A logo for my domain.', budget_cents: 50_000, deadline: '2099-01-01' }, 201)) as {
      id: number;
      terms_version: number;
    };
    await call('POST', `/api/engagements/${e.id}/accept/`, freelancer.token, { terms_version: e.terms_version });
    await clientStream.waitFor(about('engagement', e.id));
    const seen = clientStream.events.length;
    await call('POST', `/api/engagements/${e.id}/messages/`, freelancer.token, { body: 'Hello!' }, 201);
    await clientStream.waitFor((event) => clientStream.events.indexOf(event) >= seen && about('engagement', e.id)(event));
    await strangerStream.waitFor(await marker(stranger));
    expect(strangerStream.events.some(about('engagement', e.id))).toBe(false);
  });

  it('publishes what a transaction noted only when it commits, never when it rolls back', async () => {
    const own = await stream(buyer);
    await expect(
      transactionWithChanges(t.db, async (trx) => {
        noteChange(trx, { kind: 'order', id: 424242 }, [buyer.user.id]);
        await trx.insertInto('notifications').values({ user_id: buyer.user.id, domain_lead_id: null, category: 'x', message: 'x', link: '/', created_at: new Date().toISOString() }).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await own.waitFor(await marker(buyer));
    expect(own.events.some(about('order', 424242))).toBe(false);
  });

  it('holds at most 8 streams per user: a ninth tab ends the oldest', async () => {
    const user = await registerUser(t.app);
    const tabs: LiveStream[] = [];
    for (let i = 0; i < 9; i++) tabs.push(await stream(user));
    await tabs[0]!.ended;
    let secondEnded = false;
    void tabs[1]!.ended.then(() => (secondEnded = true));
    await tabs[8]!.waitFor(await marker(user));
    await tabs[1]!.waitFor(await marker(user));
    expect(secondEnded).toBe(false);
  });

  it('ends open streams when the app closes, so shutdown does not wait for them; an open one is no request in flight', async () => {
    // One slot for signed-in reads, none to wait for: a stream holding it would refuse the read.
    const kinds = { ...DEFAULT_KIND_LIMITS, read: { concurrency: 1, queueMs: 0 } };
    const other = await createTestApp({ admission: { kinds, retryAfterSeconds: 3 } });
    const user = await registerUser(other.app);
    const url = await listenLocally(other.app);
    const open = await openLiveStream(url, user.token);
    expect(open.status).toBe(200);
    // With room for one read in flight, the open stream leaves it free.
    expect((await other.app.inject({ method: 'GET', url: '/api/orders/', headers: bearer(user.token) })).statusCode).toBe(200);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    open.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('live events across two instances through PostgreSQL LISTEN/NOTIFY', () => {
  it("delivers a change made on one instance to a party's stream on the other", async () => {
    const { db, drop } = await openTestDatabase();
    const second = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, schema: db.schema, sqliteFile: ':memory:' });
    const one = await buildApp(testConfig(), { db, mailer: createMemoryMailer(), logger: false });
    const two = await buildApp(testConfig(), { db: second, mailer: createMemoryMailer(), logger: false });
    try {
      const [seller, buyer] = [await registerUser(one), await registerUser(one)];
      const admin = await adminToken(one);
      const t = { app: one, db } as TestApp;
      const ids = await listForBuyNow(t, seller.token, admin, { 'two-instances.com': 2500 });
      await listenLocally(one);
      const onTwo = await openLiveStream(await listenLocally(two), buyer.token);
      const res = await one.inject({ method: 'POST', url: '/api/domains/buy-now/', headers: bearer(buyer.token), payload: { domain_id: ids['two-instances.com'] } });
      const order = json<{ id: number; buyer_total_cents: number }>(res);
      await one.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/payment/`, headers: bearer(admin), payload: { reference: 'BANK-2', amount_cents: order.buyer_total_cents } });
      await onTwo.waitFor(about('order', order.id));
      onTwo.close();
    } finally {
      await Promise.all([one.close(), two.close()]);
      await second.destroy();
      await drop();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('live events across instances through Redis pub/sub', () => {
  it('delivers what one instance publishes to the listeners of another', async () => {
    const [a, b] = [await createRedisClient(redisUrl!), await createRedisClient(redisUrl!)];
    const channel = `market:live:test:${randomUUID()}`;
    const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
    const buses: LiveBus[] = [createLiveBus(createRedisTransport(a, channel), log), createLiveBus(createRedisTransport(b, channel), log)];
    try {
      await Promise.all(buses.map((bus) => bus.start()));
      const heard = new Promise<LiveEvent>((resolve) => buses[1]!.subscribe(7, resolve));
      buses[0]!.publish([{ event: { kind: 'negotiation', id: 3 }, userIds: [7] }]);
      expect(await heard).toEqual({ kind: 'negotiation', id: 3 });
    } finally {
      await Promise.all(buses.map((bus) => bus.close()));
      await Promise.all([a.quit(), b.quit()]);
    }
  });
});
