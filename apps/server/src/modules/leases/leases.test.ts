import { DAY_MS, type Lease, type LeaseFinance, type LeaseOffer } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced, listForBuyNow, movementsOf } from '../../test/deals-support.js';
import { fakeDelegation, TEST_NAMESERVERS, zoneRows } from '../../test/dns-support.js';
import { deliverWebhook, paidSessionEvent, STRIPE_WEBHOOK_SECRET, type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in.js';
import { adminToken, bearer, createTestApp, json, registerUser, type TestApp, testDialect } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof registerUser>>;

const NAMES = { main: 'lease-main.com', missed: 'lease-missed.com', race: 'lease-race.com', refused: 'lease-refused.com' };

/**
 * Lease to own on the escrow engine: the seller's terms, the lessee's instalments (each its own
 * balanced movement, commission split as in a sale), DNS control passing to the lessee and back,
 * the timers (reminders, warning, end) firing once however many sweeps race, the early payoff,
 * and the transfer at the end.
 */
describe(`leases (${testDialect})`, () => {
  let t: TestApp;
  let stand: StripeStandIn;
  let seller: User;
  let buyer: User;
  let stranger: User;
  let admin: string;
  let ids: Record<string, number> = {};

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const lease = async (id: number, token = buyer.token) => json<Lease>(await call('GET', `/api/leases/${id}/`, token));
  const putDns = (domainId: number, token: string, records: Record<string, unknown>[]) => call('PUT', `/api/domains/${domainId}/dns/`, token, { keep_landing: false, records });
  const domainRow = (id: number) => t.db.kysely.selectFrom('domains').select(['user_id', 'sale_status', 'dns_controller_id', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
  const noticesOf = async (user: User, like: string) =>
    (await t.db.kysely.selectFrom('notifications').select('message').where('user_id', '=', user.user.id).execute()).filter((n) => n.message.includes(like)).length;
  const mailsTo = async (user: User, subjectLike: string) =>
    (await t.db.kysely.selectFrom('mail_outbox').select(['subject', 'recipient']).execute()).filter((m) => m.recipient === user.user.email && m.subject.includes(subjectLike)).length;

  async function startLease(name: string, months = 12): Promise<Lease> {
    expect((await call('PUT', `/api/domains/${ids[name]}/lease-terms/`, seller.token, { enabled: true, months })).statusCode).toBe(200);
    const res = await call('POST', '/api/leases/', buyer.token, { domain_id: ids[name] });
    expect(res.statusCode, res.body).toBe(201);
    return json<Lease>(res);
  }

  async function payByBank(l: Lease, n: number): Promise<Lease> {
    const i = l.instalments.find((x) => x.number === n && x.status === 'due')!;
    const res = await call('POST', `/api/admin/instalments/${i.id}/payment/`, admin, { reference: `BANK-${i.id}`, amount_cents: i.buyer_total_cents });
    expect(res.statusCode, res.body).toBe(200);
    return lease(l.id);
  }

  /** Moves the lease's dates back by `days`, as if that much time had passed. */
  async function passDays(leaseId: number, days: number) {
    const rows = await t.db.kysely.selectFrom('lease_instalments').select(['id', 'due_at']).where('lease_id', '=', leaseId).execute();
    for (const r of rows) await t.db.kysely.updateTable('lease_instalments').set({ due_at: new Date(Date.parse(r.due_at) - days * DAY_MS).toISOString() }).where('id', '=', r.id).execute();
  }

  beforeAll(async () => {
    stand = await startStripeStandIn();
    t = await createTestApp(
      { nameservers: TEST_NAMESERVERS, publicIpv4: '203.0.113.7', stripe: { secretKey: 'sk_test_stand_in', webhookSecret: STRIPE_WEBHOOK_SECRET, apiBase: stand.base } },
      { nsLookup: fakeDelegation(new Set(Object.values(NAMES))) },
    );
    [seller, buyer, stranger] = await Promise.all([registerUser(t.app), registerUser(t.app, { first_name: 'Lea' }), registerUser(t.app)]);
    admin = await adminToken(t.app);
    ids = await listForBuyNow(t, seller.token, admin, { [NAMES.main]: 12_000, [NAMES.missed]: 6_000, [NAMES.race]: 3_600, [NAMES.refused]: 3_600 });
    for (const id of Object.values(ids)) await call('POST', `/api/domains/${id}/verify-nameservers/`, seller.token);
  });
  afterAll(async () => {
    await t.close();
    await stand.close();
  });

  it('shows the seller’s terms as a monthly amount and refuses terms it cannot offer', async () => {
    const off = json<LeaseOffer>(await call('GET', `/api/domains/${ids[NAMES.main]}/lease-offer/`));
    expect(off).toMatchObject({ enabled: false, monthly_line: '' });
    expect((await call('PUT', `/api/domains/${ids[NAMES.main]}/lease-terms/`, stranger.token, { enabled: true, months: 12 })).statusCode).toBe(404);
    expect((await call('PUT', `/api/domains/${ids[NAMES.main]}/lease-terms/`, seller.token, { enabled: true, months: 2 })).statusCode).toBe(400);
    expect((await call('PUT', `/api/domains/${ids[NAMES.main]}/lease-terms/`, seller.token, { enabled: true, months: 12, down_payment_cents: 1_200_000 })).statusCode).toBe(400);
    const on = json<LeaseOffer>(await call('PUT', `/api/domains/${ids[NAMES.main]}/lease-terms/`, seller.token, { enabled: true, months: 12, rate_bp: 0 }));
    expect(on).toMatchObject({ enabled: true, months: 12, monthly_cents: 100_000, total_cents: 1_200_000, monthly_line: 'or $1,000.00 a month' });
    expect(json<LeaseOffer>(await call('GET', `/api/domains/${ids[NAMES.main]}/lease-offer/`)).monthly_line).toBe('or $1,000.00 a month');
    // The domain's answer and its server-rendered landing page say it beside the price.
    expect(json(await call('GET', `/api/domains/${ids[NAMES.main]}/`)).lease_monthly_line).toBe('or $1,000.00 a month');
    expect((await call('GET', `/landing/${ids[NAMES.main]}`)).body).toContain('or $1,000.00 a month, lease to own over 12 months.');
    const rows = json<{ domain_name: string; lease_monthly_line?: string }[]>(await call('GET', '/api/domains/search/?domain_name=lease-'));
    expect(rows.find((r) => r.domain_name === NAMES.main)?.lease_monthly_line).toBe('or $1,000.00 a month');
    expect(rows.find((r) => r.domain_name === NAMES.missed)?.lease_monthly_line).toBe('');
  });

  let main: Lease;

  it('starts a lease: the name is off the market, twelve instalments, the first due now', async () => {
    main = await startLease(NAMES.main);
    expect(main).toMatchObject({ status: 'awaiting_payment', months: 12, total_cents: 1_200_000, remaining_cents: 1_200_000, paid_cents: 0 });
    expect(main.instalments).toHaveLength(12);
    expect(main.instalments[0]).toMatchObject({ amount_cents: 100_000, buyer_total_cents: 105_000, seller_net_cents: 95_000, commission_cents: 10_000 });
    expect(main.instalments[0]!.allowed_actions).toEqual(['pay_by_card', 'pay_by_bank_transfer']);
    // A later instalment is paid after the first only.
    expect(main.instalments[1]!.allowed_actions).toEqual([]);
    expect(main.terms.join(' ')).toMatch(/30 days late ends the lease/);
    expect((await domainRow(ids[NAMES.main]!)).sale_status).toBe('leased');
    expect(json(await call('GET', `/api/domains/${ids[NAMES.main]}/`)).lease_monthly_line).toBe('');
    // Nobody else buys or leases it meanwhile, and the seller cannot change its terms.
    expect((await call('POST', '/api/leases/', stranger.token, { domain_id: ids[NAMES.main] })).statusCode).toBe(409);
    expect((await call('POST', '/api/domains/buy-now/', stranger.token, { domain_id: ids[NAMES.main] })).statusCode).toBe(409);
    expect((await call('PUT', `/api/domains/${ids[NAMES.main]}/lease-terms/`, seller.token, { enabled: false })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/domains/${ids[NAMES.main]}/`, headers: bearer(seller.token) })).statusCode).toBe(409);
    expect((await call('GET', `/api/leases/${main.id}/`, stranger.token)).statusCode).toBe(404);
  });

  it('refuses a step out of order and moves no money for it', async () => {
    const movements = (await t.db.kysely.selectFrom('ledger_movements').select('id').execute()).length;
    const second = main.instalments[1]!;
    expect((await call('POST', `/api/admin/instalments/${second.id}/payment/`, admin, { reference: 'EARLY', amount_cents: second.buyer_total_cents })).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/instalments/${main.instalments[0]!.id}/payment/`, admin, { reference: 'SHORT', amount_cents: 100 })).statusCode).toBe(400);
    expect((await call('POST', `/api/admin/instalments/${main.instalments[0]!.id}/payment/`, buyer.token, { reference: 'MINE' })).statusCode).toBe(403);
    expect((await call('POST', `/api/leases/${main.id}/pay-off/`, buyer.token)).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/instalments/${main.instalments[0]!.id}/payout/`, admin, { reference: 'PAYOUT' })).statusCode).toBe(409);
    expect((await t.db.kysely.selectFrom('ledger_movements').select('id').execute()).length).toBe(movements);
  });

  it('the first instalment starts the lease: its own balanced movement, commission earned, DNS control to the lessee', async () => {
    const domainId = ids[NAMES.main]!;
    // The seller's own records before the lease.
    expect((await putDns(domainId, seller.token, [{ name: '@', type: 'A', content: '198.51.100.1', ttl: 300 }])).statusCode).toBe(200);
    expect((await putDns(domainId, buyer.token, [])).statusCode).toBe(403);

    main = await payByBank(main, 1);
    expect(main.status).toBe('active');
    const first = main.instalments[0]!;
    expect(first.status).toBe('paid');
    expect(await movementsOf(t, 'instalment', first.id)).toEqual([
      { kind: 'payment', reference: `BANK-${first.id}`, postings: { clearing: 105_000, escrow: -105_000 } },
      { kind: 'release', reference: `BANK-${first.id}`, postings: { escrow: 105_000, payable: -95_000, commission: -10_000 } },
    ]);
    await expectLedgerBalanced(t, admin);

    expect((await domainRow(domainId)).dns_controller_id).toBe(buyer.user.id);
    expect((await putDns(domainId, seller.token, [])).statusCode).toBe(403);
    const set = await putDns(domainId, buyer.token, [{ name: '@', type: 'A', content: '192.0.2.44', ttl: 300 }]);
    expect(set.statusCode, set.body).toBe(200);
    expect((await zoneRows(t.db, NAMES.main))?.filter((r) => r[1] === 'A')).toEqual([[NAMES.main, 'A', '192.0.2.44', '']]);
    expect(await noticesOf(seller, `The lease of ${NAMES.main} started`)).toBe(1);

    // The seller is paid out for the instalment.
    const res = await call('POST', `/api/admin/instalments/${first.id}/payout/`, admin, { reference: 'PAYOUT-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await movementsOf(t, 'instalment', first.id)).at(-1)).toEqual({ kind: 'payout_sent', reference: 'PAYOUT-1', postings: { payable: 95_000, clearing: -95_000 } });
    await expectLedgerBalanced(t, admin);
  });

  it('reminds 7 days and 1 day before, warns 7 days late, once each however many sweeps race', async () => {
    const second = main.instalments[1]!;
    const due = Date.parse(second.due_at);
    const sweeps = (at: number) => Promise.all([t.app.services.leases.sweep(new Date(at)), t.app.services.leases.sweep(new Date(at))]);
    const sum = (r: { reminded: number; warned: number }[]) => r.reduce((s, x) => s + x.reminded + x.warned, 0);

    expect(sum(await sweeps(due - 8 * DAY_MS))).toBe(0);
    expect(sum(await sweeps(due - 6 * DAY_MS))).toBe(1);
    expect(sum(await sweeps(due - 6 * DAY_MS + 1000))).toBe(0);
    expect(sum(await sweeps(due - DAY_MS / 2))).toBe(1);
    expect(await noticesOf(buyer, `Reminder: instalment 2 of your lease of ${NAMES.main}`)).toBe(2);
    expect(await mailsTo(buyer, 'instalment due soon')).toBe(2);
    expect(sum(await sweeps(due + 3 * DAY_MS))).toBe(0);
    expect(sum(await sweeps(due + 8 * DAY_MS))).toBe(1);
    expect(sum(await sweeps(due + 9 * DAY_MS))).toBe(0);
    expect(await noticesOf(buyer, `instalment 2 of your lease of ${NAMES.main}`)).toBe(3);
    expect(await noticesOf(seller, `instalment 2 of the lease of ${NAMES.main} is 7 days late`)).toBe(1);
    expect((await lease(main.id)).instalments[1]!.warned_at).not.toBeNull();
  });

  it('takes a late instalment by card, through a checkout of its own', async () => {
    const second = (await lease(main.id)).instalments[1]!;
    const sessions = stand.calls.filter((c) => c.path === '/v1/checkout/sessions').length;
    const res = await call('POST', `/api/leases/instalments/${second.id}/checkout/`, buyer.token);
    expect(res.statusCode, res.body).toBe(200);
    const created = stand.calls.filter((c) => c.path === '/v1/checkout/sessions');
    expect(created.length).toBe(sessions + 1);
    expect(created.at(-1)!.form['metadata[instalment_id]']).toBe(String(second.id));
    expect((await call('POST', `/api/leases/instalments/${second.id}/checkout/`, seller.token)).statusCode).toBe(403);
    const session = (await t.db.kysely.selectFrom('lease_instalments').select('checkout_session_id').where('id', '=', second.id).executeTakeFirstOrThrow()).checkout_session_id!;
    const event = paidSessionEvent({ id: session, amountCents: second.buyer_total_cents, metadata: { instalment_id: String(second.id) }, paymentIntent: `pi_instalment_${second.id}` });
    expect(json(await deliverWebhook(t.app, event))).toEqual({ received: true, outcome: 'applied' });
    expect(json(await deliverWebhook(t.app, event))).toMatchObject({ outcome: 'duplicate' });
    main = await lease(main.id);
    expect(main.instalments[1]!.status).toBe('paid');
    expect(main.paid_cents).toBe(200_000);
    expect((await movementsOf(t, 'instalment', second.id)).map((m) => m.kind)).toEqual(['payment', 'release']);
    await expectLedgerBalanced(t, admin);
  });

  it('pays off the remainder early as one instalment, then the transfer passes the name with the lessee’s records', async () => {
    main = await payByBank(main, 3);
    const remaining = main.remaining_cents;
    expect(remaining).toBe(900_000);
    main = json<Lease>(await call('POST', `/api/leases/${main.id}/pay-off/`, buyer.token));
    const payoff = main.instalments.find((i) => i.payoff)!;
    expect(payoff).toMatchObject({ status: 'due', amount_cents: 900_000, buyer_total_cents: 945_000, seller_net_cents: 855_000 });
    expect(main.instalments.filter((i) => i.status === 'waived')).toHaveLength(9);
    expect(main.next_instalment_id).toBe(payoff.id);
    main = await payByBank(main, payoff.number);
    expect(main.status).toBe('paid_off');
    await expectLedgerBalanced(t, admin);

    expect((await call('POST', `/api/leases/${main.id}/transfer/`, buyer.token, { method: 'push', push_account: 'lea-account' })).statusCode).toBe(403);
    expect((await call('POST', `/api/leases/${main.id}/transfer/`, seller.token, { method: 'push', push_account: 'lea-account' })).statusCode).toBe(200);
    main = json<Lease>(await call('POST', `/api/leases/${main.id}/confirm/`, buyer.token));
    expect(main.status).toBe('completed');
    const d = await domainRow(ids[NAMES.main]!);
    expect(d).toMatchObject({ user_id: buyer.user.id, dns_controller_id: null, status: 'pending' });
    const records = await t.db.kysely.selectFrom('dns_records').select(['content']).where('domain_id', '=', ids[NAMES.main]!).execute();
    expect(records.map((r) => r.content)).toEqual(['192.0.2.44']);
    await expectLedgerBalanced(t, admin);
  });

  it('ends the lease 30 days late: DNS back to the seller’s records, listed again, payments kept by the seller', async () => {
    const domainId = ids[NAMES.missed]!;
    expect((await putDns(domainId, seller.token, [{ name: '@', type: 'A', content: '198.51.100.9', ttl: 300 }])).statusCode).toBe(200);
    let l = await startLease(NAMES.missed, 6);
    l = await payByBank(l, 1);
    expect((await putDns(domainId, buyer.token, [{ name: '@', type: 'A', content: '192.0.2.99', ttl: 300 }])).statusCode).toBe(200);
    expect((await zoneRows(t.db, NAMES.missed))?.filter((r) => r[1] === 'A')).toEqual([[NAMES.missed, 'A', '192.0.2.99', '']]);

    const due = Date.parse(l.instalments[1]!.due_at);
    const results = await Promise.all([t.app.services.leases.sweep(new Date(due + 31 * DAY_MS)), t.app.services.leases.sweep(new Date(due + 31 * DAY_MS))]);
    expect(results.reduce((s, r) => s + r.ended, 0)).toBe(1);
    l = await lease(l.id);
    expect(l.status).toBe('ended');
    expect(l.instalments.map((i) => i.status)).toEqual(['paid', 'missed', 'missed', 'missed', 'missed', 'missed']);
    expect(await domainRow(domainId)).toMatchObject({ user_id: seller.user.id, dns_controller_id: null, sale_status: 'available' });
    expect((await zoneRows(t.db, NAMES.missed))?.filter((r) => r[1] === 'A')).toEqual([[NAMES.missed, 'A', '198.51.100.9', '']]);
    expect((await putDns(domainId, buyer.token, [])).statusCode).toBe(403);
    // What was paid stays: payable to the seller, commission earned.
    expect((await movementsOf(t, 'instalment', l.instalments[0]!.id)).map((m) => m.kind)).toEqual(['payment', 'release']);
    expect(await noticesOf(buyer, `Your lease of ${NAMES.missed} ended`)).toBe(1);
    await expectLedgerBalanced(t, admin);

    const finance = json<LeaseFinance>(await call('GET', '/api/admin/finance/leases/', admin));
    expect(finance.leases.find((x) => x.id === l.id)?.status).toBe('ended');
    expect((await call('GET', '/api/admin/finance/leases/', buyer.token)).statusCode).toBe(403);
  });

  it('lists an overdue instalment in admin Finance, and an admin may refund a paid one in a dispute', async () => {
    let l = await startLease(NAMES.refused, 3);
    l = await payByBank(l, 1);
    await passDays(l.id, 40);
    const finance = json<LeaseFinance>(await call('GET', '/api/admin/finance/leases/', admin));
    expect(finance.overdue.filter((o) => o.lease_id === l.id).map((o) => o.number)).toEqual([2]);
    l = json<Lease>(await call('POST', `/api/leases/${l.id}/dispute/`, buyer.token, { reason: 'The seller moved the nameservers.' }));
    expect(l.status).toBe('disputed');
    // A disputed lease does not end on its timer.
    await t.app.services.leases.sweep(new Date(Date.now() + 90 * DAY_MS));
    expect((await lease(l.id)).status).toBe('disputed');
    const first = l.instalments[0]!;
    expect((await call('POST', `/api/admin/instalments/${first.id}/refund/`, admin)).statusCode).toBe(200);
    expect((await movementsOf(t, 'instalment', first.id)).map((m) => m.kind)).toEqual(['payment', 'release', 'reopen', 'refund_owed']);
    expect((await call('POST', `/api/admin/instalments/${first.id}/record-refund/`, admin, { reference: 'BACK-1' })).statusCode).toBe(200);
    l = json<Lease>(await call('POST', `/api/admin/leases/${l.id}/resolve/`, admin, { decision: 'end', note: 'Refunded and ended.' }));
    expect(l.status).toBe('ended');
    expect((await domainRow(ids[NAMES.refused]!)).sale_status).toBe('available');
    await expectLedgerBalanced(t, admin);
  });

  it('lapses a lease whose first instalment is not paid in time, once with two sweeps racing', async () => {
    const l = await startLease(NAMES.race, 3);
    const payBy = Date.parse((await t.db.kysely.selectFrom('leases').select('pay_by').where('id', '=', l.id).executeTakeFirstOrThrow()).pay_by!);
    const results = await Promise.all([t.app.services.leases.sweep(new Date(payBy + 1000)), t.app.services.leases.sweep(new Date(payBy + 1000))]);
    expect(results.reduce((s, r) => s + r.lapsed, 0)).toBe(1);
    const after = await lease(l.id);
    expect(after.status).toBe('cancelled');
    expect(after.instalments.every((i) => i.status === 'waived')).toBe(true);
    expect((await domainRow(ids[NAMES.race]!)).sale_status).toBe('available');
  });
});
