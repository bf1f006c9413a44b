import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyTableMessage } from '@market/shared';
import type { RecordedRequest } from '@/testing/mock-fetch';
import { renderRoute, signIn } from '@/testing/test-utils';
import { adminUser, anAdminUser, callLines, mockAdminApi, users } from '../testing/fixtures';
import UserListRoute from './user-list';

function pageOf(request: RecordedRequest): number {
  return Number(new URL(request.path, 'http://x').searchParams.get('page'));
}

function renderList(at = '/UserList') {
  signIn(adminUser);
  return renderRoute(<UserListRoute />, { at, path: '/UserList' });
}

// Slow shared CI machines: MUI selects and typing take seconds under jsdom.
describe('UserList', { timeout: 20_000 }, () => {
  it('asks the server for 10 users a page and pages with the X-Total-Count total', async () => {
    const { calls } = mockAdminApi(
      { 'GET /api/domains/users/': (r) => ({ body: pageOf(r) === 1 ? users(10, 1) : users(3, 11) }) },
      { 'GET /api/domains/users/': 13 },
    );
    const { user } = renderList();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByText('First1 Last')).toBeInTheDocument();
    expect(within(table).getByText('user1@example.com')).toBeInTheDocument();
    expect(within(table).getAllByText('User').length).toBeGreaterThan(0);
    expect(screen.getByText('1–10 of 13')).toBeInTheDocument();
    expect(screen.getByText('13 users')).toBeInTheDocument();
    expect(calls()[0]?.path).toBe('/api/domains/users/?page=1&limit=10');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(table).findByText('First13 Last')).toBeInTheDocument();
    expect(screen.getByText('11–13 of 13')).toBeInTheDocument();
    expect(callLines(calls())).toContain('GET /api/domains/users/?page=2&limit=10');
  });

  it('searches once the typing stops, from page 1, and keeps the term in the URL', async () => {
    const { calls } = mockAdminApi(
      {
        'GET /api/domains/users/': (r) => {
          const search = new URL(r.path, 'http://x').searchParams.get('search');
          return { body: search ? [anAdminUser({ email: 'ada@example.com', first_name: 'Ada', last_name: 'L' })] : users(10, 1) };
        },
      },
      { 'GET /api/domains/users/': (r) => (r.path.includes('search=') ? 1 : 25) },
    );
    const { user } = renderList();
    await screen.findByText('First1 Last');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ada');
    expect(await screen.findByText('Ada L')).toBeInTheDocument();
    const searches = calls().filter((c) => c.path.includes('search='));
    // Debounced: one request for the finished word, not one per key.
    expect(searches.map((c) => c.path)).toEqual(['/api/domains/users/?page=1&limit=10&search=ada']);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/UserList?search=ada'));
  });

  it('starts from ?search= in the URL', async () => {
    const { calls } = mockAdminApi({ 'GET /api/domains/users/': { body: [] } }, { 'GET /api/domains/users/': 0 });
    renderList('/UserList?search=sid%40example.com');
    expect(await screen.findByText(emptyTableMessage)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('sid@example.com');
    expect(calls()[0]?.path).toBe('/api/domains/users/?page=1&limit=10&search=sid%40example.com');
  });

  it('saves the role with set-role, then reloads the list and shows the new role', async () => {
    let role = 0;
    const { calls } = mockAdminApi(
      {
        'GET /api/domains/users/': () => ({ body: [anAdminUser({ role })] }),
        'POST /api/domains/users/': (r) => {
          role = (r.body as { role: number }).role;
          return { body: { id: 20, role } };
        },
      },
      { 'GET /api/domains/users/': 1 },
    );
    const { user } = renderList();
    const row = await screen.findByTestId('user-row-20');
    expect(within(row).getByText('User')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Edit Uma User (uma@example.com)' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit user' })).not.toBeInTheDocument());
    expect(await within(screen.getByTestId('user-row-20')).findByText('Admin')).toBeInTheDocument();
    const lines = callLines(calls());
    const setRoleAt = lines.indexOf('POST /api/domains/users/');
    expect(setRoleAt).toBeGreaterThan(0);
    expect(lines.slice(setRoleAt + 1)).toContain('GET /api/domains/users/?page=1&limit=10');
    expect(calls()[setRoleAt]?.body).toEqual({ id: 20, role: 1 });
  });

  it('keeps the dialog open with the server message when the role change is refused', async () => {
    mockAdminApi(
      {
        'GET /api/domains/users/': { body: [anAdminUser({ id: adminUser.id, role: 1, email: adminUser.email })] },
        'POST /api/domains/users/': { status: 403, body: { detail: 'You cannot change your own role.' } },
      },
      { 'GET /api/domains/users/': 1 },
    );
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: /^Edit Uma User/ }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'User' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You cannot change your own role.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit user' })).toBeInTheDocument();
  });

  it('selects users across the page and sets a subscription for all of them', async () => {
    const { calls } = mockAdminApi(
      {
        'GET /api/domains/users/': { body: users(3, 1) },
        'POST /api/domains/users/1/subscription/': { body: { id: 1, subscription: 'Pony' } },
        'POST /api/domains/users/2/subscription/': { body: { id: 2, subscription: 'Pony' } },
        'POST /api/domains/users/3/subscription/': { body: { id: 3, subscription: 'Pony' } },
      },
      { 'GET /api/domains/users/': 3 },
    );
    const { user } = renderList();
    await screen.findByText('First1 Last');
    await user.click(screen.getByRole('checkbox', { name: 'Select First1 Last' }));
    expect(screen.getByTestId('selection-count')).toHaveTextContent('1 user selected');
    await user.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }));
    expect(screen.getByTestId('selection-count')).toHaveTextContent('3 users selected');

    await user.click(screen.getByRole('combobox', { name: 'Subscription for selected' }));
    await user.click(await screen.findByRole('option', { name: 'Pony' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Pony set for 3 users')).toBeInTheDocument();
    const posts = calls().filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.path, c.body])).toEqual([
      ['/api/domains/users/1/subscription/', { subscription: 'Pony' }],
      ['/api/domains/users/2/subscription/', { subscription: 'Pony' }],
      ['/api/domains/users/3/subscription/', { subscription: 'Pony' }],
    ]);
    await waitFor(() => expect(screen.getByTestId('selection-count')).toHaveTextContent('No users selected'));
  });

  it('shows a failed load with a way to retry', async () => {
    mockAdminApi({ 'GET /api/domains/users/': { status: 403, body: { detail: 'You do not have permission to perform this action.' } } });
    renderList();
    expect(await screen.findByText('You do not have permission to perform this action.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
