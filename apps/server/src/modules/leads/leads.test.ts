import { negotiationMessages as nm } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, json, registerUser, type TestApp, testDialect, errorOf } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof registerUser>>;

describe(`leads and negotiations (${testDialect})`, () => {
  let t: TestApp;
  let seller: User;
  let buyer: User;
  let rival: User;
  let stranger: User;
  let admin: string;
  const ids: Record<string, number> = {};

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    [seller, buyer, rival, stranger] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
    admin = await adminToken(t.app);
    const names = ['premium-deal.com', 'cheap-bin.com', 'breeder-lab.io', 'race-accept.com', 'pending-one.com', 'bin-order.com', 'big-broker.com', 'no-asks.com', 'first-offer.com'];
    await call('POST', '/api/domains/', seller.token, { domain_list: names.join(' ') });
    const { domains } = json<{ domains: { id: number; domain_ascii: string }[] }>(await call('GET', '/api/domains/', seller.token));
    for (const d of domains) ids[d.domain_ascii] = d.id;
    const edit = (name: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/domains/${ids[name]}/`, headers: bearer(seller.token), payload });
    await edit('premium-deal.com', { seller_price: 30000, min_offer: 20000, business_status: 'Price Upon Request' });
    await edit('cheap-bin.com', { seller_price: 2500, business_status: 'Buy Now' });
    await edit('breeder-lab.io', { startup_breeders_switch: 'Yes', startup_breeders: 'Pitch to Us' });
    await edit('race-accept.com', { seller_price: 15000, business_status: 'Enquire' });
    await edit('bin-order.com', { seller_price: 4000, business_status: 'Buy Now' });
    await edit('big-broker.com', { seller_price: 80000, business_status: 'Price Upon Request' });
    await edit('first-offer.com', { seller_price: 40000, business_status: 'Price Upon Request' });
    const approve = Object.entries(ids).filter(([n]) => n !== 'pending-one.com').map(([, id]) => id);
    await call('POST', '/api/domains/admin/approval/', admin, { ids: approve, action: 'approve' });
  });
  afterAll(() => t.close());

  const lead = async (user: User, name: string) => {
    const res = await call('POST', '/api/domains/domain-leads/', user.token, { domain_id: ids[name] });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return json<{ domain_lead_id: number }>(res).domain_lead_id;
  };
  const post = (user: User | string, domain_lead_id: number, status: number, amount?: unknown) =>
    call('POST', '/api/domains/negotiation/', typeof user === 'string' ? user : user.token, { domain_lead_id, status, ...(amount !== undefined ? { amount } : {}) });
  const history = async (user: User, name: string) =>
    json<{ status: number; amount: number }[]>(await call('GET', `/api/domains/negotiation/?domain_id=${ids[name]}`, user.token));

  it('creates a lead for a buyer, reuses an open one, and refuses own or unapproved domains', async () => {
    const first = await lead(buyer, 'premium-deal.com');
    expect(await lead(buyer, 'premium-deal.com')).toBe(first);
    const own = await call('POST', '/api/domains/domain-leads/', seller.token, { domain_id: ids['premium-deal.com'] });
    expect(own.statusCode).toBe(400);
    expect(errorOf(own)).toEqual({ domain_id: [nm.ownDomain] });
    const pending = await call('POST', '/api/domains/domain-leads/', buyer.token, { domain_id: ids['pending-one.com'] });
    expect(pending.statusCode).toBe(404);
    expect((await call('POST', '/api/domains/domain-leads/', undefined, { domain_id: ids['premium-deal.com'] })).statusCode).toBe(401);
  });

  it('records the request category and notifies the seller in the app and by e-mail', async () => {
    const leadId = await lead(buyer, 'premium-deal.com');
    const sent = t.mailer.sent.length;
    const res = await call('POST', '/api/domains/notifications/', buyer.token, { domain_lead_id: leadId, category: '4 Figures' });
    expect(res.statusCode).toBe(201);
    const inbox = json<{ message: string; link: string }[]>(await call('GET', '/api/domains/notifications/', seller.token));
    expect(inbox[0]).toMatchObject({ message: 'New 4 Figures request for premium-deal.com.', link: `/domain-leads/negotiation/${ids['premium-deal.com']}` });
    await t.drainMail();
    expect(t.mailer.sent.length).toBe(sent + 1);
    expect(t.mailer.sent.at(-1)?.text).toContain(`/domain-leads/negotiation/${ids['premium-deal.com']}`);
    expect((await call('POST', '/api/domains/notifications/', stranger.token, { domain_lead_id: leadId, category: '3 Figures' })).statusCode).toBe(403);
  });

  it('goes from request through counter offers to an atomic accept with the commission split', async () => {
    const leadId = await lead(buyer, 'premium-deal.com');
    const initial = await post(buyer, leadId, 1);
    expect(initial.statusCode).toBe(201);
    expect(json(initial)).toMatchObject({ status: 1, amount: 0, message: nm.leadSubmitted });

    const low = await post(buyer, leadId, 2, 15000);
    expect(low.statusCode).toBe(400);
    expect(errorOf(low)).toEqual({ amount: [nm.belowMinOffer(20000)] });

    const offer = await post(buyer, leadId, 2, '21000');
    expect(json(offer)).toMatchObject({ status: 2, amount: 21000, message: nm.offerSubmitted, expired: false });
    const expires = Date.parse(json<{ expires_at: string }>(offer).expires_at);
    expect(expires - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    // The buyer cannot accept their own offer.
    expect((await post(buyer, leadId, 4)).statusCode).toBe(409);
    const counter = await post(seller, leadId, 2, 28000);
    expect(counter.statusCode).toBe(201);

    const view = json<{ role: string; leads: { allowed_statuses: number[] }[] }>(
      await call('GET', `/api/domains/negotiation/view/?domain_id=${ids['premium-deal.com']}`, buyer.token),
    );
    expect(view.role).toBe('buyer');
    expect(view.leads[0]?.allowed_statuses).toEqual([2, 4]);

    const accept = await post(buyer, leadId, 4);
    expect(accept.statusCode).toBe(201);
    expect(json(accept)).toMatchObject({ status: 4, amount: 28000, message: nm.accepted });
    const after = json<{ leads: { status: string; split: Record<string, number>; allowed_statuses: number[] }[] }>(
      await call('GET', `/api/domains/negotiation/view/?domain_id=${ids['premium-deal.com']}`, seller.token),
    );
    expect(after.leads[0]).toMatchObject({
      status: 'accepted',
      allowed_statuses: [],
      split: { price: 28000, commission: 2800, buyerTotal: 29400, sellerNet: 26600 },
    });
    // Replayed accept and any further offer are refused; the history is unchanged.
    const before = (await history(buyer, 'premium-deal.com')).length;
    expect((await post(buyer, leadId, 4)).statusCode).toBe(409);
    expect((await post(seller, leadId, 2, 30000)).statusCode).toBe(409);
    expect((await history(buyer, 'premium-deal.com')).length).toBe(before);
    // A domain under order leaves search and takes no new leads.
    const found = json<{ domain_name: string }[]>(await call('GET', '/api/domains/search/?domain_name=premium-deal'));
    expect(found).toEqual([]);
    expect((await call('POST', '/api/domains/domain-leads/', rival.token, { domain_id: ids['premium-deal.com'] })).statusCode).toBe(409);
    // Both parties see the resulting order.
    for (const u of [buyer, seller]) {
      const orders = json<{ domain_name: string; buyer_total_cents: number; status: string }[]>(await call('GET', '/api/orders/', u.token));
      expect(orders.find((o) => o.domain_name === 'premium-deal.com')).toMatchObject({ buyer_total_cents: 2_940_000, status: 'awaiting_payment' });
    }
  });

  it("calls a buyer's first offer an Offer, an answer to the other party a Counter offer and a change of one's own a Changed offer", async () => {
    const leadId = await lead(buyer, 'first-offer.com');
    await post(buyer, leadId, 1);
    expect(json(await post(buyer, leadId, 2, 35000))).toMatchObject({ status: 2, status_label: 'Offer' });
    expect(json(await post(seller, leadId, 2, 39000))).toMatchObject({ status: 2, status_label: 'Counter offer' });
    expect(json(await post(buyer, leadId, 2, 37000))).toMatchObject({ status: 2, status_label: 'Counter offer' });
    expect(json(await post(buyer, leadId, 2, 37500))).toMatchObject({ status: 2, status_label: 'Changed offer' });
    // Another buyer's lead has its own first offer.
    const other = await lead(rival, 'first-offer.com');
    expect(json(await post(rival, other, 2, 36000))).toMatchObject({ status_label: 'Offer' });

    const steps = json<{ domain_lead_id: number; status_label: string }[]>(
      await call('GET', `/api/domains/negotiation/?domain_id=${ids['first-offer.com']}`, seller.token),
    );
    const labels = (id: number) => steps.filter((s) => s.domain_lead_id === id).map((s) => s.status_label);
    expect(labels(leadId)).toEqual(['Initial request', 'Offer', 'Counter offer', 'Counter offer', 'Changed offer']);
    expect(json(await post(rival, other, 2, 36500))).toMatchObject({ status_label: 'Changed offer' });
  });

  it('lets exactly one of two concurrent accepts win', async () => {
    const a = await lead(buyer, 'race-accept.com');
    const b = await lead(rival, 'race-accept.com');
    await post(buyer, a, 2, 16000);
    await post(rival, b, 2, 17000);
    await post(seller, a, 2, 18000);
    await post(seller, b, 2, 18500);
    const results = await Promise.all([post(buyer, a, 4), post(rival, b, 4), post(buyer, a, 4)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    const { n } = await t.db.kysely
      .selectFrom('negotiations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 4)
      .where('domain_lead_id', 'in', [a, b])
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(1);
  });

  it('refuses offers on domains under $10,000 and bad amounts', async () => {
    const leadId = await lead(buyer, 'cheap-bin.com');
    const res = await post(buyer, leadId, 2, 2000);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ detail: nm.buyNowOnly });
    const big = await lead(buyer, 'big-broker.com');
    for (const bad of [-5, 'abc', 1.5, 10_000_000_000, '']) {
      const r = await post(buyer, big, 2, bad);
      expect(r.statusCode, String(bad)).toBe(400);
    }
    expect((await post(buyer, big, 0)).statusCode).toBe(400);
    expect((await post(buyer, big, 9)).statusCode).toBe(400);
  });

  it('assigns a broker only above $50,000', async () => {
    const big = await lead(rival, 'big-broker.com');
    const res = await post(rival, big, 5);
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({ status: 5, amount: 80000, message: nm.brokerAssigned });
    expect((await post(rival, big, 5)).statusCode).toBe(409);
  });

  it('takes startup breeder budget offers only above $10,000 on breeder domains, from startup breeder buyers', async () => {
    const leadId = await lead(buyer, 'breeder-lab.io');
    // An ordinary buyer neither sees nor makes a breeder budget offer.
    const view = (user: User) => call('GET', `/api/domains/negotiation/view/?domain_id=${ids['breeder-lab.io']}`, user.token);
    expect(json<{ leads: { allowed_statuses: number[] }[] }>(await view(buyer)).leads[0]?.allowed_statuses).not.toContain(7);
    const ordinary = await post(buyer, leadId, 7, 12000);
    expect(ordinary.statusCode).toBe(409);
    expect(errorOf(ordinary)).toEqual({ detail: nm.notBreederBuyer });
    await call('POST', '/api/domains/notifications/', buyer.token, { domain_lead_id: leadId, category: 'Startup Breeders' });
    expect(json<{ leads: { allowed_statuses: number[] }[] }>(await view(buyer)).leads[0]?.allowed_statuses).toContain(7);
    const low = await post(buyer, leadId, 7, 9000);
    expect(errorOf(low)).toEqual({ amount: [nm.breederThreshold] });
    const ok = await post(buyer, leadId, 7, 12000);
    expect(json(ok)).toMatchObject({ status: 7, amount: 12000, message: nm.offerSubmitted });
    const notBreeder = await lead(buyer, 'big-broker.com');
    expect((await post(buyer, notBreeder, 7, 20000)).statusCode).toBe(409);
  });

  it('starts a bidding war from the seller and tells the earlier bidders', async () => {
    const a = await lead(buyer, 'big-broker.com');
    const b = await lead(rival, 'big-broker.com');
    await post(buyer, a, 2, 60000);
    await post(rival, b, 2, 65000);
    expect((await post(buyer, a, 6)).statusCode).toBe(403);
    const res = await post(seller, b, 6);
    expect(json(res)).toMatchObject({ status: 6, message: nm.biddingWar });
    const inbox = json<{ message: string }[]>(await call('GET', '/api/domains/notifications/', buyer.token));
    expect(inbox.some((n) => n.message.includes('big-broker.com is in a bidding war'))).toBe(true);
  });

  it('lets the seller decline a negotiation: it closes as declined, the buyer is told and may ask again', async () => {
    const declineBuyer = await registerUser(t.app);
    const leadId = await lead(declineBuyer, 'first-offer.com');
    const sellerView = async () =>
      json<{ leads: { id: number; status: string; allowed_statuses: number[] }[] }>(
        await call('GET', `/api/domains/negotiation/view/?domain_id=${ids['first-offer.com']}`, seller.token),
      ).leads.find((l) => l.id === leadId);
    expect((await sellerView())?.allowed_statuses).not.toContain(3);
    await post(declineBuyer, leadId, 2, 35000);
    expect((await sellerView())?.allowed_statuses).toContain(3);
    const byBuyer = await post(declineBuyer, leadId, 3);
    expect(byBuyer.statusCode).toBe(403);
    expect(errorOf(byBuyer)).toEqual({ detail: nm.sellerOnlyDecline });

    const res = await post(seller, leadId, 3);
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({ status: 3, amount: 0, status_label: 'Declined', message: nm.declined });
    expect(await sellerView()).toMatchObject({ status: 'declined', allowed_statuses: [] });
    const inbox = json<{ message: string }[]>(await call('GET', '/api/domains/notifications/', declineBuyer.token));
    expect(inbox[0]?.message).toBe('The seller declined your negotiation for first-offer.com. You may make a new request.');
    const again = await post(declineBuyer, leadId, 2, 36000);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({ detail: nm.declinedLead });
    expect(await lead(declineBuyer, 'first-offer.com')).not.toBe(leadId);
  });

  it('lets an offer expire: it shows as expired and cannot be accepted', async () => {
    const leadId = await lead(stranger, 'big-broker.com');
    await post(stranger, leadId, 2, 70000);
    await t.db.kysely.updateTable('negotiations').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('domain_lead_id', '=', leadId).execute();
    const res = await post(seller, leadId, 4);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ detail: nm.offerExpired });
    const entries = await history(stranger, 'big-broker.com');
    expect(entries.at(-1)).toMatchObject({ expired: true });
  });

  it('shows each party only their side, and nobody else anything', async () => {
    const sellerView = json<{ leads: unknown[] }>(await call('GET', `/api/domains/negotiation/view/?domain_id=${ids['big-broker.com']}`, seller.token));
    const buyerView = json<{ leads: { id: number }[] }>(await call('GET', `/api/domains/negotiation/view/?domain_id=${ids['big-broker.com']}`, buyer.token));
    expect(sellerView.leads.length).toBeGreaterThanOrEqual(3);
    expect(buyerView.leads).toHaveLength(1);
    const outsider = await registerUser(t.app);
    expect((await call('GET', `/api/domains/negotiation/?domain_id=${ids['big-broker.com']}`, outsider.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/domains/negotiation/?domain_id=${ids['big-broker.com']}`, admin)).statusCode).toBe(403);
    expect((await call('GET', `/api/domains/negotiation/?domain_id=${ids['big-broker.com']}`)).statusCode).toBe(401);
    expect((await post(outsider, buyerView.leads[0]?.id ?? 0, 2, 90000)).statusCode).toBe(403);
  });

  it("answers the seller of a domain nobody has asked about with no entries, and still refuses everyone else", async () => {
    const entriesOf = (name: string, token?: string) => call('GET', `/api/domains/negotiation/?domain_id=${ids[name]}`, token);
    for (const name of ['no-asks.com', 'pending-one.com']) {
      const own = await entriesOf(name, seller.token);
      expect(own.statusCode, name).toBe(200);
      expect(json(own)).toEqual([]);
      const view = await call('GET', `/api/domains/negotiation/view/?domain_id=${ids[name]}`, seller.token);
      expect(json(view)).toMatchObject({ role: 'seller', leads: [], domain: { id: ids[name] } });
    }
    const outsider = await registerUser(t.app);
    for (const [who, token, code] of [
      ['another user', outsider.token, 403],
      ['a buyer of other domains', buyer.token, 403],
      ['an admin', admin, 403],
      ['anonymous', undefined, 401],
    ] as const) {
      const res = await entriesOf('no-asks.com', token);
      expect(res.statusCode, who).toBe(code);
      if (code === 403) expect(errorOf(res)).toEqual({ detail: nm.notParty });
    }
    expect((await call('GET', '/api/domains/negotiation/?domain_id=999999', seller.token)).statusCode).toBe(404);

    // Once a buyer asks, both parties see the request; the others are still refused.
    const leadId = await lead(buyer, 'no-asks.com');
    expect((await post(buyer, leadId, 1)).statusCode).toBe(201);
    expect((await history(buyer, 'no-asks.com')).map((e) => e.status)).toEqual([1]);
    expect((await history(seller, 'no-asks.com')).map((e) => e.status)).toEqual([1]);
    expect((await entriesOf('no-asks.com', outsider.token)).statusCode).toBe(403);
    expect((await entriesOf('no-asks.com', admin)).statusCode).toBe(403);
  });

  it('summarises leads per domain and counts the stable badges', async () => {
    const summary = json<{ domain_name: string; total_inquiries: number; last_bid_amount: number | null; status_label: string }[]>(
      await call('GET', '/api/domains/domain-leads-summary/', seller.token),
    );
    expect(summary.find((s) => s.domain_name === 'premium-deal.com')).toMatchObject({ status_label: 'Under order', total_inquiries: 1, last_bid_amount: 28000 });
    const counts = json<Record<string, number>>(await call('GET', '/api/domains/my-stable/', buyer.token));
    expect(Object.keys(counts)).toEqual(expect.arrayContaining(['domain_leads', 'video_pitch_leads', 'recently_viewed_domains', 'market_count']));
    expect(counts.market_count).toBeGreaterThan(0);
    expect((await call('GET', '/api/domains/my-stable')).statusCode).toBe(401);
  });

  it('buys a Buy Now domain once: it leaves search and both parties see the order', async () => {
    const res = await call('POST', '/api/domains/buy-now/', buyer.token, { domain_id: ids['bin-order.com'] });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      price_cents: 400_000,
      buyer_total_cents: 420_000,
      seller_net_cents: 380_000,
      status: 'awaiting_payment',
      role: 'buyer',
      domain_name: 'bin-order.com',
    });
    expect((await call('POST', '/api/domains/buy-now/', rival.token, { domain_id: ids['bin-order.com'] })).statusCode).toBe(409);
    expect(json<unknown[]>(await call('GET', '/api/domains/search/?domain_name=bin-order'))).toEqual([]);
    expect((await call('POST', '/api/domains/buy-now/', seller.token, { domain_id: ids['cheap-bin.com'] })).statusCode).toBe(400);
    expect((await call('POST', '/api/domains/buy-now/', buyer.token, { domain_id: ids['big-broker.com'] })).statusCode).toBe(409);
    const orderId = json<{ id: number }>(res).id;
    // Cancelled before payment, the domain is listed again.
    expect((await call('POST', `/api/orders/${orderId}/cancel/`, seller.token)).statusCode).toBe(200);
    expect((await call('POST', `/api/orders/${orderId}/cancel/`, buyer.token)).statusCode).toBe(409);
    expect(json<{ domain_name: string }[]>(await call('GET', '/api/domains/search/?domain_name=bin-order')).map((d) => d.domain_name)).toEqual(['bin-order.com']);
  });
});
