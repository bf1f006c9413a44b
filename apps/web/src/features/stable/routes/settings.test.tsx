import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settingsMessages, type User, validationMessages } from '@market/shared';
import { allowForBusyMachine } from '@/testing/patience';
import { authStore } from '@/lib/auth-store';
import { type MockHandler, mockFetch } from '@/testing/mock-fetch';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import { currentPasswordMissing } from '../components/settings-change-password';
import SettingsRoute from './settings';

allowForBusyMachine();

const me: User = { ...testUser, notify_email: true };
const sessions = [
  { id: 3, created_at: '2025-03-01T10:00:00.000Z', last_used_at: '2025-03-02T10:00:00.000Z', current: true },
  { id: 2, created_at: '2025-02-01T10:00:00.000Z', last_used_at: '2025-02-02T10:00:00.000Z', current: false },
  { id: 1, created_at: '2025-01-01T10:00:00.000Z', last_used_at: null, current: false },
];

function openSettings(routes: Record<string, MockHandler> = {}, user: User = me) {
  signIn(user);
  const mocked = mockFetch({
    'GET /api/auth/user/': { body: user },
    'GET /api/auth/sessions/': { body: sessions },
    ...routes,
  });
  return { ...mocked, ...renderRoute(<SettingsRoute />) };
}

const passwordForm = () => screen.getByRole('form', { name: 'Change password' });

describe('settings: change password', () => {
  it('checks current, new and confirmation with the set-password messages before sending', async () => {
    const { requests, user } = openSettings();
    const form = passwordForm();
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(currentPasswordMissing)).toBeInTheDocument();
    expect(within(form).getByText(validationMessages.passwordRequired)).toBeInTheDocument();
    expect(within(form).getByText(validationMessages.confirmPasswordRequired)).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Current password'), 'old password');
    await user.type(within(form).getByLabelText('New password'), 'short');
    await user.type(within(form).getByLabelText('Confirm new password'), 'different');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(validationMessages.passwordTooShort)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'a long new password');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(validationMessages.confirmPasswordMismatch)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('shows a wrong current password under its field, then changes the password', async () => {
    let attempt = 0;
    const { requests, user } = openSettings({
      'POST /api/auth/password/change/': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 400, body: { current_password: [settingsMessages.currentPasswordWrong] } }
          : { body: { status: 'OK' } };
      },
    });
    const form = passwordForm();
    await user.type(within(form).getByLabelText('Current password'), 'wrong password');
    await user.type(within(form).getByLabelText('New password'), 'a long new password');
    await user.type(within(form).getByLabelText('Confirm new password'), 'a long new password');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(settingsMessages.currentPasswordWrong)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), 'old password');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(settingsMessages.passwordChanged)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      current_password: 'old password',
      password: 'a long new password',
    });
    await waitFor(() => expect(within(form).getByLabelText('Current password')).toHaveValue(''));
  });

  it('has no password form for a social account', () => {
    openSettings({}, { ...me, authentication_type: 'social' });
    expect(screen.queryByRole('form', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.getByText(/social login provider/)).toBeInTheDocument();
  });
});

describe('settings: sessions and notifications', () => {
  it('lists the active sessions and signs out the other ones', async () => {
    let live = sessions;
    const { requests, user } = openSettings({
      'GET /api/auth/sessions/': () => ({ body: live }),
      'POST /api/auth/sessions/revoke-others/': () => {
        live = sessions.filter((s) => s.current);
        return { body: { revoked: 2 } };
      },
    });
    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('This browser')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out of other sessions' }));
    expect(await screen.findByText(settingsMessages.sessionsRevoked(2))).toBeInTheDocument();
    expect(settingsMessages.sessionsRevoked(2)).toBe('Signed out of 2 other sessions.');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Sign out of other sessions' })).toBeDisabled();
    expect(screen.getByText('You are not signed in anywhere else.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/auth/sessions/revoke-others/')).toBe(true);
  });

  it('saves the e-mail notifications switch through PUT /api/auth/user/', async () => {
    const { requests, user } = openSettings({
      'PUT /api/auth/user/': (req) => ({ body: { ...me, ...(req.body as object) } }),
    });
    const toggle = screen.getByRole('switch', { name: 'E-mail notifications' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText(settingsMessages.preferencesSaved)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ notify_email: false });
    expect(authStore.getSnapshot().user?.notify_email).toBe(false);
    expect(screen.getByRole('switch', { name: 'E-mail notifications' })).not.toBeChecked();
  });
});
