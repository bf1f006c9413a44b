import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export const PASSWORD = 'journey password 1';

/** Mail bodies are quoted-printable: soft line breaks and =XX escapes (the URL's "=" is =3D). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest reset link mailed to this address, read from the embedded outbox. */
export async function resetLinkFor(email: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const eml = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), 'utf8'));
      if (!eml.includes(`To: ${email}`)) continue;
      const link = /https?:\/\/\S+\/forgot-password\?token=[A-Za-z0-9_-]+/.exec(eml)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset e-mail for ${email} in ${outbox}`);
}

export async function register(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Journey');
  await page.getByLabel('Last Name').fill('Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('You Have Successfully Signed Up')).toBeVisible();
}

export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** axe-core over the current page; any violation fails the journey with its rule ids. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
