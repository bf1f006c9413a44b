import { type Deal, type Engagement, type Finance, type ItemLedger, type Overpayment, type PaymentCommand } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced, listForBuyNow, movementsOf } from '../../test/deals-support.js';
import { registerFreelancer } from '../../test/freelancer-support.js';
import { deliverWebhook, paidSessionEvent, STRIPE_WEBHOOK_SECRET, type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in.js';
import { adminToken, bearer, createTestApp, json, registerUser, type TestApp, testDialect } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof registerUser>>;

/**
 * Where money leaves: a step that is refused sends nothing to the card processor, a refund is a
 * command sent after the step's transaction (never inside it), a second card payment is held for a
 * refund instead of being lost in a log, and a refund that keeps failing waits for an admin.
 */
describe(`escrow: what reaches the payment provider (${testDialect})`, () => {
  let t: TestApp;
  let stand: StripeStandIn;
  let seller: User;
  let buyer: User;
  let admin: string;
  let ids: Record<string, number> = {};

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(method === 'POST' ? { payload } : {}) });
  const order = async (id: number) => json<Deal>(await call('GET', `/api/orders/${id}/`, buyer.token));
  const finance = async () => json<Finance>(await call('GET', '/api/admin/finance/', admin));
  const installation = async () => (await t.db.kysely.selectFrom('app_settings').select('value').where('key', '=', 'installation_id').executeTakeFirstOrThrow()).value;
  const commandsOf = (kind: string, id: number) => t.db.kysely.selectFrom('payment_commands').selectAll().where('item_kind', '=', kind).where('item_id', '=', id).orderBy('id').execute();

  /** Buys a name at its Buy Now price and pays by card: the order is paid, funds held. */
  async function paidByCard(name: string): Promise<Deal> {
    const made = json<Deal>(await call('POST', '/api/domains/buy-now/', buyer.token, { domain_id: ids[name] }));
    expect((await call('POST', `/api/orders/${made.id}/checkout/`, buyer.token)).statusCode).toBe(200);
    const session = (await t.db.kysely.selectFrom('purchase_orders').select('checkout_session_id').where('id', '=', made.id).executeTakeFirstOrThrow()).checkout_session_id!;
    const event = paidSessionEvent({ id: session, amountCents: made.buyer_total_cents, metadata: { order_id: String(made.id) }, paymentIntent: `pi_order_${made.id}` });
    expect(json(await deliverWebhook(t.app, event))).toEqual({ received: true, outcome: 'applied' });
    return order(made.id);
  }

  /** A request that must be refused: the answer's status, and nothing sent to the provider, now or by the worker later. */
  async function expectRefusedWithoutMoney(status: number, request: () => Promise<{ statusCode: number; body: string }>) {
    const refunds = stand.refunds().length;
    const movements = (await t.db.kysely.selectFrom('ledger_movements').select('id').execute()).length;
    const commands = (await t.db.kysely.selectFrom('payment_commands').select('id').execute()).length;
    const res = await request();
    expect(res.statusCode, res.body).toBe(status);
    await t.app.paymentCommands.drain();
    expect(stand.refunds().length).toBe(refunds);
    expect((await t.db.kysely.selectFrom('ledger_movements').select('id').execute()).length).toBe(movements);
    expect((await t.db.kysely.selectFrom('payment_commands').select('id').execute()).length).toBe(commands);
  }

  beforeAll(async () => {
    stand = await startStripeStandIn();
    t = await createTestApp({ stripe: { secretKey: 'sk_test_stand_in', webhookSecret: STRIPE_WEBHOOK_SECRET, apiBase: stand.base } });
    [seller, buyer] = await Promise.all([registerUser(t.app), registerUser(t.app, { first_name: 'Bea' })]);
    admin = await adminToken(t.app);
    ids = await listForBuyNow(t, seller.token, admin, {
      'refused-refund.com': 4000,
      'twice-paid.com': 4000,
      'failing-refund.com': 4000,
      'slow-refund.com': 4000,
      'other-write.com': 4000,
    });
  });
  afterAll(async () => {
    await t.close();
    await stand.close();
  });

  it('sends no refund for a resolve the order refuses: an undisputed paid order stays paid and completes normally', async () => {
    const paid = await paidByCard('refused-refund.com');
    expect(paid.allowed_actions).toEqual(['dispute']);
    const resolve = () => call('POST', `/api/admin/orders/${paid.id}/resolve/`, admin, { decision: 'refund', note: 'Buyer asked' });
    await expectRefusedWithoutMoney(409, resolve);
    // Asking again changes nothing either.
    await expectRefusedWithoutMoney(409, resolve);
    await expectRefusedWithoutMoney(409, () => call('POST', `/api/admin/orders/${paid.id}/refund/`, admin, { reference: 'BY-HAND' }));
    await expectRefusedWithoutMoney(409, () => call('POST', `/api/admin/orders/${paid.id}/payout/`, admin, { reference: 'TOO-EARLY' }));
    await expectRefusedWithoutMoney(403, () => call('POST', `/api/admin/orders/${paid.id}/resolve/`, buyer.token, { decision: 'refund', note: 'Me' }));

    expect((await call('POST', `/api/orders/${paid.id}/transfer/`, seller.token, { method: 'push', push_account: 'bea-at-registrar' })).statusCode).toBe(200);
    expect((await call('POST', `/api/orders/${paid.id}/confirm/`, buyer.token)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/orders/${paid.id}/payout/`, admin, { reference: 'PAYOUT-7' })).statusCode).toBe(200);
    // Completed: it can no longer be refunded or disputed, and no refund ever went out for it.
    await expectRefusedWithoutMoney(409, resolve);
    await expectRefusedWithoutMoney(409, () => call('POST', `/api/orders/${paid.id}/dispute/`, buyer.token, { reason: 'Changed my mind' }));
    expect(stand.refunds().filter((r) => r.form.payment_intent === `pi_order_${paid.id}`)).toEqual([]);
    expect((await movementsOf(t, 'order', paid.id)).map((m) => m.kind)).toEqual(['payment', 'release', 'payout_sent']);
    await expectLedgerBalanced(t, admin);
    // The admin reads the order's money as the ledger has it; nobody else does.
    const ledger = json<ItemLedger>(await call('GET', `/api/admin/finance/ledger/?kind=order&id=${paid.id}`, admin));
    expect(ledger.held).toEqual({ escrow: 0, payable: 0, refunds_payable: 0 });
    expect(ledger.movements.map((m) => [m.kind, m.reference])).toEqual([
      ['payment', `pi_order_${paid.id}`],
      ['release', 'Receipt confirmed by the buyer'],
      ['payout_sent', 'PAYOUT-7'],
    ]);
    expect(ledger.movements[2]?.postings).toEqual([
      { account: 'payable', amount_cents: paid.seller_net_cents },
      { account: 'clearing', amount_cents: -paid.seller_net_cents },
    ]);
    expect((await call('GET', `/api/admin/finance/ledger/?kind=order&id=${paid.id}`, buyer.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/finance/ledger/?kind=order&id=999999', admin)).statusCode).toBe(404);
  });

  it('sends no refund for a milestone step its state refuses', async () => {
    const freelancer = await registerFreelancer(t.app, 'Fin', 'Lance');
    const deadline = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const sent = json<Engagement>(await call('POST', '/api/engagements/', buyer.token, { freelancer_id: freelancer.user.id, title: 'Logo', brief: 'A logo.', budget_cents: 30_000, deadline }));
    const hired = json<Engagement>(await call('POST', `/api/engagements/${sent.id}/accept/`, freelancer.token, { terms_version: sent.terms_version }));
    const m = hired.milestones[0]!;
    expect((await call('POST', `/api/engagements/milestones/${m.id}/checkout/`, buyer.token)).statusCode).toBe(200);
    const event = paidSessionEvent({ id: `cs_m_${m.id}`, amountCents: 30_000, metadata: { milestone_id: String(m.id) }, paymentIntent: `pi_milestone_${m.id}` });
    expect(json(await deliverWebhook(t.app, event))).toEqual({ received: true, outcome: 'applied' });

    await expectRefusedWithoutMoney(409, () => call('POST', `/api/admin/milestones/${m.id}/resolve/`, admin, { decision: 'refund', note: 'Not disputed' }));
    await expectRefusedWithoutMoney(409, () => call('POST', `/api/admin/milestones/${m.id}/refund/`, admin, { reference: 'BY-HAND' }));
    expect((await call('POST', `/api/engagements/milestones/${m.id}/deliver/`, freelancer.token, { note: 'Done' })).statusCode).toBe(200);
    // Delivered work is no longer cancelled (and refunded) by either party.
    await expectRefusedWithoutMoney(409, () => call('POST', `/api/engagements/milestones/${m.id}/cancel/`, buyer.token));
    await expectRefusedWithoutMoney(409, () => call('POST', `/api/engagements/milestones/${m.id}/cancel/`, freelancer.token));
    await expectLedgerBalanced(t, admin);
  });

  it('holds a second card payment for an order already paid, lists it in Finance, and refunds it once through the provider', async () => {
    const paid = await paidByCard('twice-paid.com');
    // The buyer paid again on a second checkout page: a new session and a new payment.
    const second = paidSessionEvent({ id: `cs_again_${paid.id}`, amountCents: paid.buyer_total_cents, metadata: { order_id: String(paid.id) }, paymentIntent: `pi_again_${paid.id}` });
    expect(json(await deliverWebhook(t.app, second))).toEqual({ received: true, outcome: 'overpaid' });
    // The same event again, and another event about the same payment, are the same money.
    expect(json(await deliverWebhook(t.app, second))).toEqual({ received: true, outcome: 'duplicate' });
    const sameMoney = paidSessionEvent({ id: `cs_again_${paid.id}`, amountCents: paid.buyer_total_cents, metadata: { order_id: String(paid.id) }, paymentIntent: `pi_again_${paid.id}` });
    expect(json(await deliverWebhook(t.app, sameMoney))).toEqual({ received: true, outcome: 'duplicate' });
    expect((await order(paid.id)).status).toBe('paid');

    const held = (await finance()).overpayments.filter((o) => o.item_kind === 'order' && o.item_id === paid.id);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ status: 'held', amount_cents: paid.buyer_total_cents, payment_reference: `pi_again_${paid.id}`, allowed_actions: ['refund'], item_link: `/orders/${paid.id}` });
    await expectLedgerBalanced(t, admin);
    await t.drainMail();
    expect(t.mailer.sent.some((m) => m.to === buyer.user.email && String(m.text).includes('no longer needs'))).toBe(true);

    const refunds = stand.refunds().length;
    const [first, again] = await Promise.all([1, 2].map(() => call('POST', `/api/admin/finance/overpayments/${held[0]!.id}/refund/`, admin)));
    expect([first!.statusCode, again!.statusCode].sort()).toEqual([200, 409]);
    await t.app.paymentCommands.drain();
    expect(stand.refunds().slice(refunds)).toMatchObject([{ form: { payment_intent: `pi_again_${paid.id}`, amount: String(paid.buyer_total_cents) } }]);
    const after = (await finance()).overpayments.find((o) => o.id === held[0]!.id) as Overpayment;
    expect(after).toMatchObject({ status: 'refunded', allowed_actions: [] });
    expect(after.refunded_at).not.toBeNull();
    // The order's own payment was never touched.
    expect((await order(paid.id)).status).toBe('paid');
    expect(stand.refunds().filter((r) => r.form.payment_intent === `pi_order_${paid.id}`)).toEqual([]);
    await expectLedgerBalanced(t, admin);
  });

  it('leaves a refund the provider refuses for an admin, who sends it again with a new key', async () => {
    const paid = await paidByCard('failing-refund.com');
    expect((await call('POST', `/api/orders/${paid.id}/dispute/`, buyer.token, { reason: 'Not transferred' })).statusCode).toBe(200);
    stand.refusing.on = true;
    // The refund is held at the provider until released, so the order is seen while it stands.
    const release = stand.holdRefunds();
    const refunds = stand.refunds().length;
    const resolved = json<Deal>(await call('POST', `/api/admin/orders/${paid.id}/resolve/`, admin, { decision: 'refund', note: 'Seller silent' }));
    expect(resolved.status).toBe('refund_due');
    const sending = t.app.paymentCommands.drain();
    await stand.refundsReceived(refunds + 1);
    // While the provider refund stands, no refund by hand.
    expect(resolved.allowed_actions).toEqual([]);
    expect(json<Deal>(await call('GET', `/api/orders/${paid.id}/`, admin)).allowed_actions).toEqual([]);
    release();
    await sending;
    stand.refusing.on = false;
    const [command] = await commandsOf('order', paid.id);
    expect(command).toMatchObject({ status: 'failed', attempts: 1, last_error_refused: 1 });
    const listed = (await finance()).commands.find((c) => c.id === command!.id) as PaymentCommand;
    expect(listed).toMatchObject({ status: 'failed', can_retry: true, item_link: `/orders/${paid.id}` });
    // The admin reads what failed, but not the provider's own words (they can name the account).
    expect(listed.last_error).toContain('400');
    expect(listed.last_error).not.toContain('acct_secret_42');
    // Once it failed, the admin may settle it by hand instead.
    expect(json<Deal>(await call('GET', `/api/orders/${paid.id}/`, admin)).allowed_actions).toEqual(['record_refund']);

    const before = stand.refunds().length;
    const retried = await call('POST', `/api/admin/finance/commands/${command!.id}/retry/`, admin);
    expect(retried.statusCode, retried.body).toBe(200);
    await t.app.paymentCommands.drain();
    const sent = stand.refunds().slice(before);
    expect(sent).toHaveLength(1);
    // Stripe keeps its answer to a key: after a refusal the retry needs a new one.
    expect(sent[0]?.idempotencyKey).toBe(`${await installation()}-cmd-${command!.id}-1`);
    expect((await order(paid.id)).status).toBe('refunded');
    expect((await call('POST', `/api/admin/finance/commands/${command!.id}/retry/`, admin)).statusCode).toBe(409);
    await expectLedgerBalanced(t, admin);
  });

  it('never holds the database while the provider answers: other writes go on during a slow refund', async () => {
    const paid = await paidByCard('slow-refund.com');
    expect((await call('POST', `/api/orders/${paid.id}/dispute/`, seller.token, { reason: 'Buyer changed the terms' })).statusCode).toBe(200);
    const release = stand.holdRefunds();
    const refunds = stand.refunds().length;
    expect((await call('POST', `/api/admin/orders/${paid.id}/resolve/`, admin, { decision: 'refund', note: 'Agreed' })).statusCode).toBe(200);
    const sending = t.app.paymentCommands.drain();
    await stand.refundsReceived(refunds + 1);
    // The provider has the refund and has not answered: a write of another buyer's goes through now.
    const other = await call('POST', '/api/domains/buy-now/', buyer.token, { domain_id: ids['other-write.com'] });
    expect(other.statusCode, other.body).toBe(201);
    expect((await order(paid.id)).status).toBe('refund_due');
    release();
    await sending;
    expect((await order(paid.id)).status).toBe('refunded');
    await expectLedgerBalanced(t, admin);
  });

  it('keys every refund with this installation’s id, which another database does not share', async () => {
    const other = await createTestApp();
    try {
      const theirs = (await other.db.kysely.selectFrom('app_settings').select('value').where('key', '=', 'installation_id').executeTakeFirstOrThrow()).value;
      expect(theirs).not.toBe(await installation());
    } finally {
      await other.close();
    }
    for (const refund of stand.refunds()) expect(refund.idempotencyKey?.startsWith(`${await installation()}-cmd-`)).toBe(true);
  });
});
