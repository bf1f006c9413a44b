// Helpers shared by the start and test scripts. Plain Node only: they run before `npm ci`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

/** Runs a command and resolves with its exit code (never rejects). */
export function runAsync(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      if (path.basename(p) === 'node_modules' || path.basename(p) === 'dist') return;
      for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  for (const p of paths) visit(path.join(root, p));
  return newest;
}

function mtime(p) {
  try {
    return fs.statSync(path.join(root, p)).mtimeMs;
  } catch {
    return 0;
  }
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export function ensureInstalled() {
  const marker = 'node_modules/.package-lock.json';
  if (mtime(marker) >= mtime('package-lock.json') && mtime(marker) > 0) return;
  console.log('Installing dependencies (npm ci)...');
  run('npm', ['ci', '--no-audit', '--no-fund'], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
}

const BUILDS = [
  { workspace: '@market/shared', output: 'packages/shared/dist/index.js', inputs: ['packages/shared'] },
  {
    workspace: '@market/server',
    output: 'apps/server/dist/main.js',
    inputs: ['apps/server/src', 'apps/server/tsconfig.json', 'packages/shared/src'],
  },
  { workspace: '@market/web', output: 'apps/web/dist/index.html', inputs: ['apps/web', 'packages/shared/src'] },
];

/** Builds each workspace whose output is missing or older than its sources. */
export function ensureBuilt() {
  for (const build of BUILDS) {
    if (mtime(build.output) > 0 && mtime(build.output) >= newestMtime(build.inputs)) continue;
    console.log(`Building ${build.workspace}...`);
    run('npm', ['run', 'build', '-w', build.workspace]);
  }
}
