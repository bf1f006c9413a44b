import type { SponsoredHeadline } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SELLER_EMAIL, seedDemoData } from '../../db/seed.js';
import { expectLedgerBalanced } from '../../test/deals-support.js';
import { adminToken, createTestApp, json, type TestApp } from '../../test/test-app.js';
import { seedDemoHeadlines } from './demo-headlines.js';

describe('the demo’s sponsored headlines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are paid for by the seed, so a fresh demo’s home page shows domains, and the books still balance', async () => {
    expect(await seedDemoData(t.db)).toBe(true);
    expect(await seedDemoHeadlines(t.db, t.app.services.sponsored, DEMO_SELLER_EMAIL)).toBe(3);
    const running = json<SponsoredHeadline[]>(await t.app.inject({ method: 'GET', url: '/api/domains/sponsored-headlines/' }));
    expect(new Set(running.map((h) => h.category_obj.name))).toEqual(new Set(['Buy Now', 'Trade Domains', 'Startup Breeders']));
    await expectLedgerBalanced(t, await adminToken(t.app));
  });
});
