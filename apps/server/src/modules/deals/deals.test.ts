import { asCents, DAY_MS, type Deal, dealMessages as dm, type Finance, formatCents, transferTxtName } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TxtLookup } from '../../dns/txt-lookup.js';
import { expectLedgerBalanced as expectBalanced, listForBuyNow } from '../../test/deals-support.js';
import { adminToken, bearer, createTestApp, json, registerUser, type TestApp, testDialect, errorOf } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof registerUser>>;
type Method = 'GET' | 'POST';

/** TXT records the test publishes, as a DNS server would answer them. */
const published = new Map<string, string[]>();
const txt: TxtLookup = {
  async lookup(name) {
    const records = published.get(name);
    return records ? { ok: true, records } : { ok: false, error: 'ENOTFOUND' };
  },
};

describe(`deals: payment held in escrow, transfer, payout (${testDialect})`, () => {
  let t: TestApp;
  let seller: User;
  let buyer: User;
  let stranger: User;
  let admin: string;
  const ids: Record<string, number> = {};

  const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const ok = async <T = Deal>(method: Method, url: string, token: string, payload?: Record<string, unknown>) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return json<T>(res);
  };

  const expectLedgerBalanced = () => expectBalanced(t, admin);

  async function buy(name: string, who: User = buyer): Promise<Deal> {
    const res = await call('POST', '/api/domains/buy-now/', who.token, { domain_id: ids[name] });
    expect(res.statusCode, res.body).toBe(201);
    return json<Deal>(res);
  }
  const pay = (order: Deal) => ok('POST', `/api/admin/orders/${order.id}/payment/`, admin, { reference: `BANK-${order.id}`, amount_cents: order.buyer_total_cents });
  /** Moves a deadline into the past, as if the days had gone by. */
  const expire = (order: Deal, column: 'pay_by' | 'transfer_by' | 'confirm_by') =>
    t.db.kysely.updateTable('purchase_orders').set({ [column]: new Date(Date.now() - 1000).toISOString() }).where('id', '=', order.id).execute();
  const saleStatus = async (name: string) =>
    (await t.db.kysely.selectFrom('domains').select('sale_status').where('id', '=', ids[name] ?? 0).executeTakeFirstOrThrow()).sale_status;

  beforeAll(async () => {
    t = await createTestApp({}, { txtLookup: txt });
    [seller, buyer, stranger] = await Promise.all([registerUser(t.app, { first_name: 'Sal' }), registerUser(t.app, { first_name: 'Bo' }), registerUser(t.app)]);
    admin = await adminToken(t.app);
    const names = ['escrow-one.com', 'odd-cents.com', 'never-paid.com', 'never-sent.com', 'dns-proof.com', 'quarrel.com', 'race-one.com', 'matrix.com'];
    Object.assign(ids, await listForBuyNow(t, seller.token, admin, Object.fromEntries(names.map((n) => [n, n === 'odd-cents.com' ? 1234 : 4000]))));
  });
  afterAll(() => t.close());

  it('closes a Buy Now deal: paid into escrow, code sent, receipt confirmed, payout recorded', async () => {
    const order = await buy('escrow-one.com');
    expect(order).toMatchObject({ status: 'awaiting_payment', price_cents: 400_000, buyer_fee_cents: 20_000, seller_fee_cents: 20_000, buyer_total_cents: 420_000, seller_net_cents: 380_000 });
    expect(order.payment_instructions).toMatchObject({ reference: order.payment_reference, amount_cents: 420_000 });
    expect(order.payment_reference).toMatch(/^DM-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(Date.parse(order.pay_by ?? '') - Date.parse(order.created_at)).toBe(3 * DAY_MS);
    // The seller sees the order, without the buyer's payment instructions.
    expect((await ok('GET', `/api/orders/${order.id}/`, seller.token)).payment_instructions).toBeNull();
    expect(await saleStatus('escrow-one.com')).toBe('under_order');
    await expectLedgerBalanced();

    // A payment that does not match the order's total is refused and changes nothing.
    const short = await call('POST', `/api/admin/orders/${order.id}/payment/`, admin, { reference: 'BANK-X', amount_cents: 400_000 });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short)).toEqual({ amount_cents: [dm.amountMismatch(formatCents(asCents(420_000)))] });
    expect((await ok('GET', `/api/orders/${order.id}/`, buyer.token)).status).toBe('awaiting_payment');

    const paid = await pay(order);
    expect(paid.status).toBe('paid');
    expect(Date.parse(paid.transfer_by ?? '') - Date.parse(paid.paid_at ?? '')).toBe(5 * DAY_MS);
    await expectLedgerBalanced();
    // A second payment for a paid order is refused.
    expect((await call('POST', `/api/admin/orders/${order.id}/payment/`, admin, { reference: 'BANK-2', amount_cents: 420_000 })).statusCode).toBe(409);

    // Only the seller starts the transfer; the code is for the buyer's eyes only.
    expect((await call('POST', `/api/orders/${order.id}/transfer/`, buyer.token, { method: 'auth_code', auth_code: 'Secr3t-Code!' })).statusCode).toBe(403);
    const bad = await call('POST', `/api/orders/${order.id}/transfer/`, seller.token, { method: 'auth_code', auth_code: 'a b' });
    expect(bad.statusCode).toBe(400);
    const started = await ok('POST', `/api/orders/${order.id}/transfer/`, seller.token, { method: 'auth_code', auth_code: 'Secr3t-Code!' });
    expect(started).toMatchObject({ status: 'transfer_in_progress', transfer_method: 'auth_code', has_auth_code: true, dns_txt: null });
    expect(await ok<{ auth_code: string }>('GET', `/api/orders/${order.id}/auth-code/`, buyer.token)).toEqual({ auth_code: 'Secr3t-Code!' });
    expect((await call('GET', `/api/orders/${order.id}/auth-code/`, seller.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/orders/${order.id}/auth-code/`, admin)).statusCode).toBe(403);
    expect((await call('GET', `/api/orders/${order.id}/auth-code/`, stranger.token)).statusCode).toBe(404);
    // Never in clear anywhere but that answer: not stored, mailed, noted or audited.
    const stored = await t.db.kysely.selectFrom('purchase_orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain('Secr3t-Code!');
    await t.drainMail();
    const trail = [
      await t.db.kysely.selectFrom('order_events').selectAll().execute(),
      await t.db.kysely.selectFrom('mail_outbox').selectAll().execute(),
      await t.db.kysely.selectFrom('notifications').selectAll().execute(),
      await t.db.kysely.selectFrom('admin_audit').selectAll().execute(),
      t.mailer.sent,
    ];
    expect(JSON.stringify(trail)).not.toContain('Secr3t-Code!');
    // The buyer sees the TXT record to publish; the seller does not.
    const buyerView = await ok('GET', `/api/orders/${order.id}/`, buyer.token);
    expect(buyerView.dns_txt?.name).toBe(transferTxtName('escrow-one.com'));
    expect((await ok('GET', `/api/orders/${order.id}/`, seller.token)).dns_txt).toBeNull();

    // Out of order: no payout before the buyer confirms.
    expect((await call('POST', `/api/admin/orders/${order.id}/payout/`, admin, { reference: 'OUT-1' })).statusCode).toBe(409);
    expect((await call('POST', `/api/orders/${order.id}/confirm/`, seller.token)).statusCode).toBe(403);
    expect((await ok('POST', `/api/orders/${order.id}/confirm/`, buyer.token)).status).toBe('confirmed');
    await expectLedgerBalanced();

    const done = await ok('POST', `/api/admin/orders/${order.id}/payout/`, admin, { reference: 'OUT-1' });
    expect(done).toMatchObject({ status: 'completed', status_label: 'Completed' });
    expect(done.events.map((e) => e.status)).toEqual(['awaiting_payment', 'paid', 'transfer_in_progress', 'confirmed', 'completed']);
    // Now the buyer's, unlisted until approved for them (domains/change-of-hands.test.ts).
    expect(await saleStatus('escrow-one.com')).toBe('available');
    await expectLedgerBalanced();
    const finance = await ok<Finance>('GET', '/api/admin/finance/', admin);
    expect(finance.period.commission_cents).toBeGreaterThanOrEqual(40_000);
    // Each step told both parties in the app and by e-mail.
    await t.drainMail();
    const sellerMail = t.mailer.sent.filter((m) => m.to === seller.user.email && String(m.subject).includes('escrow-one.com'));
    expect(sellerMail.length).toBeGreaterThanOrEqual(4);
    const audit = await t.db.kysely.selectFrom('admin_audit').select(['action', 'details']).where('target_type', '=', 'order').where('target_id', '=', order.id).execute();
    expect(audit.map((a) => [a.action, JSON.parse(a.details ?? '{}').action])).toEqual([
      ['escrow-step', 'record_payment'],
      ['escrow-step', 'record_payout'],
    ]);
  });

  it('counts money in cents: a $1,234 sale is $61.70 commission per side', async () => {
    const order = await buy('odd-cents.com');
    expect(order).toMatchObject({ price_cents: 123_400, commission_cents: 12_340, buyer_fee_cents: 6_170, seller_fee_cents: 6_170, buyer_total_cents: 129_570, seller_net_cents: 117_230 });
  });

  it('lapses an unpaid order after three days and lists the domain again', async () => {
    const order = await buy('never-paid.com');
    expect(json<unknown[]>(await call('GET', '/api/domains/search/?domain_name=never-paid'))).toEqual([]);
    await expire(order, 'pay_by');
    // Two instances sweeping at once move it once.
    const [a, b] = await Promise.all([t.app.services.deals.sweep(), t.app.services.deals.sweep()]);
    expect(a.lapsed + b.lapsed).toBe(1);
    const lapsed = await ok('GET', `/api/orders/${order.id}/`, buyer.token);
    expect(lapsed.status).toBe('cancelled');
    expect(lapsed.events.at(-1)?.note).toBe('Not paid within 3 days');
    expect(await saleStatus('never-paid.com')).toBe('available');
    expect(json<{ domain_name: string }[]>(await call('GET', '/api/domains/search/?domain_name=never-paid')).map((d) => d.domain_name)).toEqual(['never-paid.com']);
    await expectLedgerBalanced();
  });

  it('refunds the buyer when the seller never starts the transfer, and relists the domain', async () => {
    const order = await buy('never-sent.com');
    await pay(order);
    await expire(order, 'transfer_by');
    expect((await t.app.services.deals.sweep()).refunded).toBe(1);
    expect((await ok('GET', `/api/orders/${order.id}/`, buyer.token)).status).toBe('refund_due');
    expect(await saleStatus('never-sent.com')).toBe('available');
    await expectLedgerBalanced();
    expect((await ok<Finance>('GET', '/api/admin/finance/', admin)).refunds_due_cents).toBe(420_000);
    expect((await call('POST', `/api/admin/orders/${order.id}/refund/`, seller.token, { reference: 'R-1' })).statusCode).toBe(403);
    expect((await ok('POST', `/api/admin/orders/${order.id}/refund/`, admin, { reference: 'R-1' })).status).toBe('refunded');
    await expectLedgerBalanced();
    expect((await ok<Finance>('GET', '/api/admin/finance/', admin)).refunds_due_cents).toBe(0);
  });

  it('confirms by DNS: the buyer publishes the TXT record, and five days later the order confirms itself', async () => {
    const order = await buy('dns-proof.com');
    await pay(order);
    await ok('POST', `/api/orders/${order.id}/transfer/`, seller.token, { method: 'push', push_account: 'buyer-account-42' });
    const view = await ok('GET', `/api/orders/${order.id}/`, buyer.token);
    const record = view.dns_txt;
    expect(record).not.toBeNull();
    // Not published yet: a clear answer, and the order waits.
    const early = await call('POST', `/api/orders/${order.id}/dns-check/`, buyer.token);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toEqual({ detail: dm.dnsNotFound(transferTxtName('dns-proof.com')) });
    published.set(record!.name, ['unrelated', record!.value]);
    const checked = await ok('POST', `/api/orders/${order.id}/dns-check/`, seller.token);
    expect(checked.dns_verified_at).not.toBeNull();
    expect(Date.parse(checked.confirm_by ?? '') - Date.parse(checked.dns_verified_at ?? '')).toBe(5 * DAY_MS);
    expect((await t.app.services.deals.sweep()).confirmed).toBe(0);
    await expire(order, 'confirm_by');
    expect((await t.app.services.deals.sweep()).confirmed).toBe(1);
    expect((await ok('GET', `/api/orders/${order.id}/`, seller.token)).status).toBe('confirmed');
    await expectLedgerBalanced();
  });

  it('lets either party dispute until the payout; an admin releases or refunds with a note both see', async () => {
    const order = await buy('quarrel.com');
    expect((await call('POST', `/api/orders/${order.id}/dispute/`, buyer.token, { reason: 'Too early' })).statusCode).toBe(409);
    await pay(order);
    expect((await call('POST', `/api/orders/${order.id}/dispute/`, buyer.token, { reason: '  ' })).statusCode).toBe(400);
    const disputed = await ok('POST', `/api/orders/${order.id}/dispute/`, buyer.token, { reason: 'The seller stopped answering.' });
    expect(disputed).toMatchObject({ status: 'disputed', dispute_reason: 'The seller stopped answering.' });
    expect((await call('POST', `/api/orders/${order.id}/resolve/`, buyer.token, { decision: 'refund', note: 'x' })).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/orders/${order.id}/resolve/`, buyer.token, { decision: 'refund', note: 'x' })).statusCode).toBe(403);
    const released = await ok('POST', `/api/admin/orders/${order.id}/resolve/`, admin, { decision: 'release', note: 'The transfer went through.' });
    expect(released).toMatchObject({ status: 'confirmed', resolution_note: 'The transfer went through.' });
    expect((await ok('GET', `/api/orders/${order.id}/`, seller.token)).resolution_note).toBe('The transfer went through.');
    await expectLedgerBalanced();
    // A second dispute, before the payout, can end in a refund.
    await ok('POST', `/api/orders/${order.id}/dispute/`, seller.token, { reason: 'The buyer never received it after all.' });
    expect((await ok('POST', `/api/admin/orders/${order.id}/resolve/`, admin, { decision: 'refund', note: 'Refunded.' })).status).toBe('refund_due');
    await expectLedgerBalanced();
  });

  it('lets exactly one of concurrent confirmations win', async () => {
    const order = await buy('race-one.com');
    await pay(order);
    await ok('POST', `/api/orders/${order.id}/transfer/`, seller.token, { method: 'push', push_account: 'acct' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('POST', `/api/orders/${order.id}/confirm/`, buyer.token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const events = await t.db.kysely.selectFrom('order_events').select('status').where('order_id', '=', order.id).where('status', '=', 'confirmed').execute();
    expect(events).toHaveLength(1);
  });

  it('answers every order route by role: buyer, seller, another user, admin, anonymous', async () => {
    const order = await buy('matrix.com');
    const base = `/api/orders/${order.id}`;
    const routes: Array<{ method: Method; url: string; body?: Record<string, unknown>; allowed: Array<'buyer' | 'seller' | 'admin'> }> = [
      { method: 'GET', url: `${base}/`, allowed: ['buyer', 'seller', 'admin'] },
      { method: 'GET', url: `${base}/auth-code/`, allowed: ['buyer'] },
      { method: 'POST', url: `${base}/transfer/`, body: { method: 'push', push_account: 'a' }, allowed: ['seller'] },
      { method: 'POST', url: `${base}/confirm/`, allowed: ['buyer'] },
      { method: 'POST', url: `${base}/dns-check/`, allowed: ['buyer', 'seller'] },
      { method: 'POST', url: `${base}/dispute/`, body: { reason: 'r' }, allowed: ['buyer', 'seller'] },
      { method: 'POST', url: `/api/admin/orders/${order.id}/payment/`, body: { reference: 'x', amount_cents: 1 }, allowed: ['admin'] },
      { method: 'POST', url: `/api/admin/orders/${order.id}/payout/`, body: { reference: 'x' }, allowed: ['admin'] },
      { method: 'POST', url: `/api/admin/orders/${order.id}/refund/`, body: { reference: 'x' }, allowed: ['admin'] },
      { method: 'POST', url: `/api/admin/orders/${order.id}/resolve/`, body: { decision: 'release', note: 'n' }, allowed: ['admin'] },
      { method: 'GET', url: '/api/admin/finance/', allowed: ['admin'] },
    ];
    const tokens = { buyer: buyer.token, seller: seller.token, admin, stranger: stranger.token };
    for (const route of routes) {
      expect((await call(route.method, route.url, undefined, route.body)).statusCode, `anonymous ${route.url}`).toBe(401);
      for (const [who, token] of Object.entries(tokens)) {
        const res = await call(route.method, route.url, token, route.body);
        const label = `${who} ${route.method} ${route.url}: ${res.body}`;
        if (route.allowed.includes(who as 'buyer')) {
          // Allowed, though the order's state may refuse the step (409) or the body be wrong (400).
          expect([200, 400, 409], label).toContain(res.statusCode);
        } else if (route.url.startsWith('/api/admin/')) {
          expect(res.statusCode, label).toBe(403);
        } else {
          expect(res.statusCode, label).toBe(who === 'stranger' ? 404 : 403);
        }
      }
    }
    // Someone else's orders are not listed.
    expect((await ok<Deal[]>('GET', '/api/orders/', stranger.token)).map((o) => o.id)).not.toContain(order.id);
    expect((await ok<Deal[]>('GET', '/api/orders/', seller.token)).map((o) => o.id)).toContain(order.id);
  });

  it('exports the finance page as CSV, spreadsheet-safe', async () => {
    const res = await call('GET', '/api/admin/finance/orders.csv?status=completed', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toMatch(/^order,reference,domain,buyer,seller,status,price/);
    expect(lines.slice(1).every((l) => l.includes('Completed'))).toBe(true);
    expect(lines.some((l) => l.includes('escrow-one.com') && l.includes('$4,200.00'))).toBe(true);
  });
});
