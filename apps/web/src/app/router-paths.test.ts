import { describe, expect, it } from 'vitest';
import { appRoutePatterns, sponsoredPages } from '@market/shared';
import source from './router.tsx?raw';

/** The server answers 404 off the shared list of app paths, so it must name exactly the router's routes. */
describe('the app paths the server knows', () => {
  it('are the router’s routes', () => {
    const routed = [...source.matchAll(/path="([^"]+)"/g)]
      .map((m) => m[1] ?? '')
      .filter((path) => path !== '*')
      // Only the three sponsored pages exist; any other name is an unknown path.
      .flatMap((path) => (path === 'sponsored/:page' ? Object.keys(sponsoredPages).map((page) => `sponsored/${page}`) : [path]))
      .map((path) => `/${path}`);
    expect([...appRoutePatterns].sort()).toEqual(['/', ...routed].sort());
  });
});
