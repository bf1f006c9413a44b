import { AdminRole } from '@market/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, registerUser, type TestApp, testDialect } from '../../test/test-app.js';

describe(`first SuperAdmin (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates the account when it does not exist, able to sign in', async () => {
    const admin = await t.app.services.auth.ensureSuperAdmin('Boss@Example.com', 'admin password 1');
    expect(admin.role).toBe(AdminRole.SuperAdmin);
    expect(admin.email).toBe('boss@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { username: 'boss@example.com', password: 'admin password 1' },
    });
    expect(json(res)).toMatchObject({ user: { role: 2 } });
  });

  it('promotes an existing account', async () => {
    const { user } = await registerUser(t.app);
    const promoted = await t.app.services.auth.ensureSuperAdmin(user.email, 'new admin password');
    expect(promoted.id).toBe(user.id);
    expect(promoted.role).toBe(AdminRole.SuperAdmin);
  });
});
