import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDialect } from '../test/test-app.js';
import { migrateDown, migrateToLatest } from './migrate.js';
import { migrationsFor } from './migrations/index.js';
import { seedDemoData } from './seed.js';
import { countUsers } from '../modules/auth/users.repository.js';

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
      expect(await seedDemoData(db)).toBe(false);
      expect(await countUsers(db.kysely)).toBe(users);
    } finally {
      await drop();
    }
  });
});
