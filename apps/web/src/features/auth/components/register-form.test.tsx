import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authToasts, validationMessages as m } from '@market/shared';
import { authStore } from '@/lib/auth-store';
import { jsonOf, mockFetch } from '@/testing/mock-fetch';
import { renderRoute, testUser } from '@/testing/test-utils';
import type { SocialSignup } from '../utils/oidc';
import { RegisterForm } from './register-form';

const social: SocialSignup = {
  provider: 'google',
  label: 'Google',
  token: 'header.payload.sig',
  email: 'grace@example.com',
  first_name: 'Grace',
  last_name: '',
};

function setup(mode: SocialSignup | null = null) {
  const onRegistered = vi.fn();
  const view = renderRoute(<RegisterForm social={mode} onRegistered={onRegistered} />);
  return { ...view, onRegistered, submit: screen.getByRole('button', { name: 'Sign up' }) };
}

/** Helper texts in document order: the messages the user reads top to bottom. */
function shownErrors(): string[] {
  return Array.from(document.querySelectorAll('.MuiFormHelperText-root.Mui-error'), (el) => el.textContent ?? '');
}

describe('RegisterForm validation (custom)', () => {
  it('lists every required field, in the documented order', async () => {
    const { fetchMock } = mockFetch({});
    const { user, submit } = setup();
    await user.click(submit);
    await screen.findByText(m.firstNameRequired);
    expect(shownErrors()).toEqual([
      m.firstNameRequired,
      m.lastNameRequired,
      m.emailRequired,
      m.passwordRequired,
      m.confirmPasswordRequired,
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks e-mail format and that the confirmation matches', async () => {
    mockFetch({});
    const { user, submit } = setup();
    await user.type(screen.getByLabelText(/^First Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email/), 'ada@nowhere');
    await user.type(screen.getByLabelText(/^Password/), 'analytical-engine');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'difference-engine');
    await user.click(submit);
    await screen.findByText(m.emailInvalid);
    expect(shownErrors()).toEqual([m.emailInvalid, m.confirmPasswordMismatch]);
  });

  it('clears a field error as soon as the user types in it', async () => {
    mockFetch({});
    const { user, submit } = setup();
    await user.click(submit);
    await screen.findByText(m.lastNameRequired);
    await user.type(screen.getByLabelText(/^Last Name/), 'L');
    expect(screen.queryByText(m.lastNameRequired)).not.toBeInTheDocument();
    expect(screen.getByText(m.firstNameRequired)).toBeInTheDocument();
  });

  it('registers, stores the session and reports success', async () => {
    const { requests } = mockFetch({ 'POST /api/auth/register/': { status: 201, body: { token: 'new-key', user: testUser } } });
    const { user, submit, onRegistered } = setup();
    await user.type(screen.getByLabelText(/^First Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'analytical-engine');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'analytical-engine');
    await user.selectOptions(screen.getByLabelText('Role'), 'seller');
    await user.click(submit);
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(authStore.getToken()).toBe('new-key');
    expect(jsonOf(requests[0])).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      password: 'analytical-engine',
      user_role: 'seller',
      country: null,
      authentication_type: 'custom',
    });
  });

  it('puts a server field error under its field', async () => {
    mockFetch({ 'POST /api/auth/register/': { status: 400, body: { email: ['A user with that email already exists.'] } } });
    const { user, submit } = setup();
    await user.type(screen.getByLabelText(/^First Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'analytical-engine');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'analytical-engine');
    await user.click(submit);
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveAccessibleDescription('A user with that email already exists.'));
    expect(authStore.getSnapshot().isAuthenticated).toBe(false);
  });

  it("toasts 'Failed!' / 'Server Error' when the server fails", async () => {
    mockFetch({ 'POST /api/auth/register/': { status: 500, body: { detail: 'boom' } } });
    const { user, submit } = setup();
    await user.type(screen.getByLabelText(/^First Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'analytical-engine');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'analytical-engine');
    await user.click(submit);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(authToasts.registrationFailedTitle)).toBeInTheDocument();
    expect(within(alert).getByText(authToasts.registrationFailedBody)).toBeInTheDocument();
  });
});

describe('RegisterForm validation (social)', () => {
  it('has no password fields, locks the e-mail and skips password rules', async () => {
    const { fetchMock } = mockFetch({});
    const { user, submit } = setup(social);
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Confirm Password/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('grace@example.com');
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Grace');
    await user.click(submit);
    await screen.findByText(m.lastNameRequired);
    expect(shownErrors()).toEqual([m.lastNameRequired]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts a social registration carrying the provider token', async () => {
    const { requests } = mockFetch({ 'POST /api/auth/register/': { status: 201, body: { token: 'soc-key', user: testUser } } });
    const { user, submit, onRegistered } = setup(social);
    await user.type(screen.getByLabelText(/^Last Name/), 'Hopper');
    await user.click(submit);
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(jsonOf(requests[0])).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      user_role: null,
      country: null,
      authentication_type: 'social',
      authentication_label: 'google',
      authentication_token: 'header.payload.sig',
    });
  });
});
