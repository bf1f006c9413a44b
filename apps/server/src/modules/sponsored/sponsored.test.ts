import { type SponsoredOrder, sponsoredMessages as sm } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../test/deals-support.js';
import { adminToken, bearer, createTestApp, json, registerUser, type TestApp, testDialect, errorOf } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof registerUser>>;
type Cart = { id: number; total_amount: number; status: string; category: { name: string; quantity: number; unit_price: number; sub_total: number }[] };

describe(`sponsored headlines (${testDialect})`, () => {
  let t: TestApp;
  let seller: User;
  let other: User;
  const ids: Record<string, number> = {};
  let admin: string;

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

  beforeAll(async () => {
    t = await createTestApp({ bankTransferDetails: 'IBAN TEST 00 1234' });
    seller = await registerUser(t.app);
    other = await registerUser(t.app);
    admin = await adminToken(t.app);
    await call('POST', '/api/domains/', seller.token, { domain_list: 'bin-ad.com trade-ad.com breed-ad.io plain-ad.com' });
    await call('POST', '/api/domains/', other.token, { domain_list: 'others-ad.com' });
    for (const token of [seller.token, other.token]) {
      const { domains } = json<{ domains: { id: number; domain_ascii: string }[] }>(await call('GET', '/api/domains/', token));
      for (const d of domains) ids[d.domain_ascii] = d.id;
    }
    const put = (name: string, token: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/domains/${ids[name]}/`, headers: bearer(token), payload });
    await put('bin-ad.com', seller.token, { seller_price: 3000, business_status: 'Buy Now' });
    await put('trade-ad.com', seller.token, { trade_switch: 'Yes', trade_option: '4 Figures' });
    await put('breed-ad.io', seller.token, { startup_breeders_switch: 'Yes', startup_breeders: 'Pitch to Us', business_status: 'Buy Now', seller_price: 12000 });
    await put('others-ad.com', other.token, { seller_price: 3000, business_status: 'Buy Now' });
    await call('POST', '/api/domains/admin/approval/', admin, { ids: Object.values(ids), action: 'approve' });
  });
  afterAll(() => t.close());

  it('lists the seller’s own domains by category', async () => {
    const eligible = json<{ domain_name: string; categories: string[] }[]>(await call('GET', '/api/domains/sponsored-headlines/eligible/', seller.token));
    expect(Object.fromEntries(eligible.map((e) => [e.domain_name, e.categories]))).toEqual({
      'bin-ad.com': ['Buy Now'],
      'breed-ad.io': ['Buy Now', 'Startup Breeders'],
      'trade-ad.com': ['Trade Domains'],
    });
  });

  it('prices a cart on the server: $5 Buy Now, $3 Trade, $10 Startup Breeders', async () => {
    const res = await call('POST', '/api/domains/sponsored-headlines/cart/', seller.token, {
      items: [
        { category: 'Buy Now', domain_ids: [ids['bin-ad.com'], ids['breed-ad.io']] },
        { category: 'Trade Domains', domain_ids: [ids['trade-ad.com']] },
        { category: 'Startup Breeders', domain_ids: [ids['breed-ad.io']] },
      ],
    });
    expect(res.statusCode).toBe(201);
    const cart = json<Cart>(res);
    expect(cart.total_amount).toBe(23);
    expect(cart.category.map(({ name, quantity, unit_price, sub_total }) => ({ name, quantity, unit_price, sub_total }))).toEqual([
      { name: 'Buy Now', quantity: 2, unit_price: 5, sub_total: 10 },
      { name: 'Trade Domains', quantity: 1, unit_price: 3, sub_total: 3 },
      { name: 'Startup Breeders', quantity: 1, unit_price: 10, sub_total: 10 },
    ]);
  });

  it('refuses empty carts, unknown categories, tampered prices, duplicates, others’ and wrong-category domains', async () => {
    const cart = (payload: unknown, token = seller.token) => call('POST', '/api/domains/sponsored-headlines/cart/', token, payload);
    expect(errorOf(await cart({ items: [] }))).toEqual({ items: [sm.cartEmpty] });
    expect(errorOf(await cart({ items: [{ category: 'Buy Now', domain_ids: [] }] }))).toEqual({ items: [sm.cartEmpty] });
    expect((await cart({ items: [{ category: 'Gold', domain_ids: [ids['bin-ad.com']] }] })).statusCode).toBe(400);
    expect((await cart({ items: [{ category: 'Buy Now', domain_ids: [ids['bin-ad.com']], unit_price: 0 }] })).statusCode).toBe(400);
    expect((await cart({ items: [{ category: 'Buy Now', domain_ids: [ids['bin-ad.com']] }], total_amount: 1 })).statusCode).toBe(400);
    const dup = await cart({ items: [{ category: 'Buy Now', domain_ids: [ids['bin-ad.com'], ids['bin-ad.com']] }] });
    expect(errorOf(dup)).toEqual({ domain_ids: [sm.duplicate('bin-ad.com', 'Buy Now')] });
    expect((await cart({ items: [{ category: 'Buy Now', domain_ids: [ids['others-ad.com']] }] })).statusCode).toBe(403);
    const wrong = await cart({ items: [{ category: 'Trade Domains', domain_ids: [ids['bin-ad.com']] }] });
    expect(errorOf(wrong)).toEqual({ domain_ids: [sm.notInCategory('bin-ad.com', 'Trade Domains')] });
    expect((await cart({ items: [{ category: 'Buy Now', domain_ids: [ids['plain-ad.com']] }] })).statusCode).toBe(400);
    expect((await cart({ items: [{ category: 'Buy Now', domain_ids: [ids['bin-ad.com']] }] }, '')).statusCode).toBe(401);
  });

  const publicNames = async () =>
    json<{ category_obj: { name: string }; domain_obj: { domain_name: string } }[]>(await call('GET', '/api/domains/sponsored-headlines/')).map((h) => [
      h.category_obj.name,
      h.domain_obj.domain_name,
    ]);
  const makeCart = async (items: { category: string; domain_ids: number[] }[]) => {
    const res = await call('POST', '/api/domains/sponsored-headlines/cart/', seller.token, { items });
    expect(res.statusCode, res.body).toBe(201);
    return json<Cart>(res);
  };

  it('places an order once; it waits for its payment with bank instructions, and its headlines do not run yet', async () => {
    const cart = await makeCart([
      { category: 'Buy Now', domain_ids: [ids['bin-ad.com']!] },
      { category: 'Trade Domains', domain_ids: [ids['trade-ad.com']!] },
    ]);
    expect((await call('POST', '/api/domains/sponsored-headlines/order/', other.token, { cart_id: cart.id })).statusCode).toBe(404);
    const [first, second] = await Promise.all([
      call('POST', '/api/domains/sponsored-headlines/order/', seller.token, { cart_id: cart.id }),
      call('POST', '/api/domains/sponsored-headlines/order/', seller.token, { cart_id: cart.id }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const order = json<SponsoredOrder>(first.statusCode === 201 ? first : second);
    expect(order).toMatchObject({ total_amount: 8, amount_cents: 800, status: 'awaiting_payment', payment_mode: 'manual', ends_at: null, paid_at: null });
    // Bank transfer only here: no card page; the buyer may still call it off.
    expect(order.allowed_actions).toEqual(['pay_by_bank_transfer', 'cancel']);
    expect(order.payment_instructions).toEqual({ reference: expect.stringMatching(/^SH-[A-Z2-9]{4}-[A-Z2-9]{4}$/), amount_cents: 800, details: 'IBAN TEST 00 1234' });
    expect(Date.parse(order.pay_by ?? '') - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    expect(order.headlines.map((h) => [h.domain_name, h.starts_at, h.running])).toEqual([
      ['bin-ad.com', null, false],
      ['trade-ad.com', null, false],
    ]);
    expect(await publicNames()).toEqual([]);

    // Waiting for its money, the same headline cannot be ordered again.
    const again = await call('POST', '/api/domains/sponsored-headlines/cart/', seller.token, { items: [{ category: 'Buy Now', domain_ids: [ids['bin-ad.com']] }] });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({ detail: sm.alreadyOrdered('bin-ad.com', 'Buy Now') });
    // Only its owner sees it.
    expect((await call('GET', `/api/domains/sponsored-headlines/orders/${order.id}/`, other.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/domains/sponsored-headlines/orders/${order.id}/`, seller.token)).statusCode).toBe(200);
    // Bank transfer only here: no card page to open.
    expect((await call('POST', `/api/domains/sponsored-headlines/orders/${order.id}/checkout/`, seller.token)).statusCode).toBe(409);
  });

  it('goes live when an admin records the bank payment, once, for the right amount', async () => {
    const [order] = json<SponsoredOrder[]>(await call('GET', '/api/domains/sponsored-headlines/orders/', seller.token));
    const pay = (token: string, payload: Record<string, unknown>) => call('POST', `/api/admin/sponsored-orders/${order!.id}/payment/`, token, payload);
    expect((await pay(seller.token, { reference: 'SELF-PAID' })).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/sponsored-orders/?status=awaiting_payment', seller.token)).statusCode).toBe(403);
    expect((await pay('', { reference: 'X' })).statusCode).toBe(401);
    const waiting = json<SponsoredOrder[]>(await call('GET', '/api/admin/sponsored-orders/?status=awaiting_payment', admin));
    expect(waiting.map((o) => o.id)).toContain(order!.id);
    expect(waiting.find((o) => o.id === order!.id)?.user?.email).toBe(seller.user.email);

    const short = await pay(admin, { reference: 'BANK-1', amount_cents: 700 });
    expect(short.statusCode).toBe(400);
    expect(json(short)).toHaveProperty('amount_cents');
    expect(await publicNames()).toEqual([]);

    const [paid, twice] = await Promise.all([pay(admin, { reference: 'BANK-1', amount_cents: 800 }), pay(admin, { reference: 'BANK-1', amount_cents: 800 })]);
    expect([paid.statusCode, twice.statusCode].sort()).toEqual([200, 409]);
    const done = json<SponsoredOrder>(paid.statusCode === 200 ? paid : twice);
    expect(done).toMatchObject({ status: 'paid', paid_reference: 'BANK-1', payment_instructions: null });
    expect(Date.parse(done.ends_at ?? '') - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect((await publicNames()).sort()).toEqual([
      ['Buy Now', 'bin-ad.com'],
      ['Trade Domains', 'trade-ad.com'],
    ]);
    const history = json<SponsoredOrder[]>(await call('GET', '/api/domains/sponsored-headlines/orders/', seller.token));
    expect(history[0]?.headlines.every((h) => h.running)).toBe(true);
    const inbox = await t.db.kysely.selectFrom('notifications').select(['message', 'link']).where('user_id', '=', seller.user.id).orderBy('id', 'desc').executeTakeFirst();
    expect(inbox).toMatchObject({ link: '/order-sponsored-headlines?tab=orders', message: expect.stringContaining('Payment of $8.00 received') });
    const audit = await t.db.kysely.selectFrom('admin_audit').selectAll().where('action', '=', 'escrow-step').where('target_type', '=', 'sponsored').execute();
    expect(audit.map((a) => a.target_id)).toEqual([order!.id]);
    await expectLedgerBalanced(t, admin);

    // A running headline cannot be bought twice for the same category.
    const again = await call('POST', '/api/domains/sponsored-headlines/cart/', seller.token, { items: [{ category: 'Buy Now', domain_ids: [ids['bin-ad.com']] }] });
    expect(again.statusCode).toBe(409);
  });

  it('lapses unpaid after three days; the headline can then be ordered again', async () => {
    const cart = await makeCart([{ category: 'Startup Breeders', domain_ids: [ids['breed-ad.io']!] }]);
    const order = json<SponsoredOrder>(await call('POST', '/api/domains/sponsored-headlines/order/', seller.token, { cart_id: cart.id }));
    expect(await t.app.services.sponsored.sweep()).toEqual({ lapsed: 0 });
    const [lapsedA, lapsedB] = await Promise.all([
      t.app.services.sponsored.sweep(new Date(Date.now() + 3 * 86_400_000 + 60_000)),
      t.app.services.sponsored.sweep(new Date(Date.now() + 3 * 86_400_000 + 60_000)),
    ]);
    expect(lapsedA.lapsed + lapsedB.lapsed).toBe(1);
    const seen = json<SponsoredOrder>(await call('GET', `/api/domains/sponsored-headlines/orders/${order.id}/`, seller.token));
    expect(seen).toMatchObject({ status: 'cancelled', status_label: 'Cancelled', payment_instructions: null, allowed_actions: [] });
    expect((await call('POST', `/api/admin/sponsored-orders/${order.id}/payment/`, admin, { reference: 'LATE' })).statusCode).toBe(409);
    await makeCart([{ category: 'Startup Breeders', domain_ids: [ids['breed-ad.io']!] }]);
  });

  it('lets its buyer cancel an order not paid yet, and no one else; a cancelled order takes no payment', async () => {
    const cart = await makeCart([{ category: 'Startup Breeders', domain_ids: [ids['breed-ad.io']!] }]);
    const order = json<SponsoredOrder>(await call('POST', '/api/domains/sponsored-headlines/order/', seller.token, { cart_id: cart.id }));
    const cancel = (token: string) => call('POST', `/api/domains/sponsored-headlines/orders/${order.id}/cancel/`, token);
    expect((await cancel(other.token)).statusCode).toBe(404);
    expect((await cancel(admin)).statusCode).toBe(404);
    const cancelled = await cancel(seller.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(json<SponsoredOrder>(cancelled)).toMatchObject({ status: 'cancelled', allowed_actions: [], payment_instructions: null });
    const twice = await cancel(seller.token);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toEqual({ detail: sm.outOfOrder('Cancelled') });
    expect((await call('POST', `/api/admin/sponsored-orders/${order.id}/payment/`, admin, { reference: 'LATE-2' })).statusCode).toBe(409);
    await expectLedgerBalanced(t, admin);
    // Its domains can be ordered again at once.
    await makeCart([{ category: 'Startup Breeders', domain_ids: [ids['breed-ad.io']!] }]);
  });

  it('drops a headline from the public list once the domain is sold', async () => {
    await t.db.kysely.updateTable('domains').set({ sale_status: 'sold' }).where('id', '=', ids['trade-ad.com'] ?? 0).execute();
    const list = json<{ domain_obj: { domain_name: string } }[]>(await call('GET', '/api/domains/sponsored-headlines/'));
    expect(list.map((h) => h.domain_obj.domain_name)).not.toContain('trade-ad.com');
  });
});
