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

const ticket = [
  base64url({ alg: 'HS256' }),
  base64url({ email: 'grace@example.com', given_name: 'Grace', family_name: 'Hopper', provider: 'google', label: 'Google' }),
  'signature',
].join('.');

function arrive(hash = `#social_ticket=${ticket}&next=%2Fportfolio`) {
  return renderWithRouter(
    <Routes>
      <Route path="/login" element={<LoginRoute />} />
      <Route path="/register" element={<RegisterRoute />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { pathname: '/login', hash },
  );
}

describe('social login callback', () => {
  it('logs in with the server ticket and returns to the remembered page', async () => {
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
      authentication_token: ticket,
    });
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

  it('says the sign-in failed when the server refused the callback, without posting a login', async () => {
    const { requests } = mockFetch({ 'GET /api/auth/providers/': { body: [] } });
    arrive('#social_error=refused&next=%2Fportfolio');
    expect(await screen.findByText(authToasts.socialLoginFailedBody)).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/auth/login/')).toBe(false);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
  });
});
