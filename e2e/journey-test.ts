import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test`, with an API client that closes its connection after every answer.
 *
 * Playwright's API client keeps idle connections without a limit and ignores the server's
 * `Keep-Alive: timeout` hint, so a call made just as the server closes an idle connection meets
 * ECONNRESET. Browsers retry such a call themselves; this client does not, so it never reuses one.
 */
export const test = base.extend({
  request: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { connection: 'close' } });
    await use(context);
    await context.dispose();
  },
});
