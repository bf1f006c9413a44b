/**
 * A server for the HTTP benchmarks, run as its own process so its memory and CPU are its own:
 *   app  - the real application (buildApp, logger off) on the seeded 1M SQLite database
 *   bare - a bare Fastify app with one route returning a small string
 * Listens on 127.0.0.1, on BENCH_PORT or a free port, and reports { port } to the parent over IPC.
 * Started by bench/lib/server-process.ts (as bundled plain JavaScript by default); stops on SIGTERM.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { applyHeapGrowth } from '../../apps/server/src/lib/heap-growth.js';
import { OUT_DIR, SQLITE_FILE } from './common.js';

async function start(): Promise<void> {
  const mode = process.argv[2];
  let app: FastifyInstance;
  let close: () => Promise<void>;
  if (mode === 'bare') {
    app = Fastify({ logger: false });
    app.get('/bare', async () => 'Hello from a bare Fastify route');
    close = () => app.close();
  } else if (mode === 'app') {
    // BENCH_DATABASE_URL (+ BENCH_DATABASE_SCHEMA) serves a PostgreSQL schema instead.
    const db = process.env.BENCH_DATABASE_URL
      ? openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, schema: process.env.BENCH_DATABASE_SCHEMA, sqliteFile: ':memory:' })
      : openDatabase({ sqliteFile: process.env.BENCH_SQLITE_FILE ?? SQLITE_FILE });
    await migrateToLatest(db);
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: OUT_DIR,
      DEMO_DATA: 'off',
      // A real deployment's required contact settings (the benchmarks never pay).
      SUPPORT_EMAIL: 'support@bench.test',
      BANK_TRANSFER_DETAILS: 'Benchmark: no payments are taken.',
      NS_CHECK_INTERVAL_MINUTES: '0',
      PUBLIC_URL: 'http://127.0.0.1',
      ...(process.env.SEARCH_INDEX ? { SEARCH_INDEX: process.env.SEARCH_INDEX } : {}),
      // The heap's growing factor as production sets it, or as HEAP_GROWTH_PERCENT says.
      ...(process.env.HEAP_GROWTH_PERCENT ? { HEAP_GROWTH_PERCENT: process.env.HEAP_GROWTH_PERCENT } : {}),
      // Admission settings (LOAD_SHEDDING, LOAD_SHED_*, ADMISSION_LIMITS) as the benchmark sets them.
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k === 'LOAD_SHEDDING' || k === 'ADMISSION_LIMITS' || k.startsWith('LOAD_SHED_'))),
      // The built React app, so the site's own pages can be measured too.
      WEB_DIST: `${process.env.BENCH_ROOT ?? new URL('..', import.meta.url).pathname}/../apps/web/dist`,
    });
    applyHeapGrowth(config.heapGrowthPercent);
    app = await buildApp(config, { db, logger: false });
    close = async () => {
      await app.close();
      await db.destroy();
    };
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
  // BENCH_PORT pins the port on a machine where ports are shared out; otherwise any free one.
  await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.once('SIGTERM', () => {
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  // The parent asks for the server's own view of its memory (V8 heap vs. the rest),
  // and when the in-memory search index (SEARCH_INDEX=memory) is built.
  process.on('message', (m) => {
    const cmd = (m as { cmd?: string }).cmd;
    if (cmd === 'memory') process.send?.({ memory: process.memoryUsage() });
    if (cmd === 'searchReady' && mode === 'app') {
      app.services.domains.searchReady().then(
        () => process.send?.({ searchReady: true }),
        (e: unknown) => process.send?.({ searchReady: false, error: String(e) }),
      );
    }
  });
  process.send?.({ port });
}

start().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
