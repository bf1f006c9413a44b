import { asCents, type Deal, dealMessages as dm, type Engagement, formatCents, type SponsoredOrder } from '@market/shared';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced, listForBuyNow, movementsOf } from '../../test/deals-support.js';
import { startStripeStandIn } from '../../test/stripe-stand-in.js';
import { registerFreelancer } from '../../test/freelancer-support.js';
import { adminToken, bearer, createTestApp, json, registerUser, type TestApp, testDialect, errorOf } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof registerUser>>;

const WEBHOOK_SECRET = 'whsec_stand_in_secret';
const PUBLIC_URL = 'https://market.example';

describe(`deals paid by card through Stripe Checkout (${testDialect})`, () => {
  let t: TestApp;
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
  let seller: User;
  let buyer: User;
  let stranger: User;
  let admin: string;
  let ids: Record<string, number> = {};
  const signer = new Stripe('sk_test_signer');
  let eventCount = 0;

  const post = (url: string, token?: string) => t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: {} });
  const view = async (id: number) => json<Deal>(await t.app.inject({ method: 'GET', url: `/api/orders/${id}/`, headers: bearer(buyer.token) }));
  const ledgerOf = (id: number) => movementsOf(t, 'order', id);
  const installation = async () => (await t.db.kysely.selectFrom('app_settings').select('value').where('key', '=', 'installation_id').executeTakeFirstOrThrow()).value;

  async function buy(name: string): Promise<Deal> {
    const made = await t.app.inject({ method: 'POST', url: '/api/domains/buy-now/', headers: bearer(buyer.token), payload: { domain_id: ids[name] } });
    expect(made.statusCode, made.body).toBe(201);
    return json<Deal>(made);
  }

  async function checkout(order: Deal): Promise<string> {
    const res = await post(`/api/orders/${order.id}/checkout/`, buyer.token);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.db.kysely.selectFrom('purchase_orders').select('checkout_session_id').where('id', '=', order.id).executeTakeFirstOrThrow();
    return stored.checkout_session_id ?? '';
  }

  /** A `checkout.session.completed` event as Stripe would send it. */
  function completed(order: Deal, sessionId: string, overrides: { id?: string; amount_total?: number; payment_status?: string } = {}) {
    eventCount += 1;
    return JSON.stringify({
      id: overrides.id ?? `evt_test_${eventCount}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: overrides.payment_status ?? 'paid',
          amount_total: overrides.amount_total ?? order.buyer_total_cents,
          currency: 'usd',
          client_reference_id: String(order.id),
          metadata: { order_id: String(order.id) },
          payment_intent: `pi_test_${order.id}`,
        },
      },
    });
  }

  const deliver = (payload: string, signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    });

  beforeAll(async () => {
    stand = await startStripeStandIn();
    t = await createTestApp({ publicUrl: PUBLIC_URL, stripe: { secretKey: 'sk_test_stand_in', webhookSecret: WEBHOOK_SECRET, apiBase: stand.base } });
    [seller, buyer, stranger] = await Promise.all([registerUser(t.app), registerUser(t.app, { first_name: 'Bo' }), registerUser(t.app)]);
    admin = await adminToken(t.app);
    ids = await listForBuyNow(t, seller.token, admin, {
      'card-paid.com': 4000,
      'card-short.com': 4000,
      'card-twice.com': 4000,
      'card-refund.com': 4000,
      'by-bank.com': 4000,
      'card-again.com': 4000,
      'card-by-bank.com': 4000,
      'card-sponsor.com': 4000,
      'card-clock.com': 4000,
    });
  });
  afterAll(async () => {
    await t.close();
    await stand.close();
  });

  it('sends the buyer to a Checkout Session for the order total and keeps its id', async () => {
    const order = await buy('card-paid.com');
    expect(order).toMatchObject({ provider: 'stripe', buyer_total_cents: 420_000 });
    // A bank transfer stays possible beside the card: large deals are often paid by wire.
    expect(order.payment_instructions).toMatchObject({ reference: order.payment_reference, amount_cents: 420_000 });
    const res = await post(`/api/orders/${order.id}/checkout/`, buyer.token);
    expect(res.statusCode, res.body).toBe(200);
    const session = stand.calls.at(-1);
    const sessionId = `cs_test_${stand.calls.length}`;
    expect(session).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(json(res)).toEqual({ url: `https://checkout.stand-in.test/pay/${sessionId}` });
    expect(session?.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '420000',
      'line_items[0][price_data][product_data][name]': 'card-paid.com',
      client_reference_id: String(order.id),
      'metadata[order_id]': String(order.id),
      'payment_intent_data[metadata][order_id]': String(order.id),
      success_url: `${PUBLIC_URL}/orders/${order.id}?paid=1`,
      cancel_url: `${PUBLIC_URL}/orders/${order.id}?cancelled=1`,
    });
    const stored = await t.db.kysely.selectFrom('purchase_orders').select('checkout_session_id').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(stored.checkout_session_id).toBe(sessionId);
  });

  it('opens the checkout to the buyer only', async () => {
    const order = (await t.app.inject({ method: 'GET', url: '/api/orders/', headers: bearer(buyer.token) })).json<Deal[]>().find((o) => o.domain_name === 'card-paid.com');
    const url = `/api/orders/${order?.id}/checkout/`;
    const before = stand.calls.length;
    expect((await post(url)).statusCode).toBe(401);
    expect((await post(url, seller.token)).statusCode).toBe(403);
    expect((await post(url, admin)).statusCode).toBe(403);
    expect((await post(url, stranger.token)).statusCode).toBe(404);
    expect(stand.calls.length).toBe(before);
    // Stripe refusing: a plain answer, without Stripe's own words, and the order keeps its session.
    const kept = await t.db.kysely.selectFrom('purchase_orders').select('checkout_session_id').where('id', '=', order?.id ?? 0).executeTakeFirstOrThrow();
    stand.refusing.on = true;
    const refused = await post(url, buyer.token);
    stand.refusing.on = false;
    expect(refused.statusCode).toBe(502);
    expect(errorOf(refused)).toEqual({ detail: dm.cardProcessorDown });
    expect(await t.db.kysely.selectFrom('purchase_orders').select('checkout_session_id').where('id', '=', order?.id ?? 0).executeTakeFirstOrThrow()).toEqual(kept);
  });

  it('refuses a card checkout for an order paid by bank transfer', async () => {
    const order = await buy('by-bank.com');
    // Opened before the switch to card payments.
    await t.db.kysely.updateTable('purchase_orders').set({ provider: 'manual' }).where('id', '=', order.id).execute();
    const res = await post(`/api/orders/${order.id}/checkout/`, buyer.token);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ detail: dm.paidByBankTransfer });
  });

  it('marks the order paid on a signed completed event, once, with one ledger payment', async () => {
    const order = (await view((await t.app.inject({ method: 'GET', url: '/api/orders/', headers: bearer(buyer.token) })).json<Deal[]>().find((o) => o.domain_name === 'card-paid.com')?.id ?? 0));
    const sessionId = (await t.db.kysely.selectFrom('purchase_orders').select('checkout_session_id').where('id', '=', order.id).executeTakeFirstOrThrow()).checkout_session_id ?? '';
    const event = completed(order, sessionId);
    const res = await deliver(event);
    expect(res.statusCode, res.body).toBe(200);
    const paid = await view(order.id);
    // The order keeps the reference it was given; the card payment is kept for its refund.
    expect(paid).toMatchObject({ status: 'paid', payment_reference: order.payment_reference });
    expect((await t.db.kysely.selectFrom('purchase_orders').select('card_payment_id').where('id', '=', order.id).executeTakeFirstOrThrow()).card_payment_id).toBe(`pi_test_${order.id}`);
    expect(await ledgerOf(order.id)).toEqual([{ kind: 'payment', reference: `pi_test_${order.id}`, postings: { clearing: 420_000, escrow: -420_000 } }]);
    await expectLedgerBalanced(t, admin);
    await t.drainMail();
    expect(t.mailer.sent.some((m) => m.to === buyer.user.email && String(m.text ?? m.html).includes(formatCents(asCents(420_000))))).toBe(true);

    // Stripe delivers at least once: the same event again changes nothing.
    const again = await deliver(event);
    expect(again.statusCode).toBe(200);
    expect(await ledgerOf(order.id)).toHaveLength(1);
    expect((await view(order.id)).events.filter((e) => e.status === 'paid')).toHaveLength(1);
    // A checkout for a paid order is refused.
    expect((await post(`/api/orders/${order.id}/checkout/`, buyer.token)).statusCode).toBe(409);
  });

  it('applies concurrent deliveries of one event once, answering 200 to each', async () => {
    const order = await buy('card-twice.com');
    const event = completed(order, await checkout(order));
    const answers = await Promise.all(Array.from({ length: 4 }, () => deliver(event)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await ledgerOf(order.id)).toHaveLength(1);
    expect((await view(order.id)).status).toBe('paid');
    await expectLedgerBalanced(t, admin);
  });

  it('leaves the refund to an admin when the money came by bank transfer after all', async () => {
    const order = await buy('card-by-bank.com');
    const recorded = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/payment/`, headers: bearer(admin), payload: { reference: 'BANK-9', amount_cents: order.buyer_total_cents } });
    expect(recorded.statusCode, recorded.body).toBe(200);
    await t.db.kysely.updateTable('purchase_orders').set({ transfer_by: new Date(Date.now() - 1000).toISOString() }).where('id', '=', order.id).execute();
    const before = stand.calls.length;
    expect((await t.app.services.deals.sweep()).refunded).toBe(1);
    expect((await view(order.id)).status).toBe('refund_due');
    expect(stand.calls.length).toBe(before);
    await expectLedgerBalanced(t, admin);
  });

  it('finds the order by its metadata when the buyer paid on an older checkout page', async () => {
    const order = await buy('card-again.com');
    const first = await checkout(order);
    expect(await checkout(order)).not.toBe(first);
    expect((await deliver(completed(order, first))).statusCode).toBe(200);
    expect((await view(order.id)).status).toBe('paid');
    expect(await ledgerOf(order.id)).toHaveLength(1);
  });

  it('refuses a forged or missing signature and a wrong amount, changing nothing', async () => {
    const order = await buy('card-short.com');
    const sessionId = await checkout(order);
    const event = completed(order, sessionId);
    const forged = signer.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_someone_else' });
    for (const signature of [forged, '']) {
      const res = await deliver(event, signature);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({ detail: dm.webhookSignatureInvalid });
    }
    const short = await deliver(completed(order, sessionId, { amount_total: 400_000 }));
    expect(short.statusCode).toBe(400);
    expect(errorOf(short)).toEqual({ amount_cents: [dm.amountMismatch(formatCents(asCents(420_000)))] });
    expect((await view(order.id)).status).toBe('awaiting_payment');
    expect(await ledgerOf(order.id)).toEqual([]);
    // Neither kept its event id: nothing was applied.
    expect(await t.db.kysely.selectFrom('payment_events').select('event_id').where('event_id', 'in', [JSON.parse(event).id]).execute()).toEqual([]);
    // Other events, and sessions completed without the money, are acknowledged and ignored.
    expect((await deliver(JSON.stringify({ id: 'evt_other', object: 'event', type: 'payment_intent.created', data: { object: {} } }))).statusCode).toBe(200);
    expect((await deliver(completed(order, sessionId, { payment_status: 'unpaid' }))).statusCode).toBe(200);
    expect((await view(order.id)).status).toBe('awaiting_payment');
  });

  it('refuses an event signed more than 5 minutes before or after our clock, and takes one within', async () => {
    const order = await buy('card-clock.com');
    const sessionId = await checkout(order);
    const now = Math.floor(Date.now() / 1000);
    const signedAt = (payload: string, timestamp: number) => signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
    for (const offset of [3600, 301 + 5, -3600, -301 - 5]) {
      const event = completed(order, sessionId);
      const res = await deliver(event, signedAt(event, now + offset));
      expect(res.statusCode, `${offset} s`).toBe(400);
      expect(errorOf(res), `${offset} s`).toEqual({ detail: dm.webhookTimestampInvalid });
    }
    expect((await view(order.id)).status).toBe('awaiting_payment');
    expect(await ledgerOf(order.id)).toEqual([]);
    // A sender's clock a little ahead of ours is not refused.
    const event = completed(order, sessionId);
    expect((await deliver(event, signedAt(event, now + 120))).statusCode).toBe(200);
    expect((await view(order.id)).status).toBe('paid');
  });

  it('refunds through the Refund API when the seller never starts the transfer: a command sent after the step', async () => {
    const order = await buy('card-refund.com');
    expect((await deliver(completed(order, await checkout(order)))).statusCode).toBe(200);
    await t.db.kysely.updateTable('purchase_orders').set({ transfer_by: new Date(Date.now() - 1000).toISOString() }).where('id', '=', order.id).execute();
    // The step records the refund and its command; Stripe hears of it from the worker, after commit.
    stand.failing.on = true;
    const before = stand.refunds().length;
    expect((await t.app.services.deals.sweep()).refunded).toBe(1);
    expect((await view(order.id)).status).toBe('refund_due');
    await expectLedgerBalanced(t, admin);
    // Stripe failing: the command waits for its next attempt; the order stays refund due.
    await t.app.paymentCommands.drain();
    expect(stand.refunds().length).toBe(before + 1);
    expect((await view(order.id)).status).toBe('refund_due');
    const command = await t.db.kysely.selectFrom('payment_commands').selectAll().where('item_kind', '=', 'order').where('item_id', '=', order.id).executeTakeFirstOrThrow();
    expect(command).toMatchObject({ status: 'pending', attempts: 1 });
    expect(command.last_error).toContain('500');
    stand.failing.on = false;
    await t.db.kysely.updateTable('payment_commands').set({ next_attempt_at: new Date().toISOString() }).where('id', '=', command.id).execute();
    await t.app.paymentCommands.drain();
    const refunds = stand.refunds().slice(before);
    expect(refunds).toHaveLength(2);
    expect(refunds[1]).toMatchObject({ form: { payment_intent: `pi_test_${order.id}`, amount: '420000', 'metadata[order_id]': String(order.id) } });
    // Both attempts carry the same key, made of this installation's id and the command's.
    expect(new Set(refunds.map((r) => r.idempotencyKey))).toEqual(new Set([`${await installation()}-cmd-${command.id}`]));
    const after = await view(order.id);
    expect(after).toMatchObject({ status: 'refunded' });
    expect(after.refunded_at).not.toBeNull();
    expect((await ledgerOf(order.id)).map((l) => [l.kind, l.reference])).toEqual([
      ['payment', `pi_test_${order.id}`],
      ['refund_owed', 'Transfer not started within 5 days'],
      ['refund_sent', `re_test_${stand.calls.length}`],
    ]);
    await expectLedgerBalanced(t, admin);
  });

  it('takes a sponsored headline order by card: the signed event starts the headlines, once', async () => {
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/domains/sponsored-headlines/cart/',
      headers: bearer(seller.token),
      payload: { items: [{ category: 'Buy Now', domain_ids: [ids['card-sponsor.com']] }] },
    });
    expect(cart.statusCode, cart.body).toBe(201);
    const placed = await t.app.inject({ method: 'POST', url: '/api/domains/sponsored-headlines/order/', headers: bearer(seller.token), payload: { cart_id: json<{ id: number }>(cart).id } });
    const order = json<SponsoredOrder>(placed);
    expect(order).toMatchObject({ status: 'awaiting_payment', payment_mode: 'stripe', amount_cents: 500 });
    expect(order.allowed_actions).toEqual(['pay_by_card', 'pay_by_bank_transfer', 'cancel']);
    // The bank transfer stays possible beside the card.
    expect(order.payment_instructions?.amount_cents).toBe(500);

    expect((await post(`/api/domains/sponsored-headlines/orders/${order.id}/checkout/`, buyer.token)).statusCode).toBe(404);
    const opened = await post(`/api/domains/sponsored-headlines/orders/${order.id}/checkout/`, seller.token);
    expect(opened.statusCode, opened.body).toBe(200);
    const call = stand.calls.at(-1);
    expect(call?.form).toMatchObject({
      'line_items[0][price_data][unit_amount]': '500',
      'metadata[sponsored_order_id]': String(order.id),
      success_url: `${PUBLIC_URL}/order-sponsored-headlines?tab=orders&paid=${order.id}`,
    });
    expect(call?.form).not.toHaveProperty('metadata[order_id]');
    const sessionId = `cs_test_${stand.calls.length}`;

    const event = (id: string, amount: number) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            payment_status: 'paid',
            amount_total: amount,
            metadata: { sponsored_order_id: String(order.id) },
            payment_intent: `pi_sponsored_${order.id}`,
          },
        },
      });
    const status = async () =>
      json<SponsoredOrder>(await t.app.inject({ method: 'GET', url: `/api/domains/sponsored-headlines/orders/${order.id}/`, headers: bearer(seller.token) })).status;
    expect((await deliver(event('evt_sponsored_short', 400))).statusCode).toBe(400);
    expect(await status()).toBe('awaiting_payment');

    const first = await deliver(event('evt_sponsored_1', 500));
    expect(json(first)).toEqual({ received: true, outcome: 'applied' });
    expect(json(await deliver(event('evt_sponsored_1', 500)))).toEqual({ received: true, outcome: 'duplicate' });
    const paid = json<SponsoredOrder>(await t.app.inject({ method: 'GET', url: `/api/domains/sponsored-headlines/orders/${order.id}/`, headers: bearer(seller.token) }));
    expect(paid).toMatchObject({ status: 'paid', paid_reference: `pi_sponsored_${order.id}`, allowed_actions: [] });
    expect(paid.headlines.map((h) => h.running)).toEqual([true]);
    // The payment is in the ledger, and earned at once: the headlines run from the payment on.
    expect(await movementsOf(t, 'sponsored', order.id)).toEqual([
      { kind: 'payment', reference: `pi_sponsored_${order.id}`, postings: { clearing: 500, escrow: -500 } },
      { kind: 'earned', reference: `pi_sponsored_${order.id}`, postings: { escrow: 500, sponsored_sales: -500 } },
    ]);
    await expectLedgerBalanced(t, admin);
    const headlines = await t.db.kysely.selectFrom('sponsored_headlines').selectAll().where('order_id', '=', order.id).execute();
    expect(headlines).toHaveLength(1);
  });

  it('funds a freelance milestone by card once, and refunds it through Stripe when cancelled before delivery', async () => {
    const freelancer = await registerFreelancer(t.app, 'Fay', 'Lancer');
    const deadline = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const sent = json<Engagement>(
      await t.app.inject({ method: 'POST', url: '/api/engagements/', headers: bearer(buyer.token), payload: { freelancer_id: freelancer.user.id, title: 'Logo', brief: 'A logo.', budget_cents: 25_000, deadline } }),
    );
    const hired = json<Engagement>(await t.app.inject({ method: 'POST', url: `/api/engagements/${sent.id}/accept/`, headers: bearer(freelancer.token), payload: { terms_version: 1 } }));
    const m = hired.milestones[0]!;
    expect(m).toMatchObject({ provider: 'stripe', status: 'awaiting_funding' });
    expect((await post(`/api/engagements/milestones/${m.id}/checkout/`, freelancer.token)).statusCode).toBe(403);
    const res = await post(`/api/engagements/milestones/${m.id}/checkout/`, buyer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(stand.calls.at(-1)?.form).toMatchObject({ 'line_items[0][price_data][unit_amount]': '25000', 'metadata[milestone_id]': String(m.id), success_url: `${PUBLIC_URL}/engagements/${sent.id}?paid=1` });
    const sessionId = `cs_test_${stand.calls.length}`;
    const event = (id: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', amount_total: 25_000, metadata: { milestone_id: String(m.id) }, payment_intent: `pi_milestone_${m.id}` } },
      });
    expect(json(await deliver(event('evt_milestone_1')))).toEqual({ received: true, outcome: 'applied' });
    expect(json(await deliver(event('evt_milestone_1')))).toEqual({ received: true, outcome: 'duplicate' });
    const ledger = async () => (await movementsOf(t, 'milestone', m.id)).map((l) => l.kind);
    expect(await movementsOf(t, 'milestone', m.id)).toEqual([{ kind: 'payment', reference: `pi_milestone_${m.id}`, postings: { clearing: 25_000, escrow: -25_000 } }]);
    await expectLedgerBalanced(t, admin);

    const before = stand.refunds().length;
    // Held, so the answer to the cancel is read before the refund can come back.
    const release = stand.holdRefunds();
    const cancelled = json<Engagement>(await post(`/api/engagements/milestones/${m.id}/cancel/`, buyer.token));
    expect(cancelled.milestones[0]?.status).toBe('refund_due');
    release();
    await t.app.paymentCommands.drain();
    expect(stand.refunds().slice(before)).toMatchObject([{ form: { payment_intent: `pi_milestone_${m.id}`, amount: '25000' }, idempotencyKey: expect.stringContaining(await installation()) }]);
    const after = json<Engagement>(await t.app.inject({ method: 'GET', url: `/api/engagements/${sent.id}/`, headers: bearer(buyer.token) }));
    expect(after.milestones[0]?.status).toBe('refunded');
    expect(await ledger()).toEqual(['payment', 'refund_owed', 'refund_sent']);
    await expectLedgerBalanced(t, admin);
  });
});
