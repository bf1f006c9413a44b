import { sponsoredMessages as sm } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../../payments/payments.js';
import { adminToken, bearer, createTestApp, json, registerUser, type TestApp, testDialect } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof registerUser>>;
type Cart = { id: number; total_amount: number; status: string; category: { name: string; quantity: number; unit_price: number; sub_total: number }[] };

describe(`sponsored headlines (${testDialect})`, () => {
  let t: TestApp;
  let seller: User;
  let other: User;
  const ids: Record<string, number> = {};
  let failNextCharge = false;
  const payments: PaymentProvider = {
    mode: 'test',
    async charge() {
      if (failNextCharge) {
        failNextCharge = false;
        return { ok: false, reason: 'declined' };
      }
      return { ok: true, reference: 'ref-1' };
    },
  };

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

  beforeAll(async () => {
    t = await createTestApp({}, { payments });
    seller = await registerUser(t.app);
    other = await registerUser(t.app);
    const admin = await adminToken(t.app);
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
    expect(json(await cart({ items: [] }))).toEqual({ items: [sm.cartEmpty] });
    expect(json(await cart({ items: [{ category: 'Buy Now', domain_ids: [] }] }))).toEqual({ items: [sm.cartEmpty] });
    expect((await cart({ items: [{ category: 'Gold', domain_ids: [ids['bin-ad.com']] }] })).statusCode).toBe(400);
    expect((await cart({ items: [{ category: 'Buy Now', domain_ids: [ids['bin-ad.com']], unit_price: 0 }] })).statusCode).toBe(400);
    expect((await cart({ items: [{ category: 'Buy Now', domain_ids: [ids['bin-ad.com']] }], total_amount: 1 })).statusCode).toBe(400);
    const dup = await cart({ items: [{ category: 'Buy Now', domain_ids: [ids['bin-ad.com'], ids['bin-ad.com']] }] });
    expect(json(dup)).toEqual({ domain_ids: [sm.duplicate('bin-ad.com', 'Buy Now')] });
    expect((await cart({ items: [{ category: 'Buy Now', domain_ids: [ids['others-ad.com']] }] })).statusCode).toBe(403);
    const wrong = await cart({ items: [{ category: 'Trade Domains', domain_ids: [ids['bin-ad.com']] }] });
    expect(json(wrong)).toEqual({ domain_ids: [sm.notInCategory('bin-ad.com', 'Trade Domains')] });
    expect((await cart({ items: [{ category: 'Buy Now', domain_ids: [ids['plain-ad.com']] }] })).statusCode).toBe(400);
    expect((await cart({ items: [{ category: 'Buy Now', domain_ids: [ids['bin-ad.com']] }] }, '')).statusCode).toBe(401);
  });

  it('places an order once, starts the headlines and shows them publicly and in the history', async () => {
    const cart = json<Cart>(
      await call('POST', '/api/domains/sponsored-headlines/cart/', seller.token, {
        items: [
          { category: 'Buy Now', domain_ids: [ids['bin-ad.com']] },
          { category: 'Trade Domains', domain_ids: [ids['trade-ad.com']] },
        ],
      }),
    );
    expect((await call('POST', '/api/domains/sponsored-headlines/order/', other.token, { cart_id: cart.id })).statusCode).toBe(404);
    const [first, second] = await Promise.all([
      call('POST', '/api/domains/sponsored-headlines/order/', seller.token, { cart_id: cart.id }),
      call('POST', '/api/domains/sponsored-headlines/order/', seller.token, { cart_id: cart.id }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const order = json<{ total_amount: number; payment_mode: string; ends_at: string }>(first.statusCode === 201 ? first : second);
    expect(order).toMatchObject({ total_amount: 8, payment_mode: 'test' });
    expect(Date.parse(order.ends_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const list = json<{ category_obj: { name: string; advertisement_price: number }; domain_obj: { domain_name: string } }[]>(
      await call('GET', '/api/domains/sponsored-headlines/'),
    );
    expect(list.map((h) => [h.category_obj.name, h.domain_obj.domain_name]).sort()).toEqual([
      ['Buy Now', 'bin-ad.com'],
      ['Trade Domains', 'trade-ad.com'],
    ]);
    expect(list[0]?.category_obj.advertisement_price).toBeGreaterThan(0);

    const history = json<{ headlines: { domain_name: string; running: boolean }[] }[]>(await call('GET', '/api/domains/sponsored-headlines/orders/', seller.token));
    expect(history[0]?.headlines.every((h) => h.running)).toBe(true);

    // A running headline cannot be bought twice for the same category.
    const again = await call('POST', '/api/domains/sponsored-headlines/cart/', seller.token, { items: [{ category: 'Buy Now', domain_ids: [ids['bin-ad.com']] }] });
    expect(again.statusCode).toBe(409);
  });

  it('charges nothing and keeps the cart open when the payment fails', async () => {
    const cart = json<Cart>(
      await call('POST', '/api/domains/sponsored-headlines/cart/', seller.token, { items: [{ category: 'Startup Breeders', domain_ids: [ids['breed-ad.io']] }] }),
    );
    failNextCharge = true;
    const failed = await call('POST', '/api/domains/sponsored-headlines/order/', seller.token, { cart_id: cart.id });
    expect(failed.statusCode).toBe(409);
    expect(json(failed)).toEqual({ detail: sm.paymentFailed });
    const retry = await call('POST', '/api/domains/sponsored-headlines/order/', seller.token, { cart_id: cart.id });
    expect(retry.statusCode).toBe(201);
  });

  it('drops a headline from the public list once the domain is sold', async () => {
    await t.db.kysely.updateTable('domains').set({ sale_status: 'sold' }).where('id', '=', ids['trade-ad.com'] ?? 0).execute();
    const list = json<{ domain_obj: { domain_name: string } }[]>(await call('GET', '/api/domains/sponsored-headlines/'));
    expect(list.map((h) => h.domain_obj.domain_name)).not.toContain('trade-ad.com');
  });
});
