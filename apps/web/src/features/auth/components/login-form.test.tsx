import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authToasts, validationMessages } from '@market/shared';
import { jsonOf, mockFetch } from '@/testing/mock-fetch';
import { renderRoute, testUser } from '@/testing/test-utils';
import { authStore } from '@/lib/auth-store';
import { LoginForm } from './login-form';

function setup() {
  const view = renderRoute(<LoginForm />);
  const email = screen.getByLabelText(/^Email/);
  const password = screen.getByLabelText(/^Password/);
  const submit = screen.getByRole('button', { name: 'Log in' });
  return { ...view, email, password, submit };
}

describe('LoginForm', () => {
  it('reports required fields first and sends nothing', async () => {
    const { fetchMock } = mockFetch({});
    const { user, submit } = setup();
    await user.click(submit);
    expect(await screen.findByText(validationMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(validationMessages.passwordRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the e-mail is invalid once something is typed', async () => {
    mockFetch({});
    const { user, email, submit } = setup();
    await user.type(email, 'not-an-email');
    await user.click(submit);
    expect(await screen.findByText(validationMessages.emailInvalid)).toBeInTheDocument();
    expect(screen.queryByText(validationMessages.emailRequired)).not.toBeInTheDocument();
  });

  it('clears only the error of the field being typed in', async () => {
    mockFetch({});
    const { user, email, submit } = setup();
    await user.click(submit);
    await screen.findByText(validationMessages.emailRequired);
    await user.type(email, 'a');
    expect(screen.queryByText(validationMessages.emailRequired)).not.toBeInTheDocument();
    expect(screen.queryByText(validationMessages.emailInvalid)).not.toBeInTheDocument();
    expect(screen.getByText(validationMessages.passwordRequired)).toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('posts username and password and stores the session', async () => {
    const { requests } = mockFetch({ 'POST /api/auth/login/': { body: { token: 'fresh', user: testUser } } });
    const { user, email, password, submit } = setup();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'correct horse');
    await user.click(submit);
    await waitFor(() => expect(authStore.getToken()).toBe('fresh'));
    expect(jsonOf(requests[0])).toEqual({ username: 'ada@example.com', password: 'correct horse' });
    expect(requests[0]?.headers.Authorization).toBeUndefined();
  });

  it('toasts the shared message and clears storage on bad credentials', async () => {
    window.localStorage.setItem('leftover', '1');
    mockFetch({ 'POST /api/auth/login/': { status: 400, body: { non_field_errors: ['Unable to log in.'] } } });
    const { user, email, password, submit } = setup();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'wrong');
    await user.click(submit);
    expect(await screen.findByText(authToasts.loginFailedTitle)).toBeInTheDocument();
    expect(screen.getByText(authToasts.loginFailedBody)).toBeInTheDocument();
    expect(window.localStorage.getItem('leftover')).toBeNull();
  });

  it('shows the server detail when throttled', async () => {
    mockFetch({ 'POST /api/auth/login/': { status: 429, body: { detail: 'Request was throttled. Expected available in 42 seconds.' } } });
    const { user, email, password, submit } = setup();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'whatever');
    await user.click(submit);
    expect(await screen.findByText('Request was throttled. Expected available in 42 seconds.')).toBeInTheDocument();
  });
});
