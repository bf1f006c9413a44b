import { describe, expect, it } from 'vitest';
import { isAppPath } from './app-routes.js';

describe('app paths', () => {
  it('knows the app’s pages, with any value in a parameter and an optional trailing slash', () => {
    for (const path of ['/', '/login', '/jobs/12', '/jobs/12/edit', '/orders/3/receipt', '/sponsored/buy-now', '/BrokerPage', '/settings/', '/contact']) {
      expect(isAppPath(path), path).toBe(true);
    }
  });

  it('treats any other path as unknown, case-sensitively', () => {
    for (const path of ['/no/such/page', '/brokerpage', '/CHECKOUT', '/sponsored/free-stuff', '/jobs/1/2/3', '/robots.txt.bak', '/%E0%A4%A']) {
      expect(isAppPath(path), path).toBe(false);
    }
  });
});
