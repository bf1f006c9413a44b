import { expect, test } from './journey-test';
import { expectNoAxeViolations, firstMove, logIn, MY_STABLE_START, PASSWORD, register, resetLinkFor, uniqueEmail } from './support';

test.describe('accounts', () => {
  test('a new user registers, logs out and logs back in', async ({ page }) => {
    const email = uniqueEmail('register');
    await register(page, email);
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(MY_STABLE_START);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);

    await logIn(page, email);
    await expect(page).toHaveURL(MY_STABLE_START);
    await page.reload();
    await expect(page).toHaveURL(MY_STABLE_START);
  });

  test('a guarded page sends a visitor to log in and back to that page', async ({ page }) => {
    const email = uniqueEmail('guard');
    await register(page, email);
    await page.evaluate(() => window.localStorage.clear());

    await page.goto('/portfolio?view=all');
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, email);
    await expect(page).toHaveURL(/\/portfolio\?view=all$/);
  });

  test('login shows the shared messages and a failed login toast', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('Email').fill('not-an-email');
    await expect(page.getByText('Email is required')).toHaveCount(0);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Email is invalid')).toBeVisible();

    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Login Failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Please check your credentials')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signup checks its fields in the documented order', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Sign up' }).click();
    for (const message of [
      'First Name is required',
      'Last Name is required',
      'Email is required',
      'Password is required',
      'Confirm password is required.',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Password', { exact: true }).fill('long enough 1');
    await page.getByLabel('Confirm Password').fill('long enough 2');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Confirm password does not match.')).toBeVisible();
  });

  test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
    const email = uniqueEmail('reset');
    const created = await request.post('/api/auth/register/', {
      data: { first_name: 'Reset', last_name: 'Me', email, password: PASSWORD },
    });
    expect(created.status()).toBe(201);

    await page.goto('/login');
    await page.getByRole('link', { name: /forgot/i }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The URL changes before the page's code has loaded; the log-in form (with its own Email
    // field) stays on screen until then, so wait for the new page before typing.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/auth/reset-password/') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const response = await sent;
    expect(response.status(), await response.text()).toBe(200);
    await expect(page.getByText('An Email with password reset link is sent to your email address!')).toBeVisible();

    const link = await resetLinkFor(email);
    await page.goto(link);
    const newPassword = 'a fresh password 2';
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Your Password has been reset, Please login with your new credentials!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, email, newPassword);
    await expect(page).toHaveURL(MY_STABLE_START);

    // The link works once only.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(link);
    await expect(page.getByText('Reset Password Token is Invalid or expired!')).toBeVisible();
  });

  test('unknown paths show home, answered 404', async ({ page }) => {
    const response = await page.goto('/there/is/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('accessibility', () => {
  for (const url of ['/', '/login', '/register', '/forgot-password']) {
    test(`${url} has no axe violations`, async ({ page }) => {
      // Without motion the home intro is skipped, so axe judges the page, not a frame of a fade.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(url);
      await expect(page.getByRole('main')).toBeVisible();
      // The home page brings the app on the visitor's first move; judge the page the app shows.
      if (url === '/') await firstMove(page);
      await expectNoAxeViolations(page);
    });
  }
});
