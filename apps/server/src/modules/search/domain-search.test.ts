import { commissionSplit, SEARCH_COUNT_CAP } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, json, registerUser, type TestApp, testDialect } from '../../test/test-app.js';
import { insertDomains } from '../domains/index.js';

type Found = { domain_name: string };

// Every case runs against the database's own index and against the in-memory index.
for (const searchIndex of ['database', 'memory'] as const) {
  describe(`domain search (${testDialect}, ${searchIndex} index)`, () => {
    let t: TestApp;
    let ownerToken = '';

    beforeAll(async () => {
      t = await createTestApp({ searchIndex });
      const { token } = await registerUser(t.app);
      ownerToken = token;
      const admin = await adminToken(t.app);
      const names = [
        'bluewidget.com',
        'bluewidget.io',
        'blue-sky.com',
        'widget24.net',
        'shop.co.uk',
        'xn--mnchen-3ya.de',
        'longerwidgetname.com',
        'pendingwidget.com',
      ];
      await t.app.inject({ method: 'POST', url: '/api/domains/', headers: bearer(token), payload: { domain_list: names.join('\n') } });
      const { domains } = json<{ domains: { id: number; domain_ascii: string }[] }>(
        await t.app.inject({ method: 'GET', url: '/api/domains/', headers: bearer(token) }),
      );
      const id = (name: string) => domains.find((d) => d.domain_ascii === name)?.id;
      const edit = (name: string, payload: Record<string, unknown>) =>
        t.app.inject({ method: 'PUT', url: `/api/domains/${id(name)}/`, headers: bearer(token), payload });
      await edit('bluewidget.com', { seller_price: 5000, business_status: 'Buy Now' });
      await edit('bluewidget.io', { seller_price: 75000, business_status: 'Price Upon Request', trade_switch: 'Yes', trade_option: '5 Figures' });
      await edit('blue-sky.com', { startup_breeders_switch: 'Yes', startup_breeders: 'Pitch to Us', seller_price: 20000 });
      await edit('widget24.net', { trade_switch: 'Yes', trade_option: '3 Figures' });
      const approveIds = domains.filter((d) => d.domain_ascii !== 'pendingwidget.com').map((d) => d.id);
      await t.app.inject({ method: 'POST', url: '/api/domains/admin/approval/', headers: bearer(admin), payload: { ids: approveIds, action: 'approve' } });
      await t.app.services.domains.searchReady();
    });
    afterAll(() => t.close());

    async function search(params: Record<string, unknown>) {
      const qs = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) qs.set(key, typeof value === 'string' ? value : JSON.stringify(value));
      const res = await t.app.inject({ method: 'GET', url: `/api/domains/search/?${qs}` });
      expect(res.statusCode, res.body).toBe(200);
      return { names: json<Found[]>(res).map((d) => d.domain_name).sort(), total: Number(res.headers['x-total-count']) };
    }

    it('answers lean rows: what a result list shows and its actions need, the rest from the domain itself', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/domains/search/?domain_name=bluewidget.io' });
      const [row] = json<Record<string, unknown>[]>(res);
      expect(Object.keys(row ?? {}).sort()).toEqual(
        [
          'business_status',
          'buyer_price',
          'created_at',
          'domain_name',
          'lease_monthly_line',
          'id',
          'min_offer',
          'seller_price',
          'startup_breeders',
          'startup_breeders_switch',
          'thoroughbred',
          'trade_option',
          'trade_switch',
          'user',
          'videos',
        ].sort(),
      );
      expect(row).toMatchObject({
        domain_name: 'bluewidget.io',
        business_status: 'Price Upon Request',
        seller_price: null,
        buyer_price: null,
        trade_switch: 'Yes',
        trade_option: '5 Figures',
        startup_breeders_switch: 'No',
        videos: [],
      });
      expect(Object.keys(row?.user as object).sort()).toEqual(['first_name', 'id', 'last_name']);
      // Anyone may search: the owner is named by first name and initial.
      expect(row?.user).toMatchObject({ first_name: 'Ada', last_name: 'L.' });
      const full = json<Record<string, unknown>>(await t.app.inject({ method: 'GET', url: `/api/domains/${row?.id}` }));
      for (const [key, value] of Object.entries(row ?? {})) if (key !== 'user') expect(full[key], key).toEqual(value);
      expect(full).toHaveProperty('description');
    });

    it('matches substrings of the label, approved domains only', async () => {
      expect(await search({ domain_name: 'widget' })).toEqual({
        names: ['bluewidget.com', 'bluewidget.io', 'longerwidgetname.com', 'widget24.net'],
        total: 4,
      });
    });

    it('matches short text as a label prefix and name with extension', async () => {
      expect((await search({ domain_name: 'bl' })).names).toEqual(['blue-sky.com', 'bluewidget.com', 'bluewidget.io']);
      expect((await search({ domain_name: 'bluewidget.io' })).names).toEqual(['bluewidget.io']);
      expect((await search({ domain_name: 'shop.co.uk' })).names).toEqual(['shop.co.uk']);
    });

    it('reads a known extension typed alone as that extension, like ".com"', async () => {
      const dotCom = await search({ domain_name: '.com' });
      expect(dotCom.names).toEqual(['blue-sky.com', 'bluewidget.com', 'longerwidgetname.com']);
      expect(await search({ domain_name: 'com' })).toEqual(dotCom);
      expect(await search({ domain_name: ' COM ' })).toEqual(dotCom);
      expect((await search({ domain_name: 'net' })).names).toEqual(['widget24.net']);
      expect((await search({ domain_name: 'co.uk' })).names).toEqual(['shop.co.uk']);
      // With other filters it narrows like any extension does.
      expect((await search({ domain_name: 'com', filters: { business_status: ['Buy Now'] } })).names).toEqual(['bluewidget.com']);
    });

    it('filters by extension, listing type and trade option', async () => {
      expect((await search({ extensions: ['.io', 'net'] })).names).toEqual(['bluewidget.io', 'widget24.net']);
      expect((await search({ filters: { business_status: ['Buy Now'] } })).names).toEqual(['bluewidget.com']);
      expect((await search({ filters: { business_status: ['Throughbeeds', 'Startup Breeders'] } })).names).toEqual([
        'blue-sky.com',
        'bluewidget.io',
      ]);
      expect((await search({ filters: { business_status: ['Price Upon Request'] } })).names).toEqual(['bluewidget.io']);
      expect((await search({ filters: { trade_options: ['3 Figures'] } })).names).toEqual(['widget24.net']);
      expect((await search({ filters: { extensions: ['co.uk'] } })).names).toEqual(['shop.co.uk']);
    });

    it('filters by price and character ranges', async () => {
      expect((await search({ filters: { priceRange: [10000, 100000] } })).names).toEqual(['blue-sky.com', 'bluewidget.io']);
      expect((await search({ filters: { priceRange: [0, 6000] } })).names).toEqual(
        expect.arrayContaining(['bluewidget.com', 'shop.co.uk']),
      );
      expect((await search({ filters: { priceRange: [0, 6000] } })).names).not.toContain('bluewidget.io');
      expect((await search({ filters: { characterRange: [0, 4] } })).names).toEqual(['shop.co.uk']);
      expect((await search({ filters: { characterRange: [12, 65] } })).names).toEqual(['longerwidgetname.com']);
    });

    it('excludes numbers, hyphens and IDNs', async () => {
      const all = (await search({})).names;
      expect(all).toContain('münchen.de');
      const none = (await search({ filters: { Exclude: ['Number', 'No Hyphens', 'IDN'] } })).names;
      expect(none).not.toContain('widget24.net');
      expect(none).not.toContain('blue-sky.com');
      expect(none).not.toContain('münchen.de');
      expect(none).toContain('bluewidget.com');
    });

    it('filters by starting and ending text', async () => {
      expect((await search({ filters: { starting_with: 'long' } })).names).toEqual(['longerwidgetname.com']);
      expect((await search({ filters: { ending_with: 'sky' } })).names).toEqual(['blue-sky.com']);
    });

    it('pages with limit and offset and reports the total', async () => {
      const first = await t.app.inject({ method: 'GET', url: '/api/domains/search/?limit=2&offset=0' });
      const second = await t.app.inject({ method: 'GET', url: '/api/domains/search/?limit=2&offset=2' });
      expect(json<Found[]>(first)).toHaveLength(2);
      expect(first.headers['x-total-count']).toBe('7');
      const overlap = json<Found[]>(first).filter((a) => json<Found[]>(second).some((b) => b.domain_name === a.domain_name));
      expect(overlap).toEqual([]);
    });

    it('orders text and filter results newest first and prefixes alphabetically', async () => {
      const inOrder = async (params: Record<string, string>) => {
        const res = await t.app.inject({ method: 'GET', url: `/api/domains/search/?${new URLSearchParams(params)}` });
        return json<{ id: number; domain_name: string }[]>(res);
      };
      const byText = await inOrder({ domain_name: 'widget' });
      expect(byText.map((d) => d.id)).toEqual([...byText.map((d) => d.id)].sort((a, b) => b - a));
      const all = await inOrder({});
      expect(all.map((d) => d.id)).toEqual([...all.map((d) => d.id)].sort((a, b) => b - a));
      expect((await inOrder({ domain_name: 'bl' })).map((d) => d.domain_name)).toEqual(['blue-sky.com', 'bluewidget.com', 'bluewidget.io']);
    });

    it('keeps the total on a page past the last result', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/domains/search/?domain_name=widget&limit=2&offset=10' });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual([]);
      expect(res.headers['x-total-count']).toBe('4');
      expect(res.headers['x-total-count-capped']).toBeUndefined();
    });

    it('treats SQL and FTS syntax as plain text', async () => {
      for (const text of [`widget' OR 1=1 --`, 'widget" OR "a', 'wid*', 'NEAR(widget)', '%', '_', '"', "'; DROP TABLE domains; --"]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/domains/search/?domain_name=${encodeURIComponent(text)}` });
        expect(res.statusCode, text).toBe(200);
      }
      expect((await search({ domain_name: '%' })).total).toBe(7);
    });

    it('takes empty and null extensions and filters as no filter', async () => {
      for (const empty of [{ extensions: '' }, { extensions: 'null' }, { filters: '' }, { filters: 'null' }, { extensions: 'null', filters: 'null' }]) {
        expect(await search(empty), JSON.stringify(empty)).toEqual(await search({}));
      }
      expect((await search({})).total).toBe(7);
      const nullWithText = await t.app.inject({ method: 'GET', url: '/api/domains/search/?domain_name=widget&extensions=null&filters=' });
      expect(nullWithText.statusCode).toBe(200);
      expect(nullWithText.headers['x-total-count']).toBe('4');
    });

    it('leaves out the price of a listing that keeps it private, in rows and in the public domain, but not for its owner', async () => {
      const rows = json<{ domain_name: string; id: number; seller_price: number | null; buyer_price: number | null; thoroughbred: boolean }[]>(
        await t.app.inject({ method: 'GET', url: '/api/domains/search/?domain_name=bluewidget' }),
      );
      const pur = rows.find((r) => r.domain_name === 'bluewidget.io');
      const buyNow = rows.find((r) => r.domain_name === 'bluewidget.com');
      expect(pur).toMatchObject({ seller_price: null, buyer_price: null, thoroughbred: true });
      expect(buyNow).toMatchObject({ seller_price: 5000, buyer_price: commissionSplit(5000).buyerTotal, thoroughbred: false });
      const enquire = json<{ domain_name: string; seller_price: number | null }[]>(await t.app.inject({ method: 'GET', url: '/api/domains/search/?domain_name=blue-sky' }));
      expect(enquire.find((r) => r.domain_name === 'blue-sky.com')?.seller_price).toBeNull();

      const detail = (token?: string) => t.app.inject({ method: 'GET', url: `/api/domains/${pur?.id}/`, headers: token ? bearer(token) : {} });
      expect(json(await detail())).toMatchObject({ seller_price: null, buyer_price: null, thoroughbred: true });
      const { token: stranger } = await registerUser(t.app);
      expect(json(await detail(stranger))).toMatchObject({ seller_price: null, buyer_price: null });
      expect(json(await detail(ownerToken))).toMatchObject({ seller_price: 75000, buyer_price: commissionSplit(75000).buyerTotal });
    });

    it('reads extensions sent as one comma-separated string as their list, as the original client does after a reload', async () => {
      const expected = (await search({ extensions: ['io', 'net'] })).names;
      expect(expected).toEqual(['bluewidget.io', 'widget24.net']);
      expect((await search({ extensions: JSON.stringify('io,net') })).names).toEqual(expected);
      expect((await search({ extensions: JSON.stringify(' io , net ,') })).names).toEqual(expected);
      expect((await search({ extensions: JSON.stringify('io') })).names).toEqual(['bluewidget.io']);
      expect((await search({ filters: { extensions: 'co.uk' } })).names).toEqual(['shop.co.uk']);
    });

    it('refuses malformed filter JSON and unknown filter values with 400', async () => {
      const bad = await t.app.inject({ method: 'GET', url: '/api/domains/search/?filters=%7Bnot-json' });
      expect(bad.statusCode).toBe(400);
      expect(json(bad)).toHaveProperty('filters');
      for (const malformed of ['extensions=%5B', 'extensions=nul', 'extensions=%5B1%5D', 'filters=%5B%5D', 'filters=0']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/domains/search/?${malformed}` });
        expect(res.statusCode, malformed).toBe(400);
      }
      const unknown = await t.app.inject({
        method: 'GET',
        url: `/api/domains/search/?filters=${encodeURIComponent(JSON.stringify({ business_status: ['Cheap'] }))}`,
      });
      expect(unknown.statusCode).toBe(400);
      const tooMany = await t.app.inject({ method: 'GET', url: '/api/domains/search/?limit=5000' });
      expect(tooMany.statusCode).toBe(400);
    });
  });

  describe(`domain search at its cap (${testDialect}, ${searchIndex} index)`, () => {
    let t: TestApp;
    const CAPPED = SEARCH_COUNT_CAP + 5;

    beforeAll(async () => {
      t = await createTestApp({ searchIndex });
      const { user } = await registerUser(t.app);
      const now = new Date().toISOString();
      const rows = Array.from({ length: CAPPED + 1 }, (_, i) => ({
        user_id: user.id,
        domain_name: `capped${i}.com`,
        domain_unicode: `capped${i}.com`,
        domain_label: `capped${i}`,
        domain_extension: 'com',
        label_length: `capped${i}`.length,
        has_digit: 1,
        has_hyphen: 0,
        is_idn: 0,
        created_at: now,
        updated_at: now,
      }));
      await insertDomains(t.db.kysely, rows.slice(0, CAPPED), t.db.dialect);
      await t.db.kysely.updateTable('domains').set({ status: 'approved' }).execute();
      // One more, listed but sold: never found.
      await insertDomains(t.db.kysely, rows.slice(CAPPED), t.db.dialect);
      await t.db.kysely.updateTable('domains').set({ status: 'approved', sale_status: 'sold' }).where('domain_name', '=', `capped${CAPPED}.com`).execute();
      await t.app.services.domains.searchReady();
    });
    afterAll(() => t.close());

    it.each([
      ['text', 'domain_name=capped'],
      ['a prefix', 'domain_name=ca'],
      ['filters only', `filters=${encodeURIComponent(JSON.stringify({ extensions: ['com'] }))}`],
    ])('stops counting at the cap for %s and pages up to it', async (_, query) => {
      const first = await t.app.inject({ method: 'GET', url: `/api/domains/search/?${query}&limit=50` });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['x-total-count']).toBe(String(SEARCH_COUNT_CAP));
      expect(first.headers['x-total-count-capped']).toBe('true');
      const last = await t.app.inject({ method: 'GET', url: `/api/domains/search/?${query}&limit=50&offset=${SEARCH_COUNT_CAP - 10}` });
      expect(json<unknown[]>(last)).toHaveLength(10);
      const names = [...json<Found[]>(first), ...json<Found[]>(last)].map((d) => d.domain_name);
      expect(names).not.toContain(`capped${CAPPED}.com`);
    });
  });
}
