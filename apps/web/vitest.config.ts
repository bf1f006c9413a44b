import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup-tests.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      // Lazy routes and MUI render slowly on a busy 2-core machine; a slow test is not a failure.
      testTimeout: 30_000,
      unstubGlobals: true,
    },
  }),
);
