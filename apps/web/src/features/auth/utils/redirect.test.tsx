import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRoute, testUser } from '@/testing/test-utils';
import LoginRoute from '../routes/login';
import { cameFromPath, loginOrigin, nextFromSearch } from './redirect';

// User-event journeys through MUI are slow on a busy 2-core machine; 5 s is too tight there.
vi.setConfig({ testTimeout: 30_000 });

describe('login ?next= support', () => {
  it('reads next from the query string', () => {
    expect(nextFromSearch('?next=%2Flanding%2F5%3Faction%3Doffer')).toBe('/landing/5?action=offer');
    expect(nextFromSearch('?next=')).toBeUndefined();
    expect(nextFromSearch('')).toBeUndefined();
  });

  it('prefers the router state and falls back to next', () => {
    expect(loginOrigin({ from: { pathname: '/portfolio' } }, '?next=/traffic')).toEqual({ pathname: '/portfolio' });
    expect(loginOrigin(null, '?next=/traffic')).toBe('/traffic');
    expect(loginOrigin(undefined, '')).toBeUndefined();
  });

  it.each([
    ['/landing/5?action=trade', '/landing/5?action=trade'],
    ['https://evil.example/x', '/my_stable'],
    ['//evil.example/x', '/my_stable'],
    ['/\\evil.example', '/my_stable'],
    ['javascript:alert(1)', '/my_stable'],
    ['/login?next=/x', '/my_stable'],
  ])('vets next=%s like the came-from state', (next, expected) => {
    expect(cameFromPath(loginOrigin(null, `?${new URLSearchParams({ next }).toString()}`))).toBe(expected);
  });

  it('signs in and goes to the next path', async () => {
    mockFetch({
      'GET /api/auth/providers/': { body: [] },
      'POST /api/auth/login/': { body: { token: 'fresh', user: testUser } },
    });
    const { user } = renderRoute(<LoginRoute />, { at: '/login?next=%2Flanding%2F5%3Faction%3Doffer', path: '/login' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Elsewhere');
    expect(screen.getByTestId('location')).toHaveTextContent('/landing/5?action=offer');
  });

  it('ignores an off-site next after sign-in', async () => {
    mockFetch({
      'GET /api/auth/providers/': { body: [] },
      'POST /api/auth/login/': { body: { token: 'fresh', user: testUser } },
    });
    const { user } = renderRoute(<LoginRoute />, { at: '/login?next=https%3A%2F%2Fevil.example', path: '/login' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Elsewhere');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/my_stable$/);
  });
});
