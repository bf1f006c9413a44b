import {
  type Deal,
  type LeadSummaryRow,
  type NegotiationView,
  type OwnDomain,
  type SponsoredHeadline,
  type SponsoredOrder,
  type Traffic,
  type VideoPitch,
  domainMessages as dm,
} from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NameserverLookup } from '../../dns/nameserver-lookup.js';
import { AppError } from '../../errors.js';
import { listForBuyNow, movementsOf } from '../../test/deals-support.js';
import { zoneRows } from '../../test/dns-support.js';
import { adminToken, bearer, createTestApp, errorOf, json, registerUser, type TestApp, testDialect } from '../../test/test-app.js';
import { passToBuyer } from './pass-to-buyer.js';

type User = Awaited<ReturnType<typeof registerUser>>;
type Method = 'GET' | 'POST' | 'PUT';

const OURS = ['ns1.market.test', 'ns2.market.test'];
/** Every name points at us, as far as these tests are concerned. */
const nsLookup: NameserverLookup = { lookup: async () => ({ ok: true, nameservers: OURS }) };

/** A video file as the embedded storage takes it: a policy's fields first, the file last. */
function formBody(fields: Record<string, string>) {
  const boundary = `----pitch${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pitch.mp4"\r\nContent-Type: video/mp4\r\n\r\n`));
  parts.push(Buffer.concat([Buffer.from('\x00\x00\x00\x18ftypmp42'), Buffer.alloc(2000, 7)]), Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe(`a completed sale passes the domain to its buyer (${testDialect})`, () => {
  let t: TestApp;
  let seller: User;
  let buyer: User;
  let rival: User;
  let founder: User;
  let claimant: User;
  let admin: string;
  let domainId: number;
  let order: Deal;
  let sellersLead: number;
  let rivalsLead: number;
  let sellersPitch: number;

  const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const ok = async <T>(method: Method, url: string, token?: string, payload?: Record<string, unknown>, status = 200) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return json<T>(res);
  };
  const portfolio = async (user: User) => (await ok<{ domains: OwnDomain[] }>('GET', '/api/domains/', user.token)).domains;
  const offer = (user: User, lead: number, status: number, amount?: number) =>
    ok<unknown>('POST', '/api/domains/negotiation/', user.token, { domain_lead_id: lead, status, ...(amount ? { amount } : {}) }, 201);
  const openLead = async (user: User) => (await ok<{ domain_lead_id: number }>('POST', '/api/domains/domain-leads/', user.token, { domain_id: domainId }, 201)).domain_lead_id;
  const negotiation = (user: User) => ok<NegotiationView>('GET', `/api/domains/negotiation/view/?domain_id=${domainId}`, user.token);
  const summaryRow = async (user: User) =>
    (await ok<LeadSummaryRow[]>('GET', '/api/domains/domain-leads-summary/', user.token)).filter((r) => r.domain_id === domainId);
  const publicHeadlines = async () =>
    (await ok<SponsoredHeadline[]>('GET', '/api/domains/sponsored-headlines/')).filter((h) => h.domain_obj.id === domainId).map((h) => h.category_obj.name);

  /** Pays and settles an order up to the payout, which is left to the test. */
  async function settle(deal: Deal, who: { seller: User; buyer: User }) {
    await ok('POST', `/api/admin/orders/${deal.id}/payment/`, admin, { reference: `BANK-${deal.id}`, amount_cents: deal.buyer_total_cents });
    await ok('POST', `/api/orders/${deal.id}/transfer/`, who.seller.token, { method: 'push', push_account: 'buyer-account-1' });
    await ok('POST', `/api/orders/${deal.id}/confirm/`, who.buyer.token);
  }

  async function sponsor(category: string, pay: boolean): Promise<void> {
    const cart = await ok<{ id: number }>('POST', '/api/domains/sponsored-headlines/cart/', seller.token, { items: [{ category, domain_ids: [domainId] }] }, 201);
    const placed = await ok<SponsoredOrder>('POST', '/api/domains/sponsored-headlines/order/', seller.token, { cart_id: cart.id }, 201);
    if (pay) await ok('POST', `/api/admin/sponsored-orders/${placed.id}/payment/`, admin, { reference: `SH-${placed.id}`, amount_cents: placed.amount_cents });
  }

  beforeAll(async () => {
    t = await createTestApp({ nameservers: OURS }, { nsLookup });
    [seller, buyer, rival, founder, claimant] = await Promise.all([
      registerUser(t.app, { first_name: 'Sal' }),
      registerUser(t.app, { first_name: 'Bo' }),
      registerUser(t.app, { first_name: 'Rio' }),
      registerUser(t.app, { first_name: 'Fay' }),
      registerUser(t.app, { first_name: 'Cy' }),
    ]);
    admin = await adminToken(t.app);

    // The seller's listing: priced, offered for trade and to startup breeders, described, parked with us.
    await ok('POST', '/api/domains/', seller.token, { domain_list: 'handover.com' }, 201);
    domainId = (await portfolio(seller)).find((d) => d.domain_ascii === 'handover.com')!.id;
    await ok('PUT', `/api/domains/${domainId}/`, seller.token, {
      seller_price: 25_000,
      min_offer: 15_000,
      business_status: 'Price Upon Request',
      trade_switch: 'Yes',
      trade_option: '5 Figures',
      startup_breeders_switch: 'Yes',
      startup_breeders: 'Pitch to Us',
      description: 'Short, memorable, the seller’s words.',
    });
    await ok('POST', `/api/domains/admin/approval/${domainId}/`, admin, { action: 'approve' });
    await ok('POST', `/api/domains/${domainId}/verify-nameservers/`, seller.token);
    // Parked with us, with the seller's own mail server.
    await ok('PUT', `/api/domains/${domainId}/dns/`, seller.token, { keep_landing: false, records: [{ name: '@', type: 'MX', content: 'mx.seller.test', priority: 1 }] });
    expect(await zoneRows(t.db, 'handover.com')).toContainEqual(['handover.com', 'MX', 'mx.seller.test', '1']);

    // What the seller's holding gathered: a visit, a claim, a running headline and one unpaid,
    // a founder's pitch, and a rival buyer's negotiation.
    expect((await call('POST', `/api/domains/${domainId}/view`, undefined, { referrer: 'https://news.example/' })).statusCode).toBe(204);
    await ok('POST', '/api/domains/', claimant.token, { domain_list: 'handover.com' }, 201);
    await sponsor('Trade Domains', true);
    await sponsor('Startup Breeders', false);
    expect(await publicHeadlines()).toEqual(['Trade Domains']);
    expect((await ok<Traffic>('GET', '/api/domains/traffic/?days=7', seller.token)).series.map((s) => s.total)).toEqual([1]);
    expect((await ok<{ domain_id: number }[]>('GET', '/api/domains/admin/claims/', admin)).map((c) => c.domain_id)).toContain(domainId);
    const policy = await ok<{ fields: Record<string, string> }>('POST', '/api/domains/video-upload-url/', founder.token, {
      domain_id: domainId,
      file_name: 'pitch.mp4',
      content_type: 'video/mp4',
      size: 2016,
    });
    const { payload, headers } = formBody(policy.fields);
    expect((await t.app.inject({ method: 'POST', url: '/storage/upload', headers, payload })).statusCode).toBe(204);
    sellersPitch = (await ok<VideoPitch>('POST', '/api/domains/upload_video/', founder.token, { domain_id: domainId, file_name: 'pitch.mp4' }, 201)).id;
    rivalsLead = await openLead(rival);
    await offer(rival, rivalsLead, 2, 16_000);
    await offer(seller, rivalsLead, 2, 24_000);

    // The buyer's offer is accepted, paid, transferred and confirmed; the payout completes it.
    sellersLead = await openLead(buyer);
    await offer(buyer, sellersLead, 2, 20_000);
    await offer(seller, sellersLead, 4);
    order = (await ok<Deal[]>('GET', '/api/orders/', buyer.token)).find((o) => o.domain_id === domainId)!;
    await settle(order, { seller, buyer });
    const done = await ok<Deal>('POST', `/api/admin/orders/${order.id}/payout/`, admin, { reference: 'OUT-HANDOVER' });
    expect(done.status).toBe('completed');
  });
  afterAll(() => t.close());

  it('puts the name in the buyer’s portfolio, unlisted, with none of the seller’s listing', async () => {
    const mine = (await portfolio(buyer)).find((d) => d.id === domainId);
    expect(mine).toMatchObject({
      domain_name: 'handover.com',
      user: { id: buyer.user.id },
      status: 'pending',
      is_approved: false,
      ns_status: 'unchecked',
      ns_checked_at: null,
      reviewed_at: null,
      sale_status: 'available',
      business_status: '',
      seller_price: 0,
      buyer_price: 0,
      min_offer: 0,
      trade_switch: 'No',
      trade_option: null,
      startup_breeders_switch: 'No',
      startup_breeders: null,
      description: null,
      visits: 0,
      video_pitch_leads: 0,
      videos: [],
    });
    // Not public: no landing page, search result or headline for anyone else.
    expect((await call('GET', `/api/domains/${domainId}/`)).statusCode).toBe(404);
    expect((await call('GET', `/api/domains/${domainId}/`, rival.token)).statusCode).toBe(404);
    expect(json<unknown[]>(await call('GET', '/api/domains/search/?domain_name=handover'))).toEqual([]);
    expect(await publicHeadlines()).toEqual([]);
    // No visits of the seller's page in the buyer's traffic.
    const traffic = await ok<Traffic>('GET', '/api/domains/traffic/?days=7', buyer.token);
    expect(traffic.series).toEqual([]);
    expect(traffic.referrers).toEqual([]);
    // The claim against the seller's holding is settled.
    const claims = await ok<{ domain_id: number }[]>('GET', '/api/domains/admin/claims/', admin);
    expect(claims.filter((c) => c.domain_id === domainId)).toEqual([]);
  });

  it('takes it off our nameservers until approved for the buyer, who starts from the landing page', async () => {
    expect(await zoneRows(t.db, 'handover.com')).toBeNull();
    expect(await ok('GET', `/api/domains/${domainId}/dns/`, buyer.token)).toMatchObject({ keep_landing: true, records: [], served: false });
    expect((await call('GET', `/api/domains/${domainId}/dns/`, seller.token)).statusCode).toBe(403);
  });

  it('takes it out of the seller’s hands; the seller still has the sale', async () => {
    expect((await portfolio(seller)).map((d) => d.id)).not.toContain(domainId);
    expect((await call('PUT', `/api/domains/${domainId}/`, seller.token, { seller_price: 30_000 })).statusCode).toBe(403);
    expect((await call('POST', `/api/domains/${domainId}/verify-nameservers/`, seller.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/domains/${domainId}/`, seller.token)).statusCode).toBe(404);
    const sales = (await ok<Deal[]>('GET', '/api/orders/', seller.token)).filter((o) => o.role === 'seller' && o.status === 'completed');
    expect(sales.map((o) => [o.id, o.domain_name, o.seller_net_cents])).toEqual([[order.id, 'handover.com', 1_900_000]]);
    const purchases = (await ok<Deal[]>('GET', '/api/orders/', buyer.token)).filter((o) => o.role === 'buyer');
    expect(purchases.map((o) => [o.id, o.status])).toEqual([[order.id, 'completed']]);
    // The broker table counts the sale as the seller's.
    const table = await ok<{ users: { email: string; sold_domains: number }[] }>('GET', '/api/domains/admin/broker-dashboard/', admin);
    expect(table.users.find((u) => u.email === seller.user.email)?.sold_domains).toBe(1);
    expect(table.users.find((u) => u.email === buyer.user.email)?.sold_domains).toBe(0);
  });

  it('keeps the seller’s negotiations and pitches from the new owner, and with the people who took part', async () => {
    // The buyer sees their own negotiation, as its buyer, and not the rival's.
    const bought = await negotiation(buyer);
    expect(bought.role).toBe('buyer');
    expect(bought.leads.map((l) => [l.id, l.role])).toEqual([[sellersLead, 'buyer']]);
    expect(bought.leads[0]?.entries.map((e) => [e.author, e.amount])).toEqual([
      ['buyer', 20_000],
      ['seller', 20_000],
    ]);
    expect(bought.domain).toMatchObject({ sale_status: 'sold', seller_price: 0, min_offer: 0 });
    expect((await ok<unknown[]>('GET', `/api/domains/negotiation/?domain_id=${domainId}`, buyer.token)).length).toBe(2);
    // The seller keeps both, as the seller; the rival keeps theirs. Neither reads the new owner's listing.
    const sold = await negotiation(seller);
    expect(sold.role).toBe('seller');
    expect(sold.leads.map((l) => [l.id, l.role]).sort()).toEqual([
      [rivalsLead, 'seller'],
      [sellersLead, 'seller'],
    ].sort());
    expect(sold.domain.sale_status).toBe('sold');
    const lost = await negotiation(rival);
    expect(lost.leads.map((l) => l.id)).toEqual([rivalsLead]);
    expect(lost.domain).toMatchObject({ sale_status: 'sold', seller_price: 0, business_status: '' });
    expect(await summaryRow(seller)).toMatchObject([{ role: 'seller', status_label: 'Sold', total_inquiries: 2 }]);
    expect(await summaryRow(buyer)).toMatchObject([{ role: 'buyer', status_label: 'Sold', last_bid_amount: 20_000 }]);
    expect(await summaryRow(rival)).toMatchObject([{ role: 'buyer', status_label: 'Sold', last_bid_amount: 24_000 }]);
    // The old negotiations take no more steps.
    expect((await call('POST', '/api/domains/negotiation/', rival.token, { domain_lead_id: rivalsLead, status: 2, amount: 26_000 })).statusCode).toBe(409);

    // The founder's pitch went to the seller: the new owner cannot list, play or decide it.
    const buyersPitches = await ok<VideoPitch[]>('GET', '/api/domains/video-pitches/', buyer.token);
    expect(buyersPitches).toEqual([]);
    expect((await call('GET', `/api/domains/get_video/${sellersPitch}`, buyer.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/domains/video-pitches/${sellersPitch}/review/`, buyer.token, { action: 'approve' })).statusCode).toBe(403);
    expect((await ok<VideoPitch[]>('GET', '/api/domains/video-pitches/', seller.token)).map((v) => [v.id, v.role])).toEqual([[sellersPitch, 'seller']]);
    expect((await ok<{ video_pitch_leads: number }>('GET', '/api/domains/my-stable', seller.token)).video_pitch_leads).toBe(1);
    expect((await ok<{ video_pitch_leads: number }>('GET', '/api/domains/my-stable', buyer.token)).video_pitch_leads).toBe(0);
  });

  it('lets the buyer list it through the usual steps: listing options, nameservers, approval', async () => {
    const edited = await ok<OwnDomain>('PUT', `/api/domains/${domainId}/`, buyer.token, { seller_price: 40_000, min_offer: 30_000, business_status: 'Price Upon Request' });
    expect(edited).toMatchObject({ seller_price: 40_000, status: 'pending' });
    expect((await ok<OwnDomain>('POST', `/api/domains/${domainId}/verify-nameservers/`, buyer.token)).ns_status).toBe('verified');
    const queue = await ok<OwnDomain[]>('GET', '/api/domains/admin/approval/', admin);
    expect(queue.map((d) => d.id)).toContain(domainId);
    await ok('POST', `/api/domains/admin/approval/${domainId}/`, admin, { action: 'approve' });

    const listed = await ok<OwnDomain>('GET', `/api/domains/${domainId}/`);
    // Price Upon Request: the public does not see the price, its new owner does.
    expect(listed).toMatchObject({ user: { id: buyer.user.id, first_name: 'Bo' }, seller_price: null, status: 'approved', sale_status: 'available' });
    expect(await ok<OwnDomain>('GET', `/api/domains/${domainId}/`, buyer.token)).toMatchObject({ seller_price: 40_000 });
    const found = json<{ id: number }[]>(await call('GET', '/api/domains/search/?domain_name=handover'));
    expect(found.map((d) => d.id)).toEqual([domainId]);

    // The seller's headline order still waiting for its money holds nothing of the new owner's:
    // they may order that category, and the seller's, paid late, never runs on their listing.
    await ok('PUT', `/api/domains/${domainId}/`, buyer.token, { startup_breeders_switch: 'Yes', startup_breeders: 'Pitch to Us' });
    await ok('POST', '/api/domains/sponsored-headlines/cart/', buyer.token, { items: [{ category: 'Startup Breeders', domain_ids: [domainId] }] }, 201);
    const late = (await ok<SponsoredOrder[]>('GET', '/api/admin/sponsored-orders/?status=awaiting_payment', admin)).find((o) => o.user?.id === seller.user.id)!;
    await ok('POST', `/api/admin/sponsored-orders/${late.id}/payment/`, admin, { reference: 'SH-LATE', amount_cents: late.amount_cents });
    expect(await publicHeadlines()).toEqual([]);

    // A new negotiation is with the new owner; the old ones stay where they were.
    const newLead = await openLead(rival);
    expect(newLead).not.toBe(rivalsLead);
    await offer(rival, newLead, 2, 35_000);
    const selling = await negotiation(buyer);
    expect(selling.role).toBe('seller');
    expect(selling.domain).toMatchObject({ seller_price: 40_000, sale_status: 'available' });
    expect(selling.leads.map((l) => [l.id, l.role, l.buyer_name])).toEqual([
      [sellersLead, 'buyer', 'Bo L.'],
      [newLead, 'seller', 'Rio L.'],
    ]);
    expect(selling.leads[1]?.allowed_statuses).toContain(4);
    expect((await negotiation(seller)).leads.map((l) => l.id)).not.toContain(newLead);
    const rows = await summaryRow(buyer);
    expect(rows.map((r) => [r.role, r.status_label]).sort()).toEqual([
      ['buyer', 'Sold'],
      ['seller', 'Open'],
    ]);
    expect((await summaryRow(rival)).map((r) => [r.role, r.status_label, r.total_inquiries])).toEqual([['buyer', 'Open', 2]]);
  });

  it('refuses to complete an order whose domain is no longer the seller’s, and moves no money', async () => {
    const ids = await listForBuyNow(t, seller.token, admin, { 'moved-away.com': 3_000 });
    const bought = await ok<Deal>('POST', '/api/domains/buy-now/', rival.token, { domain_id: ids['moved-away.com'] }, 201);
    await settle(bought, { seller, buyer: rival });
    // Held by someone else now, however that came about.
    await t.db.kysely.updateTable('domains').set({ user_id: claimant.user.id }).where('id', '=', ids['moved-away.com']!).execute();
    const refused = await call('POST', `/api/admin/orders/${bought.id}/payout/`, admin, { reference: 'OUT-MOVED' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ detail: dm.notTheSellers });
    expect((await ok<Deal>('GET', `/api/orders/${bought.id}/`, rival.token)).status).toBe('confirmed');
    expect((await movementsOf(t, 'order', bought.id)).map((m) => m.kind)).toEqual(['payment', 'release']);
    const domain = await t.db.kysely.selectFrom('domains').select(['user_id', 'sale_status']).where('id', '=', ids['moved-away.com']!).executeTakeFirstOrThrow();
    expect(domain).toEqual({ user_id: claimant.user.id, sale_status: 'under_order' });
  });

  it('is refused inside the caller’s transaction for another seller, writing nothing', async () => {
    const at = new Date().toISOString();
    const attempt = t.db.kysely.transaction().execute((trx) =>
      passToBuyer(trx, { domainId, sellerId: seller.user.id, buyerId: rival.user.id, orderId: order.id, at }),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    const domain = await t.db.kysely.selectFrom('domains').select(['user_id', 'status']).where('id', '=', domainId).executeTakeFirstOrThrow();
    expect(domain).toEqual({ user_id: buyer.user.id, status: 'approved' });
  });
});
