import { asCents, asDollars, dealAmounts, type Finance, type ReconcileReport } from '@market/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pdnsSchemaOf } from '../dns/pdns-schema.js';
import { buildApp } from '../app.js';
import { adminToken, bearer, createMemoryMailer, openTestDatabase, testConfig, testDialect } from '../test/test-app.js';
import { migrateDown, migrateTo, migrateToLatest } from './migrate.js';
import { migrationsFor } from './migrations/index.js';
import { seedDemoData } from './seed.js';
import { DEMO_FREELANCERS } from './seed-freelancers.js';
import { countUsers, insertUser } from '../modules/auth/index.js';
import { describeDomain, importedDomain } from '../modules/domains/index.js';
import { type Db, nowIso } from './database.js';

/** The SuperAdmin that ADMIN_EMAIL creates before the demo seed runs. */
function insertAdmin(db: Db) {
  const now = nowIso();
  return insertUser(db.kysely, {
    email: 'admin@example.test',
    first_name: 'Ada',
    last_name: 'Admin',
    user_role: 'common',
    role: 2,
    password_hash: 'not used',
    country: null,
    authentication_label: null,
    created_at: now,
    updated_at: now,
  });
}

/** Undoes migrations, newest first, through `name` (later ones may stand after it). */
async function migrateDownThrough(db: Db, name: string) {
  for (;;) {
    const [result] = await migrateDown(db);
    if (!result || result.status !== 'Success') throw new Error(`could not undo migrations down to ${name}`);
    if (result.migrationName === name) return result;
  }
}

describe(`migrations (${testDialect})`, () => {
  it('go all the way down and up again', async () => {
    const { db, drop } = await openTestDatabase();
    try {
      const names = Object.keys(migrationsFor(db.dialect));
      for (let i = 0; i < names.length; i += 1) {
        const [result] = await migrateDown(db);
        expect(result?.status).toBe('Success');
      }
      // PostgreSQL introspection lists every schema; other test files run in their own.
      const tables = (await db.kysely.introspection.getTables())
        .filter((t) => db.dialect !== 'postgres' || t.schema === db.schema)
        .map((t) => t.name);
      expect(tables).not.toContain('users');
      const up = await migrateToLatest(db);
      expect(up.map((r) => r.migrationName)).toEqual(names);
      expect(await migrateToLatest(db)).toEqual([]);
    } finally {
      await drop();
    }
  });
});

describe(`demo seed (${testDialect})`, () => {
  it('fills an empty database once and leaves a used one alone', async () => {
    const { db, drop } = await openTestDatabase();
    try {
      expect(await seedDemoData(db)).toBe(true);
      const users = await countUsers(db.kysely);
      expect(users).toBeGreaterThan(0);
      const domains = await db.kysely.selectFrom('domains').select(['domain_unicode', 'status']).execute();
      expect(domains.length).toBeGreaterThan(10);
      expect(domains.some((d) => d.status === 'pending')).toBe(true);
      expect(domains.map((d) => d.domain_unicode)).toContain('münchen-reisen.de');
      // Published demo freelancers, with badges, for the directory and the home page.
      const freelancers = await db.kysely.selectFrom('freelancer_profiles').select(['published']).execute();
      expect(freelancers.length).toBeGreaterThanOrEqual(5);
      expect(freelancers.every((f) => f.published === 1)).toBe(true);
      const badges = await db.kysely.selectFrom('freelancer_badges').select('badge').execute();
      expect(badges.length).toBeGreaterThan(5);
      expect(await seedDemoData(db)).toBe(false);
      expect(await countUsers(db.kysely)).toBe(users);
    } finally {
      await drop();
    }
  });

  it('fills a marketplace whose only account is the SuperAdmin made at start', async () => {
    const { db, drop } = await openTestDatabase();
    try {
      await insertAdmin(db);
      expect(await seedDemoData(db)).toBe(true);
      const domains = await db.kysely.selectFrom('domains').select('id').execute();
      expect(domains.length).toBeGreaterThan(10);
      // The SuperAdmin, the four demo accounts, and the demo freelancers who are not one of them.
      expect(await countUsers(db.kysely)).toBe(5 + DEMO_FREELANCERS.filter((f) => f.email !== 'freelancer@demo.test').length);
    } finally {
      await drop();
    }
  });

  it('leaves a marketplace with listed domains alone', async () => {
    const { db, drop } = await openTestDatabase();
    try {
      const admin = await insertAdmin(db);
      const parts = describeDomain('owned-name.com');
      if (!parts) throw new Error('test name is not valid');
      await db.kysely.insertInto('domains').values(importedDomain(admin.id, parts, nowIso())).execute();
      expect(await seedDemoData(db)).toBe(false);
      expect(await countUsers(db.kysely)).toBe(1);
    } finally {
      await drop();
    }
  });
});

describe(`migration 0027, DNS zones (${testDialect})`, () => {
  it('creates PowerDNS’s tables apart from ours, and removes them again', async () => {
    const { db, drop } = await openTestDatabase();
    const records = sql.table(`${pdnsSchemaOf(db)}.records`);
    try {
      await migrateTo(db, '0027-dns-zones');
      await sql`INSERT INTO ${sql.table(`${pdnsSchemaOf(db)}.domains`)} (name, type) VALUES ('kept-apart.com', 'NATIVE')`.execute(db.kysely);
      expect((await sql<{ n: number }>`SELECT count(*) AS n FROM ${records}`.execute(db.kysely)).rows[0]?.n).toBe(0);
      // Our own domains table is untouched by theirs.
      expect((await db.kysely.selectFrom('domains').select('dns_landing').where('domain_name', '=', 'kept-apart.com').execute()).length).toBe(0);
      expect((await migrateDown(db))[0]?.migrationName).toBe('0027-dns-zones');
      await expect(sql`SELECT count(*) AS n FROM ${records}`.execute(db.kysely)).rejects.toThrow();
      await expect(db.kysely.selectFrom('dns_records').select('id').execute()).rejects.toThrow();
      await migrateToLatest(db);
      expect((await sql<{ n: number }>`SELECT count(*) AS n FROM ${records}`.execute(db.kysely)).rows[0]?.n).toBe(0);
    } finally {
      await drop();
    }
  });
});

describe(`migration 0024, change of hands (${testDialect})`, () => {
  it('passes names sold before it to their buyers and keeps pitches with the seller they were sent to', async () => {
    const { db, drop } = await openTestDatabase();
    const k = db.kysely;
    try {
      const undone = await migrateDownThrough(db, '0024-change-of-hands');
      expect(undone.migrationName).toBe('0024-change-of-hands');
      const now = nowIso();
      const person = (email: string) =>
        insertUser(k, { email, first_name: 'A', last_name: 'B', user_role: 'seller', password_hash: 'not used', country: null, authentication_label: null, created_at: now, updated_at: now });
      const [seller, buyer, founder, claimant] = [await person('s@x.test'), await person('b@x.test'), await person('f@x.test'), await person('c@x.test')];
      const addDomain = async (name: string) => {
        const parts = describeDomain(name);
        if (!parts) throw new Error('test name is not valid');
        await k
          .insertInto('domains')
          .values({ ...importedDomain(seller.id, parts, now), status: 'approved', sale_status: 'sold', seller_price: 5000, business_status: 'Buy Now', description: 'Mine' })
          .execute();
        return (await k.selectFrom('domains').select('id').where('domain_name', '=', name).executeTakeFirstOrThrow()).id;
      };
      const passed = await addDomain('sold-before.com');
      // Marked sold by an accepted offer, its order never completed: not the buyer's.
      const kept = await addDomain('sold-unpaid.com');
      const completedAt = '2025-05-02T10:00:00.000Z';
      const order = (domainId: number, status: string, completed: string | null) =>
        k
          .insertInto('purchase_orders')
          .values({ domain_id: domainId, buyer_id: buyer.id, seller_id: seller.id, ...dealAmounts(asDollars(5000)), status, completed_at: completed, created_at: now, updated_at: now })
          .execute();
      await order(passed, 'completed', completedAt);
      await order(kept, 'confirmed', null);
      await sql`INSERT INTO videos (domain_id, uploader_id, storage_key, file_name, content_type, size, status, created_at, updated_at)
        VALUES (${passed}, ${founder.id}, 'videos/x/pitch.mp4', 'pitch.mp4', 'video/mp4', 10, 'undecided', ${now}, ${now})`.execute(k);
      await k.insertInto('domain_claims').values({ domain_id: passed, user_id: claimant.id, created_at: now }).execute();
      await k
        .insertInto('domain_visits')
        .values([
          { domain_id: passed, day: '2025-05-01', referrer: '', visits: 3 },
          { domain_id: passed, day: '2025-05-02', referrer: '', visits: 2 },
        ])
        .execute();

      await migrateToLatest(db);
      const domains = await k.selectFrom('domains').selectAll().orderBy('id').execute();
      expect(domains.find((d) => d.id === passed)).toMatchObject({
        user_id: buyer.id,
        owned_since: completedAt,
        status: 'pending',
        sale_status: 'available',
        seller_price: 0,
        business_status: '',
        description: null,
      });
      expect(domains.find((d) => d.id === kept)).toMatchObject({ user_id: seller.id, owned_since: null, status: 'approved', sale_status: 'sold', seller_price: 5000 });
      expect(await k.selectFrom('videos').select(['seller_id']).execute()).toEqual([{ seller_id: seller.id }]);
      expect((await k.selectFrom('domain_claims').select('resolved_at').executeTakeFirstOrThrow()).resolved_at).not.toBeNull();
      // The visits of the day it was sold were the seller's page's.
      expect(await k.selectFrom('domain_visits').select('day').execute()).toEqual([{ day: '2025-05-01' }]);

      const down = await migrateDownThrough(db, '0024-change-of-hands');
      expect(down.status).toBe('Success');
      expect((await k.selectFrom('domains').select('user_id').where('id', '=', passed).executeTakeFirstOrThrow()).user_id).toBe(buyer.id);
    } finally {
      await drop();
    }
  });
});

describe(`migration 0023, the double-entry ledger (${testDialect})`, () => {
  it('carries the old ledger over: every item holds what its state says and every movement balances', async () => {
    const { db, drop } = await openTestDatabase();
    const k = db.kysely;
    try {
      await migrateDownThrough(db, '0024-change-of-hands');
      expect((await migrateDown(db))[0]?.migrationName).toBe('0023-escrow-ledger');
      const now = nowIso();
      const person = (email: string) =>
        insertUser(k, { email, first_name: 'A', last_name: 'B', user_role: 'seller', password_hash: 'not used', country: null, authentication_label: null, created_at: now, updated_at: now });
      const [seller, buyer] = [await person('old-s@x.test'), await person('old-b@x.test')];
      let n = 0;
      // An order as the old schema stored it: whole dollars beside the cents, and ledger rows by kind.
      const order = async (status: string, entries: [kind: string, cents: number][]) => {
        n += 1;
        const parts = describeDomain(`old-ledger-${n}.com`)!;
        await k.insertInto('domains').values({ ...importedDomain(seller.id, parts, now), status: 'approved' }).execute();
        const domain = await k.selectFrom('domains').select('id').where('domain_name', '=', parts.domain_name).executeTakeFirstOrThrow();
        const amounts = dealAmounts(asDollars(4000));
        await sql`INSERT INTO purchase_orders (domain_id, buyer_id, seller_id, price, commission, buyer_total, seller_net, status, price_cents, commission_cents,
            buyer_fee_cents, seller_fee_cents, buyer_total_cents, seller_net_cents, provider, payment_reference, created_at, updated_at)
          VALUES (${domain.id}, ${buyer.id}, ${seller.id}, 4000, 400, 4200, 3800, ${status}, ${amounts.price_cents}, ${amounts.commission_cents},
            ${amounts.buyer_fee_cents}, ${amounts.seller_fee_cents}, ${amounts.buyer_total_cents}, ${amounts.seller_net_cents}, 'manual', ${`DM-OLD-${n}`}, ${now}, ${now})`.execute(k);
        const { id } = await k.selectFrom('purchase_orders').select('id').where('payment_reference', '=', `DM-OLD-${n}`).executeTakeFirstOrThrow();
        for (const [kind, cents] of entries) {
          await sql`INSERT INTO ledger_entries (order_id, kind, amount_cents, reference, created_at) VALUES (${id}, ${kind}, ${cents}, ${`OLD-${n}-${kind}`}, ${now})`.execute(k);
        }
        return id;
      };
      const ids = {
        waiting: await order('awaiting_payment', []),
        paid: await order('paid', [['payment', 420_000]]),
        confirmed: await order('confirmed', [['payment', 420_000]]),
        completed: await order('completed', [['payment', 420_000], ['payout', 380_000], ['commission', 40_000]]),
        refundDue: await order('refund_due', [['payment', 420_000]]),
        refunded: await order('refunded', [['payment', 420_000], ['refund', 420_000]]),
      };

      await migrateToLatest(db);
      const app = await buildApp(testConfig(), { db, logger: false, mailer: createMemoryMailer() });
      try {
        const admin = await adminToken(app);
        const report = (await app.inject({ method: 'GET', url: '/api/admin/finance/reconcile/', headers: bearer(admin) })).json<ReconcileReport>();
        expect(report.checked_items).toBeGreaterThanOrEqual(6);
        expect(report.mismatches).toEqual([]);
        expect(report.unbalanced_movements).toEqual([]);
        const kinds = async (id: number) => (await k.selectFrom('ledger_movements').select('kind').where('item_kind', '=', 'order').where('item_id', '=', id).orderBy('id').execute()).map((m) => m.kind);
        expect(await kinds(ids.waiting)).toEqual([]);
        expect(await kinds(ids.confirmed)).toEqual(['payment', 'release']);
        expect(await kinds(ids.completed)).toEqual(['payment', 'release', 'payout_sent']);
        expect(await kinds(ids.refundDue)).toEqual(['payment', 'refund_owed']);
        expect(await kinds(ids.refunded)).toEqual(['payment', 'refund_owed', 'refund_sent']);
        const finance = (await app.inject({ method: 'GET', url: '/api/admin/finance/', headers: bearer(admin) })).json<Finance>();
        // Held: one order in escrow, one payout due (the net), one refund due.
        expect(finance.held_cents).toBe(420_000 + 380_000 + 420_000);
        expect(finance.payouts_due_cents).toBe(380_000);
        expect(finance.refunds_due_cents).toBe(420_000);
        expect(finance.period.commission_cents).toBe(40_000 * 2);
      } finally {
        await app.close();
      }
      // And back: the old ledger's rows again, from the movements.
      await migrateDownThrough(db, '0024-change-of-hands');
      expect((await migrateDown(db))[0]?.migrationName).toBe('0023-escrow-ledger');
      const back = await sql<{ kind: string; amount_cents: number }>`SELECT kind, amount_cents FROM ledger_entries WHERE order_id = ${ids.completed} ORDER BY id`.execute(k);
      expect(back.rows.map((r) => [r.kind, Number(r.amount_cents)])).toEqual([
        ['payment', 420_000],
        ['payout', 380_000],
        ['commission', 40_000],
      ]);
    } finally {
      await drop();
    }
  });
});

describe(`migration 0025, video moderation (${testDialect})`, () => {
  it("turns an admin's past review into moderation and gives the pitch back to its owner to answer", async () => {
    const { db, drop } = await openTestDatabase();
    const k = db.kysely;
    try {
      await migrateDownThrough(db, '0025-rough-video-moderation');
      const now = nowIso();
      const person = (email: string, role = 0) =>
        insertUser(k, { email, first_name: 'A', last_name: 'B', user_role: 'seller', role, password_hash: 'not used', country: null, authentication_label: null, created_at: now, updated_at: now });
      const [seller, founder, admin] = [await person('vs@x.test'), await person('vf@x.test'), await person('va@x.test', 2)];
      const parts = describeDomain('pitched-before.com');
      if (!parts) throw new Error('test name is not valid');
      await k.insertInto('domains').values({ ...importedDomain(seller.id, parts, now), status: 'approved' }).execute();
      const domainId = (await k.selectFrom('domains').select('id').where('domain_name', '=', 'pitched-before.com').executeTakeFirstOrThrow()).id;
      const pitch = (file: string, status: string, reviewer: number | null) =>
        sql`INSERT INTO videos (domain_id, uploader_id, seller_id, storage_key, file_name, content_type, size, status, reviewed_by, reviewed_at, created_at, updated_at)
          VALUES (${domainId}, ${founder.id}, ${seller.id}, ${`videos/x/${file}`}, ${file}, 'video/mp4', 10, ${status}, ${reviewer}, ${reviewer ? now : null}, ${now}, ${now})`.execute(k);
      await pitch('by-admin.mp4', 'accepted', admin.id);
      await pitch('denied-by-admin.mp4', 'declined', admin.id);
      await pitch('by-owner.mp4', 'declined', seller.id);

      await migrateToLatest(db);
      const rows = await k.selectFrom('videos').select(['file_name', 'status', 'moderation', 'reviewed_by', 'moderated_by']).orderBy('id').execute();
      expect(rows).toEqual([
        { file_name: 'by-admin.mp4', status: 'undecided', moderation: 'approved', reviewed_by: null, moderated_by: admin.id },
        { file_name: 'denied-by-admin.mp4', status: 'undecided', moderation: 'denied', reviewed_by: null, moderated_by: admin.id },
        { file_name: 'by-owner.mp4', status: 'declined', moderation: 'new', reviewed_by: seller.id, moderated_by: null },
      ]);
      // The owner has the admin-approved pitch to answer again; the denied one stays hidden from them.
      expect((await k.selectFrom('domains').select('video_pitch_leads').where('id', '=', domainId).executeTakeFirstOrThrow()).video_pitch_leads).toBe(1);
    } finally {
      await drop();
    }
  });
});

describe(`migration 0026, review aggregates from the reviews (${testDialect})`, () => {
  it('replaces figures no review backs with the ones the clients’ reviews make', async () => {
    const { db, drop } = await openTestDatabase();
    const k = db.kysely;
    try {
      await migrateDownThrough(db, '0026-review-aggregates');
      const now = nowIso();
      const person = (email: string, role: 'freelancer' | 'buyer') =>
        insertUser(k, { email, first_name: 'A', last_name: 'B', user_role: role, password_hash: 'not used', country: null, authentication_label: null, created_at: now, updated_at: now });
      const [unbacked, reviewed, client] = [await person('u@x.test', 'freelancer'), await person('r@x.test', 'freelancer'), await person('c@x.test', 'buyer')];
      for (const f of [unbacked, reviewed]) {
        await k.insertInto('freelancer_profiles').values({ user_id: f.id, completed_engagements: 12, rating: 4.9, created_at: now, updated_at: now }).execute();
      }
      for (const stars of [5, 4]) {
        const e = await k
          .insertInto('engagements')
          .values({ client_id: client.id, freelancer_id: reviewed.id, title: 'Work', brief: 'Work.', budget_cents: asCents(1000), deadline: '2026-01-01', status: 'active', commission_percent: 10, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await k.insertInto('engagement_reviews').values({ engagement_id: e.id, author_id: client.id, subject_id: reviewed.id, author_role: 'client', stars, body: 'Fine.', created_at: now }).execute();
      }

      await migrateToLatest(db);
      const figures = async (id: number) => k.selectFrom('freelancer_profiles').select(['completed_engagements', 'rating']).where('user_id', '=', id).executeTakeFirstOrThrow();
      expect(await figures(unbacked.id)).toEqual({ completed_engagements: 0, rating: null });
      expect(await figures(reviewed.id)).toEqual({ completed_engagements: 2, rating: 4.5 });

      expect(await migrateDownThrough(db, '0026-review-aggregates')).toMatchObject({ migrationName: '0026-review-aggregates', status: 'Success' });
      expect(await figures(reviewed.id)).toEqual({ completed_engagements: 2, rating: 4.5 });
    } finally {
      await drop();
    }
  });
});
