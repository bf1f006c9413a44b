import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { signIn } from '@/testing/test-utils';
import { api, ApiError } from './api-client';
import { authStore } from './auth-store';
import { requestTracker } from './request-tracker';

describe('api client', () => {
  it('sends the token scheme header on authenticated calls', async () => {
    signIn(undefined, 'abc123');
    const { requests } = mockFetch({ 'GET /api/auth/user/': { body: { id: 1 } } });
    await api.get('/api/auth/user/');
    expect(requests[0]?.headers.Authorization).toBe('Token abc123');
  });

  it('fetches a file as a Blob with the token, and reads a refusal as an ApiError', async () => {
    signIn(undefined, 'abc123');
    const { requests } = mockFetch({
      'GET /api/admin/finance/orders.csv': (request) =>
        request.path.includes('status=paid') ? { body: 'order,domain' } : { status: 403, body: { detail: 'Admins only.' } },
    });
    const file = await api.blob('/api/admin/finance/orders.csv', { query: { status: 'paid' } });
    expect(await file.text()).toContain('order,domain');
    expect(requests[0]?.headers.Authorization).toBe('Token abc123');
    expect(requests[0]?.headers.Accept).toBe('*/*');
    await expect(api.blob('/api/admin/finance/orders.csv')).rejects.toMatchObject({ status: 403, detail: 'Admins only.' });
  });

  it('leaves the header off calls marked unauthenticated', async () => {
    signIn(undefined, 'abc123');
    const { requests } = mockFetch({ 'POST /api/auth/login/': { body: { token: 't', user: {} } } });
    await api.post('/api/auth/login/', { username: 'a@b.co', password: 'x' }, { auth: false });
    expect(requests[0]?.headers.Authorization).toBeUndefined();
    expect(requests[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('clears all local storage and the session on a 401 to an authenticated call', async () => {
    signIn(undefined, 'expired');
    window.localStorage.setItem('search', JSON.stringify({ text: 'shoes' }));
    mockFetch({ 'GET /api/domains/my-stable': { status: 401, body: { detail: 'Invalid token.' } } });

    const error = await api.get('/api/domains/my-stable').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).detail).toBe('Invalid token.');
    expect(window.localStorage.length).toBe(0);
    expect(authStore.getSnapshot().isAuthenticated).toBe(false);
  });

  it('does not log out on a 401 from an unauthenticated call', async () => {
    signIn(undefined, 'good');
    mockFetch({ 'POST /api/auth/reset-password/confirm/': { status: 401, body: { detail: 'nope' } } });
    await expect(api.post('/api/auth/reset-password/confirm/', {}, { auth: false })).rejects.toBeInstanceOf(ApiError);
    expect(authStore.getSnapshot().isAuthenticated).toBe(true);
  });

  it('keeps a newer session when a 401 arrives for an older token', async () => {
    signIn(undefined, 'old');
    mockFetch({
      'GET /api/slow': () => {
        signIn(undefined, 'new'); // the user logged in again while this call was in flight
        return { status: 401, body: { detail: 'Invalid token.' } };
      },
    });
    await expect(api.get('/api/slow')).rejects.toBeInstanceOf(ApiError);
    expect(authStore.getToken()).toBe('new');
  });

  it('parses DRF field and non-field errors', async () => {
    mockFetch({
      'POST /api/auth/register/': {
        status: 400,
        body: { email: ['A user with that email already exists.'], non_field_errors: ['Bad combo'], code: 'VALIDATION' },
      },
    });
    const error = (await api.post('/api/auth/register/', {}, { auth: false }).catch((e: unknown) => e)) as ApiError;
    // The typed code is read as the code, never as a field's message.
    expect(error.code).toBe('VALIDATION');
    expect(error.fieldErrors).toEqual({ email: ['A user with that email already exists.'] });
    expect(error.nonFieldErrors).toEqual(['Bad combo']);
    expect(error.firstError('password', 'email')).toBe('A user with that email already exists.');
    expect(error.isServerError).toBe(false);
  });

  it('reads only the codes the API defines', async () => {
    mockFetch({
      'GET /api/a/': { status: 409, body: { detail: 'This cart has already been ordered.', code: 'CART_NOT_OPEN' } },
      'GET /api/b/': { status: 502, body: { detail: 'Bad gateway', code: 'SOMETHING_ELSE' } },
    });
    const known = (await api.get('/api/a/', { auth: false }).catch((e: unknown) => e)) as ApiError;
    expect([known.code, known.detail]).toEqual(['CART_NOT_OPEN', 'This cart has already been ordered.']);
    const unknown = (await api.get('/api/b/', { auth: false }).catch((e: unknown) => e)) as ApiError;
    expect(unknown.code).toBeUndefined();
    expect(unknown.fieldErrors).toEqual({});
  });

  it('waits as a busy server asks (503 with Retry-After) and sends the request once more, a write too', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const { requests } = mockFetch({
        'POST /api/orders/7/confirm/': () =>
          ++calls === 1
            ? { status: 503, headers: { 'Retry-After': '2' }, body: { detail: 'The server is busy. Please try again in a moment.' } }
            : { body: { id: 7 } },
      });
      const answer = api.post('/api/orders/7/confirm/', {});
      await vi.advanceTimersByTimeAsync(1_900);
      expect(requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(200);
      await expect(answer).resolves.toEqual({ id: 7 });
      expect(requests).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a second refusal, and a 503 without Retry-After at once', async () => {
    const { requests } = mockFetch({
      'GET /api/busy': { status: 503, headers: { 'Retry-After': '0' }, body: { detail: 'The server is busy. Please try again in a moment.' } },
      'GET /api/down': { status: 503, body: { detail: 'Down for maintenance.' } },
    });
    await expect(api.get('/api/busy')).rejects.toMatchObject({ status: 503, detail: 'The server is busy. Please try again in a moment.' });
    expect(requests).toHaveLength(2);
    await expect(api.get('/api/down')).rejects.toMatchObject({ status: 503, detail: 'Down for maintenance.' });
    expect(requests).toHaveLength(3);
  });

  it('reports a network failure as status 0 and counts requests in flight', async () => {
    let seenDuring = -1;
    const { fetchMock } = mockFetch({});
    fetchMock.mockImplementationOnce(async () => {
      seenDuring = requestTracker.pending();
      throw new TypeError('Failed to fetch');
    });
    const error = (await api.get('/api/anything').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.isServerError).toBe(true);
    expect(seenDuring).toBe(1);
    expect(requestTracker.pending()).toBe(0);
  });
});
