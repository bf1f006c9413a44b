import { afterEach } from 'vitest';

/** jsdom has no matchMedia: install one that answers `reduce` for prefers-reduced-motion when asked. */
export function stubReducedMotion(reduce: boolean): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

/** Call once per test file that stubs matchMedia. */
export function restoreMatchMediaAfterEach(): void {
  afterEach(() => {
    Reflect.deleteProperty(window, 'matchMedia');
  });
}
