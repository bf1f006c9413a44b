import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authToasts } from '@market/shared';
import { authStore } from '@/lib/auth-store';
import { jsonOf, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter, testUser } from '@/testing/test-utils';
import LoginRoute from '../routes/login';
import RegisterRoute from '../routes/register';

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const idToken = [
  base64url({ alg: 'RS256' }),
  base64url({ email: 'grace@example.com', given_name: 'Grace', family_name: 'Hopper', nonce: 'n-1' }),
  'signature',
].join('.');

function arrive(hashState = 's-1') {
  window.sessionStorage.setItem(
    'oidc_pending',
    JSON.stringify({ state: 's-1', nonce: 'n-1', provider: 'google', label: 'Google', from: '/portfolio' }),
  );
  return renderWithRouter(
    <Routes>
      <Route path="/login" element={<LoginRoute />} />
      <Route path="/register" element={<RegisterRoute />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { pathname: '/login', hash: `#id_token=${idToken}&state=${hashState}` },
  );
}

describe('social login callback', () => {
  it('logs in with the provider token and returns to the remembered page', async () => {
    const { requests } = mockFetch({
      'GET /api/auth/providers/': { body: [] },
      'POST /api/auth/login/': { body: { token: 'soc', user: testUser } },
    });
    arrive();
    await screen.findByText('Elsewhere');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/portfolio$/);
    expect(authStore.getToken()).toBe('soc');
    const login = requests.find((r) => r.path === '/api/auth/login/');
    expect(jsonOf(login)).toEqual({
      username: 'grace@example.com',
      authentication_type: 'social',
      authentication_label: 'google',
      authentication_token: idToken,
    });
    expect(window.sessionStorage.getItem('oidc_pending')).toBeNull();
  });

  it('sends a provider user without an account to social sign-up, prefilled', async () => {
    mockFetch({
      'GET /api/auth/providers/': { body: [] },
      'POST /api/auth/login/': { status: 404, body: { detail: 'No account.' } },
    });
    arrive();
    expect(await screen.findByRole('heading', { name: 'Finish signing up' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('grace@example.com');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Grace');
    expect(screen.getByLabelText(/^Last Name/)).toHaveValue('Hopper');
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it('refuses a callback whose state does not match', async () => {
    const { requests } = mockFetch({ 'GET /api/auth/providers/': { body: [] } });
    arrive('forged');
    expect(await screen.findByText(authToasts.socialLoginFailedBody)).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/auth/login/')).toBe(false);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
  });
});
