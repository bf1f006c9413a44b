/**
 * Bundles bench/lib/landing-server.ts with the server's source (and @market/shared) into plain
 * JavaScript under bench/out/server-build/, npm packages left external. The HTTP benchmarks run
 * that with plain `node`, as production runs the compiled server, so neither throughput nor
 * resident memory includes the tsx loader (on-the-fly transpiling, source maps).
 * Nothing is written under apps/ or packages/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { BENCH_DIR, OUT_DIR } from './common.js';

export const BUILD_DIR = path.join(OUT_DIR, 'server-build');
export const BUILT_SERVER = path.join(BUILD_DIR, 'landing-server.mjs');

/** The search index's worker thread, which the server loads from beside itself, as in dist/. */
const WORKER_SOURCE = path.join(BENCH_DIR, '..', 'apps', 'server', 'src', 'modules', 'search', 'listed-index-worker.ts');

export async function buildServer(): Promise<string> {
  fs.mkdirSync(BUILD_DIR, { recursive: true });
  const options = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['source'],
    sourcemap: false,
    logLevel: 'error',
    // npm packages stay external (resolved from the repository's node_modules at run time);
    // the workspace's own TypeScript (@market/*, relative imports) is compiled in.
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (args.path.startsWith('@market/') || args.pluginData === 'inner') return undefined;
            if (args.path.startsWith('node:')) return { path: args.path, external: true };
            // Resolved here, from the importing file, so a package nested under apps/server
            // keeps its own version; the bundle imports it by absolute path.
            const found = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: 'inner' });
            if (found.errors.length) return { path: args.path, external: true };
            return { path: found.path, external: true };
          });
        },
      },
    ],
  } satisfies BuildOptions;
  await build({ ...options, entryPoints: [path.join(BENCH_DIR, 'lib', 'landing-server.ts')], outfile: BUILT_SERVER });
  // A .js name, as the server looks for it (ESM: the repository's package.json says "module").
  await build({ ...options, entryPoints: [WORKER_SOURCE], outfile: path.join(BUILD_DIR, 'listed-index-worker.js') });
  return BUILT_SERVER;
}
