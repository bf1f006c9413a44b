import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, json, registerUser, type TestApp, testDialect } from '../../test/test-app.js';

describe(`sellers are told when their domains are approved or declined (${testDialect})`, () => {
  let t: TestApp;
  let admin = '';

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  async function sellerWith(names: string[], fields: { first_name?: string } = {}) {
    const seller = await registerUser(t.app, fields);
    await t.app.inject({ method: 'POST', url: '/api/domains/', headers: bearer(seller.token), payload: { domain_list: names.join('\n') } });
    const { domains } = json<{ domains: { id: number; domain_name: string }[] }>(await t.app.inject({ method: 'GET', url: '/api/domains/?limit=1000', headers: bearer(seller.token) }));
    return { ...seller, ids: domains.map((d) => d.id) };
  }
  const inbox = async (token: string) =>
    json<{ category: string; message: string; link: string }[]>(await t.app.inject({ method: 'GET', url: '/api/domains/notifications/?limit=200', headers: bearer(token) })).filter(
      (n) => n.category === 'domain-review',
    );
  const mailTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);

  it('tells each seller once per bulk approval, with how many of their domains it covered', async () => {
    const many = await sellerWith(Array.from({ length: 40 }, (_, i) => `bulk-review-${i}.com`));
    const one = await sellerWith(['single-review.io']);
    const res = await t.app.inject({ method: 'POST', url: '/api/domains/admin/approval/', headers: bearer(admin), payload: { ids: [...many.ids, ...one.ids], action: 'approve' } });
    expect(json(res)).toEqual({ updated: 41 });
    await t.drainMail();

    const manyNotices = await inbox(many.token);
    expect(manyNotices).toHaveLength(1);
    expect(manyNotices[0]?.message).toMatch(/^40 of your domains are approved \(bulk-review-0\.com, bulk-review-9\.com and 38 more\)/);
    expect(manyNotices[0]?.link).toBe('/portfolio');
    const manyMail = mailTo(many.user.email);
    expect(manyMail).toHaveLength(1);
    expect(manyMail[0]?.subject).toBe('40 of your domains are approved');

    expect((await inbox(one.token)).map((n) => n.message)).toEqual(['single-review.io is approved: it is now listed in search and on its landing page.']);
    expect(mailTo(one.user.email).map((m) => m.subject)).toEqual(['Your domain single-review.io is approved']);

    // Approving again changes nothing, so it tells no one again.
    await t.app.inject({ method: 'POST', url: '/api/domains/admin/approval/', headers: bearer(admin), payload: { ids: one.ids, action: 'approve' } });
    await t.drainMail();
    expect(await inbox(one.token)).toHaveLength(1);
    expect(mailTo(one.user.email)).toHaveLength(1);
  });

  it('tells a seller their domain was declined, and keeps to the in-app notice when they turned e-mail off', async () => {
    const seller = await sellerWith(['declined-review.net']);
    const quiet = await t.app.inject({ method: 'PUT', url: '/api/auth/user/', headers: bearer(seller.token), payload: { notify_email: false } });
    expect(quiet.statusCode).toBe(200);
    const [id] = seller.ids;
    const res = await t.app.inject({ method: 'POST', url: `/api/domains/admin/approval/${id}/`, headers: bearer(admin), payload: { action: 'deny' } });
    expect(res.statusCode).toBe(200);
    await t.drainMail();
    const notices = await inbox(seller.token);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toMatch(/^declined-review\.net was declined, so it is not listed\./);
    expect(mailTo(seller.user.email)).toEqual([]);
  });
});
