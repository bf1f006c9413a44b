import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_LOGIN } from '@market/shared';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import LoginRoute from './login';

async function logIn(from: unknown) {
  mockFetch({
    'GET /api/auth/providers/': { body: [] },
    'POST /api/auth/login/': { body: { token: 'fresh', user: testUser } },
  });
  const { user } = renderRoute(<LoginRoute />, { at: { pathname: '/login', state: { from } }, path: '/login' });
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return screen.findByText('Elsewhere');
}

describe('login redirect', () => {
  it('returns to the page the guard remembered, with query and hash', async () => {
    await logIn({ pathname: '/portfolio', search: '?page=2', hash: '#top' });
    expect(screen.getByTestId('location')).toHaveTextContent('/portfolio?page=2#top');
  });

  it('defaults to /my_stable', async () => {
    await logIn(undefined);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/my_stable$/);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/steal'],
    ['a protocol-relative URL', '//evil.example/steal'],
    ['a location object pointing off-site', { pathname: '//evil.example', search: '' }],
    ['a backslash trick', '/\\evil.example'],
  ])('ignores %s', async (_name, from) => {
    await logIn(from);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/my_stable$/);
  });

  it('sends an already signed-in visitor on at once', async () => {
    signIn();
    mockFetch({ 'GET /api/auth/user/': { body: testUser }, 'GET /api/auth/providers/': { body: [] } });
    renderRoute(<LoginRoute />, { at: { pathname: '/login', state: { from: { pathname: '/traffic' } } }, path: '/login' });
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/traffic');
  });

  it('shows no social button when no provider is configured', async () => {
    const { requests } = mockFetch({ 'GET /api/auth/providers/': { body: [] } });
    renderRoute(<LoginRoute />, { at: '/login', path: '/login' });
    await screen.findByRole('button', { name: 'Log in' });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it('offers a button per configured social provider', async () => {
    mockFetch({
      'GET /api/auth/providers/': {
        body: [{ name: 'google', label: 'Google' }],
      },
    });
    renderRoute(<LoginRoute />, { at: '/login', path: '/login' });
    // A link to the server, which runs the sign-in with the provider and comes back to /login.
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      `/api/auth/oidc/google/start?next=${encodeURIComponent(DEFAULT_AFTER_LOGIN)}`,
    );
  });
});
