import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, registerUser, type TestApp } from '../../test/test-app.js';

describe('where to write to us', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ supportEmail: 'help@market.test' });
  });
  afterAll(() => t.close());

  it('tells every visitor the support address, signed in or not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site/contact/' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ support_email: 'help@market.test' });
  });

  it('puts the support address under every e-mail', async () => {
    const { user } = await registerUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/reset-password/', payload: { email: user.email } });
    await t.drainMail();
    const mail = t.mailer.sent.find((m) => m.to === user.email);
    expect(mail?.text).toMatch(/\n--\nQuestions\? Write to us at help@market\.test\.$/);
  });
});
