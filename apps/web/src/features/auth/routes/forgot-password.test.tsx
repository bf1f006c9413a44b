import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authToasts, validationMessages as m } from '@market/shared';
import { jsonOf, mockFetch } from '@/testing/mock-fetch';
import { renderRoute } from '@/testing/test-utils';
import ForgotPasswordRoute from './forgot-password';

const at = (url: string) => ({ at: url, path: '/forgot-password' });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('forgot password, token mode', () => {
  it('keeps the fields disabled until the token is validated, then resets and goes to /login', async () => {
    const gate = deferred<{ body: unknown }>();
    const { requests } = mockFetch({
      'POST /api/auth/reset-password/validate_token/': () => gate.promise,
      'POST /api/auth/reset-password/confirm/': { body: { status: 'OK' } },
    });
    const { user } = renderRoute(<ForgotPasswordRoute />, at('/forgot-password?token=tok-1'));

    const password = screen.getByLabelText(/^Password/);
    const confirm = screen.getByLabelText(/^Confirm Password/);
    const submit = screen.getByRole('button', { name: 'Reset password' });
    expect(password).toBeDisabled();
    expect(confirm).toBeDisabled();
    expect(submit).toBeDisabled();

    gate.resolve({ body: { status: 'OK' } });
    await waitFor(() => expect(password).toBeEnabled());
    expect(jsonOf(requests[0])).toEqual({ token: 'tok-1' });

    await user.click(submit);
    expect(await screen.findByText(m.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(m.confirmPasswordRequired)).toBeInTheDocument();

    await user.type(password, 'brand-new-pass');
    await user.type(confirm, 'brand-new-pass');
    await user.click(submit);

    expect(await screen.findByText(authToasts.resetDone)).toBeInTheDocument();
    await screen.findByText('Elsewhere');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(jsonOf(requests[1])).toEqual({ password: 'brand-new-pass', token: 'tok-1' });
    expect(requests[1]?.headers.Authorization).toBeUndefined();
  });

  it('falls back to e-mail mode and drops the token when it is invalid', async () => {
    mockFetch({ 'POST /api/auth/reset-password/validate_token/': { status: 404, body: { detail: 'Not found.' } } });
    renderRoute(<ForgotPasswordRoute />, at('/forgot-password?token=stale&x=1'));
    expect(await screen.findByText(authToasts.resetTokenInvalidBody)).toBeInTheDocument();
    expect(screen.getByText(authToasts.resetTokenInvalidTitle)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/forgot-password\?x=1$/);
  });

  it('shows the first server message when the reset is refused', async () => {
    mockFetch({
      'POST /api/auth/reset-password/validate_token/': { body: { status: 'OK' } },
      'POST /api/auth/reset-password/confirm/': { status: 400, body: { password: ['This password is too common.'] } },
    });
    const { user } = renderRoute(<ForgotPasswordRoute />, at('/forgot-password?token=tok-2'));
    const password = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(password).toBeEnabled());
    await user.type(password, 'password123');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'password123');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password?token=tok-2');
  });

  it("says 'Something Went Wrong!' when the reset answers without OK", async () => {
    mockFetch({
      'POST /api/auth/reset-password/validate_token/': { body: { status: 'OK' } },
      'POST /api/auth/reset-password/confirm/': { body: { status: 'PENDING' } },
    });
    const { user } = renderRoute(<ForgotPasswordRoute />, at('/forgot-password?token=tok-3'));
    const password = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(password).toBeEnabled());
    await user.type(password, 'brand-new-pass');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(authToasts.resetConfirmFailedBody)).toBeInTheDocument();
  });
});

describe('forgot password, e-mail mode', () => {
  it('validates the e-mail, then asks for a link', async () => {
    const { requests } = mockFetch({ 'POST /api/auth/reset-password/': { body: { status: 'OK' } } });
    const { user } = renderRoute(<ForgotPasswordRoute />, at('/forgot-password'));
    const submit = screen.getByRole('button', { name: 'Send reset link' });
    await user.click(submit);
    expect(await screen.findByText(m.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example');
    await user.click(submit);
    expect(await screen.findByText(m.emailInvalid)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), '.com');
    await user.click(submit);
    expect(await screen.findByText(authToasts.resetEmailSent)).toBeInTheDocument();
    expect(jsonOf(requests[0])).toEqual({ email: 'ada@example.com' });
  });

  it("toasts 'Failed!' / 'Server Error' when the server is down", async () => {
    mockFetch({ 'POST /api/auth/reset-password/': { status: 503 } });
    const { user } = renderRoute(<ForgotPasswordRoute />, at('/forgot-password'));
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(authToasts.serverError)).toBeInTheDocument();
  });
});
