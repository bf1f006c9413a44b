import { type Lease, leaseMessages as lm, type NegotiationEntry, NegotiationStatus, type NegotiationView } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced, listForBuyNow } from '../../test/deals-support.js';
import { adminToken, bearer, createTestApp, errorOf, json, registerUser, type TestApp, testDialect } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof registerUser>>;

/**
 * Offers in instalments: a buyer offers a price to be paid as a lease to own, on the seller's
 * published terms; the terms are kept with the offer, and accepting it opens the lease the
 * parties saw instead of an order.
 */
describe(`offers in instalments (${testDialect})`, () => {
  let t: TestApp;
  let seller: User;
  let buyer: User;
  let rival: User;
  let admin: string;
  let ids: Record<string, number> = {};

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const leadOn = async (user: User, name: string) => json<{ domain_lead_id: number }>(await call('POST', '/api/domains/domain-leads/', user.token, { domain_id: ids[name] })).domain_lead_id;
  const offer = (user: User, leadId: number, amount: number, lease?: boolean) =>
    call('POST', '/api/domains/negotiation/', user.token, { domain_lead_id: leadId, status: NegotiationStatus.CounterOffer, amount, ...(lease === undefined ? {} : { lease }) });
  const view = async (user: User, name: string) => json<NegotiationView>(await call('GET', `/api/domains/negotiation/view/?domain_id=${ids[name]}`, user.token));
  const setTerms = (name: string, terms: Record<string, unknown>) => call('PUT', `/api/domains/${ids[name]}/lease-terms/`, seller.token, terms);

  beforeAll(async () => {
    t = await createTestApp();
    [seller, buyer, rival] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
    admin = await adminToken(t.app);
    ids = await listForBuyNow(t, seller.token, admin, { 'instalment-offer.com': 24_000, 'cash-only.com': 24_000 });
    expect((await setTerms('instalment-offer.com', { enabled: true, months: 12, down_payment_cents: 200_000 })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('tells the negotiation page which terms offers in instalments are made on, and only where the seller offers a lease', async () => {
    await leadOn(buyer, 'instalment-offer.com');
    expect((await view(buyer, 'instalment-offer.com')).domain.lease_terms).toEqual({ months: 12, down_payment_cents: 200_000, rate_bp: 0 });
    // The landing page says the down payment beside the monthly amount it leaves.
    expect((await call('GET', `/landing/${ids['instalment-offer.com']}`)).body).toContain('or $1,833.33 a month, lease to own over 12 months, $2,000.00 down with the first.');
    const cashLead = await leadOn(buyer, 'cash-only.com');
    expect((await view(buyer, 'cash-only.com')).domain.lease_terms).toBeNull();
    const refused = await offer(buyer, cashLead, 20_000, true);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({ detail: lm.offerNotOnLease });
    expect((await view(buyer, 'cash-only.com')).leads[0]!.entries).toHaveLength(0);
  });

  it('refuses an offer in instalments that does not cover the down payment, with the reason under the amount', async () => {
    const leadId = await leadOn(buyer, 'instalment-offer.com');
    const res = await offer(buyer, leadId, 2_000, true);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ amount: [lm.offerBelowDownPayment('$2,000.00')] });
  });

  it('keeps the terms with the offer, and accepting it opens the lease on them, not an order', async () => {
    const leadId = await leadOn(buyer, 'instalment-offer.com');
    const rivalLead = await leadOn(rival, 'instalment-offer.com');
    const made = await offer(buyer, leadId, 20_000, true);
    expect(made.statusCode, made.body).toBe(201);
    // 20,000 less 2,000 down over 12 months: 1,500 a month, the first with the down payment.
    expect(json<NegotiationEntry>(made).lease).toMatchObject({ months: 12, down_payment_cents: 200_000, monthly_cents: 150_000, total_cents: 2_000_000 });
    expect(json<NegotiationEntry>(made).lease!.line).toBe('in 12 monthly instalments of $1,500.00, $2,000.00 down with the first ($20,000.00 in all)');
    const told = await t.db.kysely.selectFrom('notifications').select('message').where('user_id', '=', seller.user.id).execute();
    expect(told.map((n) => n.message)).toContain('The buyer offered $20,000 in 12 monthly instalments of $1,500.00, $2,000.00 down with the first ($20,000.00 in all) for instalment-offer.com.');

    // The seller changes the published terms afterwards: the offer stands on those it was made on.
    expect((await setTerms('instalment-offer.com', { enabled: true, months: 24 })).statusCode).toBe(200);
    const accepted = await call('POST', '/api/domains/negotiation/', seller.token, { domain_lead_id: leadId, status: NegotiationStatus.Accept });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(json<NegotiationEntry>(accepted).lease).toMatchObject({ months: 12, down_payment_cents: 200_000 });

    const page = await view(buyer, 'instalment-offer.com');
    const mine = page.leads.find((l) => l.id === leadId)!;
    expect(mine).toMatchObject({ status: 'accepted', order_id: null });
    expect(mine.lease_id).toEqual(expect.any(Number));
    const lease = json<Lease>(await call('GET', `/api/leases/${mine.lease_id}/`, buyer.token));
    expect(lease).toMatchObject({ status: 'awaiting_payment', price_cents: 2_000_000, months: 12, down_payment_cents: 200_000, rate_bp: 0, domain_name: 'instalment-offer.com' });
    expect(lease.instalments[0]).toMatchObject({ number: 1, amount_cents: 350_000, status: 'due' });
    expect(lease.events[0]!.note).toBe('Lease started on an accepted offer in instalments');
    expect((await t.db.kysely.selectFrom('domains').select('sale_status').where('id', '=', ids['instalment-offer.com']!).executeTakeFirstOrThrow()).sale_status).toBe('leased');
    expect((await t.db.kysely.selectFrom('purchase_orders').select('id').where('domain_lead_id', '=', leadId).execute())).toHaveLength(0);
    expect((await t.db.kysely.selectFrom('domain_leads').select('status').where('id', '=', rivalLead).executeTakeFirstOrThrow()).status).toBe('closed');
    const buyerTold = await t.db.kysely.selectFrom('notifications').select('message').where('user_id', '=', buyer.user.id).execute();
    expect(buyerTold.map((n) => n.message)).toContain('Your lease of instalment-offer.com is open: pay the first instalment, $3,675.00, within 3 days.');

    // The first instalment is paid as any other: the lease runs and the books balance.
    const pay = await call('POST', `/api/admin/instalments/${lease.instalments[0]!.id}/payment/`, admin, { reference: 'BANK-OFFER-1', amount_cents: lease.instalments[0]!.buyer_total_cents });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(json<Lease>(await call('GET', `/api/leases/${lease.id}/`, buyer.token)).status).toBe('active');
    await expectLedgerBalanced(t, admin);
  });
});
