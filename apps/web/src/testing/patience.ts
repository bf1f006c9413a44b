import { configure } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * These machines run several test suites at once (load far above the core count), so the
 * default 1 s wait for an element and 5 s per test are too tight. Call at the top of a test file.
 */
export function allowForBusyMachine(): void {
  configure({ asyncUtilTimeout: 5000 });
  vi.setConfig({ testTimeout: 30_000 });
}
