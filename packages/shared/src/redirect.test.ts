import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect.js';

describe('safeRedirectPath', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safeRedirectPath('/portfolio?page=2#top')).toBe('/portfolio?page=2#top');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'portfolio',
    '',
    '/login',
    '/login?next=/x',
    '/register',
    '/ok\nSet-Cookie: x',
    42,
    undefined,
  ])('falls back to /my_stable for %j', (value) => {
    expect(safeRedirectPath(value)).toBe('/my_stable');
  });
});
