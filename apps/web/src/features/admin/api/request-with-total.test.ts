import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { mockFetch } from '@/testing/mock-fetch';
import { signIn } from '@/testing/test-utils';
import { mockAdminApi } from '../testing/fixtures';
import { getUsers } from './get-users';
import { getWithTotal } from './request-with-total';

describe('getWithTotal', () => {
  it('sends the token and reads X-Total-Count', async () => {
    signIn(undefined, 'admin-token');
    const { requests } = mockAdminApi({ 'GET /api/domains/users/': { body: [] } }, { 'GET /api/domains/users/': 42 });
    await expect(getWithTotal('/api/domains/users/', { page: 2, search: undefined })).resolves.toEqual({ data: [], total: 42 });
    expect(requests[0]?.path).toBe('/api/domains/users/?page=2');
    expect(requests[0]?.headers.Authorization).toBe('Token admin-token');
  });

  it('falls back to the page length without the header', async () => {
    mockFetch({ 'GET /api/domains/users/': { body: [] } });
    await expect(getUsers(1, '')).resolves.toEqual({ users: [], total: 0 });
  });

  it('throws ApiError with the detail, and a 401 ends the session', async () => {
    signIn(undefined, 'stale');
    mockFetch({ 'GET /api/domains/users/': { status: 401, body: { detail: 'Invalid token.' } } });
    const failure = getWithTotal('/api/domains/users/', {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Invalid token.' });
    expect(authStore.getToken()).toBeNull();
  });
});
