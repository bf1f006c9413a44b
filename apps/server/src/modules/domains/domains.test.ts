import { apiErrors, domainMessages as dm, MAX_UPLOAD_BYTES } from '@market/shared';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDomain } from './domain-name.js';
import { pdnsSchemaOf } from '../../dns/pdns-schema.js';
import { createZoneWriter } from '../../dns/zones.js';
import { createDomainsService } from './domains.service.js';
import {
  adminToken,
  bearer,
  createTestApp,
  json,
  multipartBody,
  registerUser,
  type TestApp,
  RELAXED_LIMITS,
  testDialect, errorOf } from '../../test/test-app.js';

type Domain = Record<string, unknown> & { id: number; domain_name: string; status: string };

describe(`domains API (${testDialect})`, () => {
  let t: TestApp;
  let seller: { token: string; user: { id: number } };
  let other: { token: string; user: { id: number } };
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    seller = await registerUser(t.app);
    other = await registerUser(t.app);
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const importText = (token: string, domain_list: string) =>
    t.app.inject({ method: 'POST', url: '/api/domains/', headers: bearer(token), payload: { domain_list } });
  const importFile = (token: string, parts: Parameters<typeof multipartBody>[0]) => {
    const { payload, headers } = multipartBody(parts);
    return t.app.inject({ method: 'POST', url: '/api/domains/', headers: { ...headers, ...bearer(token) }, payload });
  };
  const portfolio = async (token: string) =>
    json<{ domains: Domain[]; count: number }>(await t.app.inject({ method: 'GET', url: '/api/domains/?page=1&limit=1000', headers: bearer(token) }));
  const byName = async (token: string, name: string) => (await portfolio(token)).domains.find((d) => d.domain_name === name);
  const approve = (id: number) =>
    t.app.inject({ method: 'POST', url: `/api/domains/admin/approval/${id}/`, headers: bearer(admin), payload: { action: 'approve' } });

  describe('import', () => {
    it('imports a pasted list, normalised, and reports names already there', async () => {
      const res = await importText(seller.token, 'Alpha-One.com, beta.co.uk\nMünchen.de  alpha-one.com');
      expect(res.statusCode).toBe(201);
      expect(json(res)).toEqual({ created: ['alpha-one.com', 'beta.co.uk', 'xn--mnchen-3ya.de'], existing_domains: [] });
      const again = await importText(seller.token, 'beta.co.uk gamma.io');
      expect(json(again)).toEqual({ created: ['gamma.io'], existing_domains: ['beta.co.uk'] });
      const d = await byName(seller.token, 'münchen.de');
      expect(d).toMatchObject({ domain_ascii: 'xn--mnchen-3ya.de', domain_extension: 'de', status: 'pending', is_approved: false });
      expect(await byName(seller.token, 'beta.co.uk')).toMatchObject({ domain_extension: 'co.uk' });
    });

    it('imports a csv with a title row, a txt file and an xlsx sheet', async () => {
      const csv = await importFile(seller.token, { file: { name: 'export.csv', data: 'Domain Name,Price\nCsv-One.com,100\n,\n"csv-two.net",200\n' } });
      expect(json(csv)).toEqual({ created: ['csv-one.com', 'csv-two.net'], existing_domains: [] });

      const txt = await importFile(seller.token, { domain_list: 'paste-one.org', file: { name: 'list.txt', data: 'txt-one.org\ntxt-two.org\n' } });
      expect(json(txt)).toEqual({ created: ['paste-one.org', 'txt-one.org', 'txt-two.org'], existing_domains: [] });

      const sheet = XLSX.utils.aoa_to_sheet([['domain'], ['xlsx-one.com'], ['', 'xlsx-two.com']]);
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
      const data = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
      const xlsx = await importFile(seller.token, { file: { name: 'names.xlsx', data } });
      expect(json(xlsx)).toEqual({ created: ['xlsx-one.com', 'xlsx-two.com'], existing_domains: [] });
    });

    it('refuses the whole import when one name has a special character, with the shared message', async () => {
      const before = (await portfolio(seller.token)).count;
      const res = await importText(seller.token, 'fine-name.com, bad$name.com, also-fine.com');
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ detail: dm.importSpecialCharacters, invalid: ['bad$name.com'], invalid_count: 1 });
      expect((await portfolio(seller.token)).count).toBe(before);
    });

    it('refuses invalid names, unknown suffixes and names over 253 characters, writing nothing', async () => {
      const long = `${'a'.repeat(60)}.`.repeat(5) + 'com';
      const res = await importText(seller.token, `ok-name.com -leading.com nodot ${long} name.invalidtld`);
      expect(res.statusCode).toBe(400);
      const body = json<{ detail: string; invalid: string[] }>(res);
      // One sentence per kind of problem: the name without an extension, then the others.
      expect(body.detail).toBe(`${dm.importMissingExtension} ${dm.importInvalidNames}`);
      expect(body.invalid).toEqual(expect.arrayContaining(['-leading.com', 'nodot', long, 'name.invalidtld']));
      expect(await byName(seller.token, 'ok-name.com')).toBeUndefined();
    });

    it('refuses an empty import', async () => {
      const res = await importText(seller.token, ' , \n ');
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({ domain_list: [dm.importEmpty] });
    });

    it('refuses a file over 2 MB with the shared message naming it', async () => {
      const res = await importFile(seller.token, { file: { name: 'huge.txt', data: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 'a') } });
      expect(res.statusCode).toBe(413);
      expect(errorOf(res)).toEqual({ file: [dm.fileTooLarge('huge.txt')] });
    });

    it('refuses a multipart body cut off before its end with a 400 saying so, importing nothing', async () => {
      const head = '--bnd\r\nContent-Disposition: form-data; name="file"; filename="list.txt"\r\nContent-Type: text/plain\r\n\r\n';
      const field = '--bnd\r\nContent-Disposition: form-data; name="domain_list"\r\n\r\ncut-field.com\r\n';
      const cutField = '--bnd\r\nContent-Disposition: form-data; name="domain_list"\r\n\r\ncut-five.com cut-si';
      const cuts = [
        `${head}cut-one.com\ncut-two.com\n`,
        `${field}${head}cut-three.com\n`,
        `${head}cut-four.com\r\n--bn`,
        // Cut inside a field or between parts: the parser ends the form quietly there.
        cutField,
        `${field}--bnd\r\nContent-Disposition: form-data; name="note"\r\n\r\nhal`,
        field,
      ];
      for (const payload of cuts) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/domains/',
          headers: { ...bearer(seller.token), 'content-type': 'multipart/form-data; boundary=bnd' },
          payload,
        });
        expect(res.statusCode, payload).toBe(400);
        expect(errorOf(res), payload).toEqual({ detail: apiErrors.uploadIncomplete });
      }
      expect((await portfolio(seller.token)).domains.filter((d) => d.domain_name.startsWith('cut-'))).toEqual([]);
    });

    it('refuses binary junk and unsupported file types', async () => {
      const junk = await importFile(seller.token, { file: { name: 'junk.txt', data: Buffer.from([0, 1, 2, 255, 0, 7]) } });
      expect(junk.statusCode).toBe(400);
      expect(errorOf(junk)).toEqual({ file: [dm.importUnreadableFile] });
      const pdf = await importFile(seller.token, { file: { name: 'list.pdf', data: '%PDF-1.4' } });
      expect(errorOf(pdf)).toEqual({ file: [dm.importUnsupportedFile] });
    });

    it("reports another seller's name as existing and flags the claim for review", async () => {
      await importText(seller.token, 'contested.com');
      const res = await importText(other.token, 'contested.com fresh-other.com');
      expect(json(res)).toEqual({ created: ['fresh-other.com'], existing_domains: ['contested.com'] });
      const claims = await t.db.kysely.selectFrom('domain_claims').selectAll().where('user_id', '=', other.user.id).execute();
      expect(claims).toHaveLength(1);
      expect(await byName(other.token, 'contested.com')).toBeUndefined();
    });

    it('answers sellers racing for the same names as a single import would: one owner, the rest existing with a claim', async () => {
      const sellers = await Promise.all(Array.from({ length: 5 }, () => registerUser(t.app)));
      const names = Array.from({ length: 10 }, (_, i) => `race-${i}.com`);
      const requests = sellers.flatMap((s) => names.map((name) => ({ seller: s, name })));
      const answers = await Promise.all(
        requests.map(async ({ seller: s, name }) => ({ seller: s, name, res: await importText(s.token, name) })),
      );

      expect(answers.filter((a) => a.res.statusCode !== 201).map((a) => `${a.res.statusCode} ${a.res.body}`)).toEqual([]);
      for (const name of names) {
        const mine = answers.filter((a) => a.name === name).map((a) => ({ user: a.seller.user.id, body: json(a.res) }));
        const winners = mine.filter((a) => (a.body.created as string[]).length === 1);
        expect(winners.map((w) => w.body)).toEqual([{ created: [name], existing_domains: [] }]);
        const losers = mine.filter((a) => a !== winners[0]);
        for (const l of losers) expect(l.body).toEqual({ created: [], existing_domains: [name] });

        const row = await t.db.kysely.selectFrom('domains').select(['id', 'user_id']).where('domain_name', '=', name).executeTakeFirstOrThrow();
        expect(row.user_id).toBe(winners[0]?.user);
        const claims = await t.db.kysely.selectFrom('domain_claims').select('user_id').where('domain_id', '=', row.id).execute();
        expect(claims.map((c) => c.user_id).sort((a, b) => a - b)).toEqual(losers.map((l) => l.user).sort((a, b) => a - b));
      }
    });

    it('requires sign-in', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/domains/', payload: { domain_list: 'x.com' } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('edit and delete', () => {
    let id: number;
    beforeAll(async () => {
      await importText(seller.token, 'editable.com deletable.com');
      id = (await byName(seller.token, 'editable.com'))?.id ?? 0;
    });
    const put = (token: string, payload: Record<string, unknown>, domainId = id) =>
      t.app.inject({ method: 'PUT', url: `/api/domains/${domainId}/`, headers: bearer(token), payload });

    it('saves prices and options and computes the buyer price', async () => {
      const res = await put(seller.token, {
        domain_name: 'editable.com',
        seller_price: '25000',
        min_offer: 15000,
        business_status: 'Price Upon Request',
        trade_switch: 'Yes',
        trade_option: '4 Figures',
        startup_breeders_switch: 'Yes',
        startup_breeders: 'Pitch to Us',
      });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({
        seller_price: 25000,
        buyer_price: 26250,
        min_offer: 15000,
        trade_switch: 'Yes',
        trade_option: '4 Figures',
        startup_breeders_switch: 'Yes',
        business_status_label: 'Price Upon Request',
      });
    });

    it('answers bad values with the shared messages and changes nothing', async () => {
      const res = await put(seller.token, { seller_price: '-5', min_offer: 'abc', trade_switch: 'Yes', trade_option: null });
      expect(res.statusCode).toBe(400);
      // A minus sign is not 'no price': the answer says the price must be positive.
      expect(errorOf(res)).toEqual({
        seller_price: [dm.priceNegative],
        min_offer: [dm.minOfferInvalid],
        trade_option: [dm.tradeOptionRequired],
      });
      expect(await byName(seller.token, 'editable.com')).toMatchObject({ seller_price: 25000 });
      const blank = await put(seller.token, { domain_name: '' });
      expect(errorOf(blank)).toEqual({ domain_name: [dm.nameRequired] });
      const renamed = await put(seller.token, { domain_name: 'other.com' });
      expect(renamed.statusCode).toBe(400);
    });

    it('enforces Buy Now under $10,000', async () => {
      const res = await put(seller.token, { seller_price: 5000, min_offer: 0, business_status: 'Enquire' });
      expect(errorOf(res)).toEqual({ business_status: [dm.buyNowRequired] });
      const ok = await put(seller.token, { seller_price: 5000, min_offer: 0, business_status: 'Buy Now' });
      expect(ok.statusCode).toBe(200);
    });

    it("refuses another user's edit and delete with 403", async () => {
      expect((await put(other.token, { seller_price: 1 })).statusCode).toBe(403);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/domains/${id}/`, headers: bearer(other.token) });
      expect(del.statusCode).toBe(403);
      expect(errorOf(del)).toEqual({ detail: apiErrors.permissionDenied });
    });

    it('deletes the owner’s domain', async () => {
      const target = (await byName(seller.token, 'deletable.com'))?.id;
      const res = await t.app.inject({ method: 'DELETE', url: `/api/domains/${target}/`, headers: bearer(seller.token) });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(await byName(seller.token, 'deletable.com')).toBeUndefined();
      const again = await t.app.inject({ method: 'DELETE', url: `/api/domains/${target}/`, headers: bearer(seller.token) });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('approval gate', () => {
    it('keeps pending domains out of public view until an admin approves them', async () => {
      await importText(seller.token, 'gatekeeper-test.com');
      const d = (await byName(seller.token, 'gatekeeper-test.com')) as Domain;
      const search = () => t.app.inject({ method: 'GET', url: '/api/domains/search/?domain_name=gatekeeper' });
      expect(json<Domain[]>(await search())).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: `/api/domains/${d.id}` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/domains/${d.id}`, headers: bearer(other.token) })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/domains/${d.id}`, headers: bearer(seller.token) })).statusCode).toBe(200);

      const queue = json<Domain[]>(await t.app.inject({ method: 'GET', url: '/api/domains/admin/approval/?limit=1000', headers: bearer(admin) }));
      expect(queue.map((q) => q.id)).toContain(d.id);
      const res = await approve(d.id);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ status: 'approved', is_approved: true });

      const found = json<Domain[]>(await search());
      expect(found.map((f) => f.domain_name)).toEqual(['gatekeeper-test.com']);
      expect(found[0]).not.toHaveProperty('ns_status');
      expect(JSON.stringify(found[0])).not.toContain('@');
      expect((await t.app.inject({ method: 'GET', url: `/api/domains/${d.id}` })).statusCode).toBe(200);
    });

    it('lets only admins review, in bulk too', async () => {
      await importText(seller.token, 'bulk-a.com bulk-b.com');
      const ids = (await portfolio(seller.token)).domains.filter((d) => d.domain_name.startsWith('bulk-')).map((d) => d.id);
      const asUser = await t.app.inject({ method: 'POST', url: '/api/domains/admin/approval/', headers: bearer(seller.token), payload: { ids, action: 'approve' } });
      expect(asUser.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/domains/admin/approval/' })).statusCode).toBe(401);
      const bulk = await t.app.inject({ method: 'POST', url: '/api/domains/admin/approval/', headers: bearer(admin), payload: { ids, action: 'deny' } });
      expect(json(bulk)).toEqual({ updated: 2 });
      expect(await byName(seller.token, 'bulk-a.com')).toMatchObject({ status: 'denied', status_label: 'Denied' });
      const bad = await t.app.inject({ method: 'POST', url: '/api/domains/admin/approval/', headers: bearer(admin), payload: { ids: [], action: 'maybe' } });
      expect(bad.statusCode).toBe(400);
    });
  });

  // Its own app: these lists would crowd the approval queue the other tests read.
  describe('large imports', () => {
    let big: TestApp;
    let bigSeller: { token: string; user: { id: number } };
    let bigOther: { token: string; user: { id: number } };
    beforeAll(async () => {
      big = await createTestApp();
      bigSeller = await registerUser(big.app);
      bigOther = await registerUser(big.app);
    });
    afterAll(() => big.close());
    const importBig = (token: string, domain_list: string) =>
      big.app.inject({ method: 'POST', url: '/api/domains/', headers: bearer(token), payload: { domain_list } });
    const importBigFile = (token: string, parts: Parameters<typeof multipartBody>[0]) => {
      const { payload, headers } = multipartBody(parts);
      return big.app.inject({ method: 'POST', url: '/api/domains/', headers: { ...headers, ...bearer(token) }, payload });
    };

    it('imports a list larger than one write batch with the same answer and rows as a small one', async () => {
      const taken = ['big-taken-a.com', 'big-taken-b.net'];
      await importBig(bigOther.token, taken.join(' '));
      await importBig(bigSeller.token, 'big-mine.org');
      // Not in name order, with a duplicate, an IDN, and names already owned spread through it.
      const fresh = Array.from({ length: 24_000 }, (_, i) => `big-${((i * 7919) % 24_000).toString(36)}.${['com', 'co.uk', 'io'][i % 3]}`);
      const list = [...fresh.slice(0, 9_000), taken[0], 'Bücher-big.de', ...fresh.slice(9_000, 20_000), 'big-mine.org', fresh[5], ...fresh.slice(20_000), taken[1]];
      const res = await importBigFile(bigSeller.token, { file: { name: 'big.txt', data: list.join('\n') } });
      expect(res.statusCode).toBe(201);
      const body = json<{ created: string[]; existing_domains: string[] }>(res);
      expect(body.created).toEqual([...fresh.slice(0, 9_000), 'xn--bcher-big-q9a.de', ...fresh.slice(9_000)]);
      expect(body.existing_domains).toEqual([taken[0], 'big-mine.org', taken[1]]);

      const rows = await big.db.kysely
        .selectFrom('domains')
        .select(['domain_name', 'domain_unicode', 'domain_label', 'domain_extension', 'label_length', 'has_digit', 'has_hyphen', 'is_idn', 'user_id', 'status'])
        .where('user_id', '=', bigSeller.user.id)
        .where('domain_name', 'in', ['xn--bcher-big-q9a.de', fresh[0]!, fresh[23_999]!])
        .orderBy('domain_name')
        .execute();
      const expected = (name: string) => {
        const p = describeDomain(name)!;
        return { ...p, has_digit: Number(p.has_digit), has_hyphen: Number(p.has_hyphen), is_idn: Number(p.is_idn), user_id: bigSeller.user.id, status: 'pending' };
      };
      expect(rows).toEqual(['xn--bcher-big-q9a.de', fresh[0]!, fresh[23_999]!].sort().map(expected));
      const { n } = await big.db.kysely.selectFrom('domains').select((eb) => eb.fn.countAll<number>().as('n')).where('domain_name', 'like', 'big-%').executeTakeFirstOrThrow();
      expect(Number(n)).toBe(24_000 + 3);
      const claims = await big.db.kysely
        .selectFrom('domain_claims as c')
        .innerJoin('domains as d', 'd.id', 'c.domain_id')
        .select('d.domain_name')
        .where('c.user_id', '=', bigSeller.user.id)
        .where('d.domain_name', 'in', [...taken, 'big-mine.org'])
        .execute();
      expect(claims.map((c) => c.domain_name).sort()).toEqual(taken);
    });

    it('lets other work run while it checks and writes a large list', async () => {
      const service = createDomainsService(big.db, createZoneWriter({ nameservers: [], pdnsSchema: pdnsSchemaOf(big.db) }));
      const user = await big.db.kysely.selectFrom('users').selectAll().where('id', '=', bigSeller.user.id).executeTakeFirstOrThrow();
      const names = Array.from({ length: 20_000 }, (_, i) => `turns-${i}.com`).join('\n');
      let turns = 0;
      let importing = true;
      const count = () => {
        if (!importing) return;
        turns += 1;
        setImmediate(count);
      };
      setImmediate(count);
      const result = await service.importDomains({ user, sessionId: 0 }, undefined, { filename: 'turns.txt', data: Buffer.from(names) });
      importing = false;
      expect(result.created).toHaveLength(20_000);
      expect(turns).toBeGreaterThan(1);
    });

  });

  describe('import rate limit', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ rateLimits: { ...RELAXED_LIMITS, importsPerMinutePerUser: 2 } });
    });
    afterAll(() => limited.close());
    const post = (token: string, domain_list: string) =>
      limited.app.inject({ method: 'POST', url: '/api/domains/', headers: bearer(token), payload: { domain_list } });

    it('refuses a user\'s imports over the limit with 429 and a message, counting each user apart', async () => {
      const [first, second] = [await registerUser(limited.app), await registerUser(limited.app)];
      expect((await post(first.token, 'limit-a.com')).statusCode).toBe(201);
      expect((await post(first.token, 'limit-b.com')).statusCode).toBe(201);

      const refused = await post(first.token, 'limit-c.com');
      expect(refused.statusCode).toBe(429);
      const retry = Number(refused.headers['retry-after']);
      expect(retry).toBeGreaterThan(0);
      expect(errorOf(refused)).toEqual({ detail: dm.importsThrottled(2, retry) });
      const written = await limited.db.kysely.selectFrom('domains').select('domain_name').where('domain_name', '=', 'limit-c.com').execute();
      expect(written).toEqual([]);

      // Every request here comes from one address: the other user's count is their own.
      expect((await post(second.token, 'limit-d.com')).statusCode).toBe(201);
    });
  });
});
