import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute, signIn } from '@/testing/test-utils';
import { adminUser, anAdminUser, mockAdminApi } from '../testing/fixtures';
import type { AdminUser } from '../api/get-users';
import { EditUserDialog } from './edit-user-dialog';

function setup(user: AdminUser) {
  signIn(adminUser);
  const onClose = vi.fn();
  const view = renderRoute(<EditUserDialog user={user} onClose={onClose} />);
  return { ...view, onClose, dialog: screen.getByRole('dialog', { name: 'Edit user' }) };
}

describe('EditUserDialog', { timeout: 20_000 }, () => {
  it("shows the user's e-mail and name, and the role dropdown with the three roles for a User", async () => {
    mockAdminApi({});
    const { user, dialog } = setup(anAdminUser({ role: 0 }));
    expect(within(dialog).getByLabelText('Email')).toHaveValue('uma@example.com');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Uma User');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['User', 'Admin', 'SuperAdmin']);
  });

  it('shows the role dropdown for an Admin too', () => {
    mockAdminApi({});
    const { dialog } = setup(anAdminUser({ role: 1 }));
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveTextContent('Admin');
  });

  it('hides the role dropdown for a SuperAdmin and says why', () => {
    mockAdminApi({});
    const { dialog } = setup(anAdminUser({ role: 2 }));
    expect(within(dialog).queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('SuperAdmin')).toBeInTheDocument();
    expect(within(dialog).getByText('A SuperAdmin’s role cannot be changed here.')).toBeInTheDocument();
    // The subscription stays editable.
    expect(within(dialog).getByRole('combobox', { name: 'Subscription' })).toBeInTheDocument();
  });

  it('sends set-role with id and role, then closes', async () => {
    const { calls } = mockAdminApi({ 'POST /api/domains/users/': { body: { id: 20, role: 1 } } });
    const { user, dialog, onClose } = setup(anAdminUser({ role: 0 }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls().map((c) => [c.method, c.path, c.body])).toEqual([['POST', '/api/domains/users/', { id: 20, role: 1 }]]);
  });

  it("shows the server's refusal in the dialog and stays open", async () => {
    mockAdminApi({
      'POST /api/domains/users/': { status: 403, body: { detail: 'Only a SuperAdmin can make someone a SuperAdmin.' } },
    });
    const { user, dialog, onClose } = setup(anAdminUser({ role: 1 }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'SuperAdmin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Only a SuperAdmin can make someone a SuperAdmin.')).toBeInTheDocument();
    expect(await screen.findByText('Role change failed')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit user' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('changes only the subscription when the role is unchanged', async () => {
    const { calls } = mockAdminApi({
      'POST /api/domains/users/20/subscription/': { body: { id: 20, subscription: 'Stallion' } },
    });
    const { user, dialog, onClose } = setup(anAdminUser({ role: 2 }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Subscription' }));
    await user.click(await screen.findByRole('option', { name: 'Stallion' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls().map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/domains/users/20/subscription/', { subscription: 'Stallion' }],
    ]);
  });

  it('Cancel closes without a call', async () => {
    const { calls } = mockAdminApi({});
    const { user, dialog, onClose } = setup(anAdminUser());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls()).toEqual([]);
  });
});
