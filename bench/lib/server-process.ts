/**
 * Starts bench/lib/landing-server.ts as a child process and stops it by its PID. By default the
 * server runs as plain JavaScript bundled by build-server.ts (like production's compiled build);
 * BENCH_SERVER_RUNTIME=tsx runs the TypeScript through tsx instead.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { buildServer } from './build-server.js';
import { BENCH_DIR, REPO_DIR } from './common.js';

export interface ServerProcess {
  pid: number;
  port: number;
  url: string;
  runtime: 'node' | 'tsx';
  /** process.memoryUsage() of the server, asked over IPC. */
  memory(): Promise<NodeJS.MemoryUsage>;
  /** Resolves when the app's in-memory search index is built (at once without one). */
  searchReady(): Promise<void>;
  stop(): Promise<void>;
}

let built: Promise<string> | undefined;

export async function startServer(mode: 'app' | 'bare', env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const runtime = process.env.BENCH_SERVER_RUNTIME === 'tsx' ? 'tsx' : 'node';
  // BENCH_SERVER_NODE_FLAGS: flags for the server's node only (V8's among them, which
  // NODE_OPTIONS does not take), to compare one setting with another.
  const nodeFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const args = [
    ...nodeFlags,
    ...(runtime === 'tsx'
      ? ['--conditions=source', '--import', 'tsx', path.join(BENCH_DIR, 'lib', 'landing-server.ts'), mode]
      : [await (built ??= buildServer()), mode]),
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: REPO_DIR,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_ROOT: BENCH_DIR, ...env },
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${mode} server did not start within 60 s`)), 60_000);
    child.once('message', (m) => {
      clearTimeout(timer);
      resolve((m as { port: number }).port);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${mode} server exited with ${code}`));
    });
  });
  const pid = child.pid as number;
  return {
    pid,
    port,
    url: `http://127.0.0.1:${port}`,
    runtime,
    memory: () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no memory report')), 5000);
        const onMessage = (m: unknown) => {
          const memory = (m as { memory?: NodeJS.MemoryUsage }).memory;
          if (!memory) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve(memory);
        };
        child.on('message', onMessage);
        child.send({ cmd: 'memory' });
      }),
    searchReady: () =>
      new Promise<void>((resolve, reject) => {
        const onMessage = (m: unknown) => {
          const answer = m as { searchReady?: boolean; error?: string };
          if (answer.searchReady === undefined) return;
          child.off('message', onMessage);
          if (answer.searchReady) resolve();
          else reject(new Error(answer.error ?? 'search index failed'));
        };
        child.on('message', onMessage);
        child.send({ cmd: 'searchReady' });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        process.kill(pid, 'SIGTERM');
      }),
  };
}
