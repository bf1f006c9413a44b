import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { DEMO_SELLER_EMAIL, seedDemoData } from './db/seed.js';
import { applyHeapGrowth } from './lib/heap-growth.js';
import { seedDemoHeadlines } from './modules/sponsored/index.js';
import { openApp } from './open-app.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const loaded = loadConfig();
  applyHeapGrowth(loaded.heapGrowthPercent);
  const config = { ...loaded, webDist: loaded.webDist ?? path.resolve(here, '../../web/dist') };
  const app = await openApp(config);
  if (config.admin) {
    const admin = await app.services.auth.ensureSuperAdmin(config.admin.email, config.admin.password);
    app.log.info({ email: admin.email }, 'SuperAdmin account ready');
  }
  if (config.demoData && (await seedDemoData(app.db, app.log))) {
    // Sample headlines are a nicety: a demo without them still starts.
    await seedDemoHeadlines(app.db, app.services.sponsored, DEMO_SELLER_EMAIL, app.log).catch((err: unknown) => app.log.warn({ err }, 'demo sponsored headlines not seeded'));
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
