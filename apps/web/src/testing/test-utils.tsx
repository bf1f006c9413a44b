import type { ReactElement, ReactNode } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import type { User } from '@market/shared';
import { BaseProviders } from '@/app/providers';
import { authStore } from '@/lib/auth-store';

export const testUser: User = {
  id: 7,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  role: 0,
  user_role: 'seller',
  country: 'IE',
  subscription: 'Free',
  authentication_type: 'custom',
  notify_email: true,
  created_at: '2024-01-01T00:00:00.000Z',
};

export function signIn(user: User = testUser, token = 'stored-token'): void {
  authStore.setSession(token, user);
}

/** Shows the current location so tests can assert where navigation landed. */
export function LocationDisplay() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</div>;
}

interface RenderOptions {
  /** Where the MemoryRouter starts (a path or a location with state). */
  at?: InitialEntry;
  /** Route pattern the element is mounted on; other paths render a marker. */
  path?: string;
}

function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders one page inside the real providers, at a chosen URL. */
export function renderRoute(element: ReactElement, { at = '/', path = '*' }: RenderOptions = {}) {
  const user = userEvent.setup();
  const result = render(
    <BaseProviders client={testQueryClient()}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <LocationDisplay />
      </MemoryRouter>
    </BaseProviders>,
  );
  return { user, ...result };
}

/** Renders arbitrary routing (e.g. the whole app's routes) inside the providers. */
export function renderWithRouter(children: ReactNode, at: InitialEntry = '/') {
  const user = userEvent.setup();
  const result = render(
    <BaseProviders client={testQueryClient()}>
      <MemoryRouter initialEntries={[at]}>
        {children}
        <LocationDisplay />
      </MemoryRouter>
    </BaseProviders>,
  );
  return { user, ...result };
}
