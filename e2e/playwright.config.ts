import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// The config is read by the runner and again by each worker: values chosen here are put in the
// environment first, so every process sees the same server, data folder and schema.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'market-e2e-'));
const onPostgres = Boolean(process.env.E2E_DATABASE_URL);
if (onPostgres) process.env.E2E_DATABASE_SCHEMA ??= `e2e_${Date.now()}`;
// On PostgreSQL, the journeys that move money run again: orders, the ledger, escrowed milestones
// and payouts are where the two databases' transactions could differ. Every other journey runs
// on SQLite only: the API suite already runs whole on both databases, and a browser journey costs
// far more (docs/decisions.md, "Browser journeys: all on SQLite, the money ones on PostgreSQL
// too"). E2E_ALL_JOURNEYS=on runs every journey on PostgreSQL as well.
const POSTGRES_JOURNEYS = ['deal', 'negotiation', 'finance', 'sponsored', 'hiring', 'lease'];
const testMatch =
  onPostgres && process.env.E2E_ALL_JOURNEYS !== 'on' ? POSTGRES_JOURNEYS.map((name) => `**/${name}.spec.ts`) : '**/*.spec.ts';
const port = Number(process.env.E2E_PORT ?? (onPostgres ? 4181 : 4180));
const baseURL = `http://127.0.0.1:${port}`;
// The stand-ins for Stripe's API and for DNS: HTTP on this TCP port, DNS on the same UDP port.
const standInPort = port + 1000;
process.env.E2E_STAND_IN_URL = `http://127.0.0.1:${standInPort}`;
// The app's own DNS server (the zones it writes for parked names), which journeys ask.
process.env.E2E_DNS_PORT = String(port + 2000);
const WEBHOOK_SECRET = 'whsec_e2e_journeys';

const serverEnv: Record<string, string> = {
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: process.env.E2E_DATA_DIR,
  PUBLIC_URL: baseURL,
  DEMO_DATA: 'on',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
  RATE_LIMIT_RESET_PER_MINUTE: '1000',
  // Admission control stays on, as in production: two browsers' requests wait for a slot, never
  // for a refusal (and the app sends a refused one again after Retry-After).
  RATE_LIMIT_IMPORTS_PER_MINUTE: '1000',
  NS_CHECK_INTERVAL_MINUTES: '0',
  // Order deadlines are applied every second, so a journey can pass one and see its effect.
  DEAL_SWEEP_SECONDS: '1',
  // Card payments through the Stripe stand-in, and DNS answered by its DNS server.
  STRIPE_SECRET_KEY: 'sk_test_e2e_journeys',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: process.env.E2E_STAND_IN_URL,
  DNS_RESOLVER: `127.0.0.1:${standInPort}`,
  DNS_PORT: process.env.E2E_DNS_PORT,
  DNS_HOST: '127.0.0.1',
  // A SuperAdmin for journeys that need approval (created or promoted at start).
  ADMIN_EMAIL: 'admin@e2e.test',
  ADMIN_PASSWORD: 'e2e admin password',
  // A separately built web app (parallel work builds to its own folder).
  ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
  ...(onPostgres
    ? { DATABASE_URL: process.env.E2E_DATABASE_URL ?? '', DATABASE_SCHEMA: process.env.E2E_DATABASE_SCHEMA ?? '' }
    : {}),
};

export default defineConfig({
  testDir: '.',
  testMatch,
  outputDir: path.join(root, 'test-results'),
  // Budgets for a busy 2-core CI machine, where two Chromiums, the server and PostgreSQL share
  // the cores: on a slow day a lazily loaded page took more than 10 s to show. Every wait is
  // for a state, so a passing journey is no slower for them.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: 2,
  // No retries: a journey that passes only on its second try is a defect to fix, not to hide.
  retries: 0,
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `"${process.execPath}" e2e/stand-ins/serve.mjs`,
      cwd: root,
      url: `${process.env.E2E_STAND_IN_URL}/health`,
      env: { STAND_IN_PORT: String(standInPort), STAND_IN_DNS_PORT: String(standInPort), STAND_IN_APP_URL: baseURL, STAND_IN_WEBHOOK_SECRET: WEBHOOK_SECRET },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `"${process.execPath}" apps/server/dist/main.js`,
      cwd: root,
      url: `${baseURL}/api/health`,
      env: serverEnv,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
