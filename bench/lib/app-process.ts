/**
 * The real server (apps/server/dist/main.js, built first when older than its sources) as a
 * child process configured by its environment, as production starts it: migrations, the admin
 * account from ADMIN_EMAIL, then listening. Ready once GET /api/health answers. Stopped by its
 * own PID: SIGTERM, or SIGKILL for the durability checks.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt } from '../../scripts/lib.mjs';
import { REPO_DIR } from './common.js';

export interface AppProcess {
  pid: number;
  url: string;
  /** SIGTERM, then SIGKILL if it has not gone within 10 s. */
  stop(): Promise<void>;
  /** SIGKILL at once: no shutdown hooks, no flushing. */
  kill(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

export async function startAppProcess(env: Record<string, string>, port: number): Promise<AppProcess> {
  const base: NodeJS.ProcessEnv = { ...process.env };
  // The benchmark's own settings, not whatever the shell had.
  for (const key of ['DATABASE_URL', 'DATABASE_SCHEMA', 'REDIS_URL', 'SMTP_URL']) delete base[key];
  // The compiled server, as production runs it: from its TypeScript sources the search index
  // would be built in the main thread (no compiled worker file), which blocks it on SQLite.
  ensureBuilt();
  const child = spawn(process.execPath, [path.join(REPO_DIR, 'apps', 'server', 'dist', 'main.js')], {
    cwd: REPO_DIR,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...base,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_DATA: 'off',
      // A real deployment's required contact settings (the benchmarks never pay).
      SUPPORT_EMAIL: 'support@bench.test',
      BANK_TRANSFER_DETAILS: 'Benchmark: no payments are taken.',
      LOG_LEVEL: 'warn',
      NS_CHECK_INTERVAL_MINUTES: '0',
      DEAL_SWEEP_SECONDS: '0',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server not ready within 120 s');
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const pid = child.pid as number;
  return {
    pid,
    url,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const hard = setTimeout(() => child.kill('SIGKILL'), 10_000);
      process.kill(pid, 'SIGTERM');
      await exited(child);
      clearTimeout(hard);
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGKILL');
      await exited(child);
    },
  };
}

/** 503s the server answered (it sheds load) and that api() waited out and retried. */
export const shed = { retried: 0 };

/**
 * JSON over HTTP with a session token; returns status and parsed body (undefined when empty).
 * A 503 is retried after its Retry-After, as a well-behaved client does: a long synchronous
 * import (seconds on SQLite) leaves the server shedding for a moment after it.
 */
export async function api<T = unknown>(url: string, method: string, pathname: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  for (let attempt = 0; ; attempt += 1) {
    const res = await fetch(`${url}${pathname}`, {
      method,
      headers: { ...(token ? { authorization: `Token ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (res.status === 503 && attempt < 5) {
      shed.retried += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(res.headers.get('retry-after') ?? 1)));
      continue;
    }
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
}

/** A new seller account; returns its session token. */
export async function registerSeller(url: string, email: string, password: string): Promise<string> {
  const res = await api<{ token: string }>(url, 'POST', '/api/auth/register/', undefined, { first_name: 'Bench', last_name: 'Seller', email, password, user_role: 'seller' });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.token;
}

export async function logIn(url: string, email: string, password: string): Promise<string> {
  const res = await api<{ token: string }>(url, 'POST', '/api/auth/login/', undefined, { username: email, password });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.token;
}
