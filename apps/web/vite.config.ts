import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

/**
 * '@market/shared' has no import-time side effects, but its package.json does not say so. Without
 * this hint the bundler keeps its zod schemas (and zod) in the first chunk just because the
 * index re-exports them, even though the shell only needs constants and types.
 */
function sharedWithoutSideEffects(): Plugin {
  return {
    name: 'market:shared-without-side-effects',
    transform: {
      filter: { id: /[\\/]packages[\\/]shared[\\/]src[\\/]/ },
      handler(code) {
        return { code, map: null, moduleSideEffects: false };
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), sharedWithoutSideEffects()],
  resolve: {
    // 'source' first: '@market/shared' is consumed as TypeScript source, no prebuild needed.
    conditions: ['source', ...defaultClientConditions],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Routes are split with React.lazy; `npm run size` checks the 170 KB gzipped first-load budget.
  },
});
