import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDialect } from '../test/test-app.js';
import { migrateDown, migrateToLatest } from './migrate.js';
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
