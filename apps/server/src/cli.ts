import { parseArgs } from 'node:util';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateDown, migrateToLatest } from './db/migrate.js';
import { seedDemoData } from './db/seed.js';
import { pdnsSchemaOf } from './dns/pdns-schema.js';
import { createZoneWriter } from './dns/zones.js';

const USAGE = `Usage:
  node dist/cli.js migrate [--down]          apply all migrations (or undo the last one)
  node dist/cli.js seed                      add demo users and domains to an empty database
  node dist/cli.js create-admin --email E --password P
                                             create that SuperAdmin, or promote the account
  node dist/cli.js dns-rewrite               rewrite every served DNS zone (after NAMESERVERS or
                                             PUBLIC_IPV4/PUBLIC_IPV6 change)`;

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' }, down: { type: 'boolean' } },
  });
  const command = positionals[0];
  const config = loadConfig();
  const db = openDatabase({ databaseUrl: config.databaseUrl, schema: config.databaseSchema, sqliteFile: config.sqliteFile });
  try {
    switch (command) {
      case 'migrate': {
        const results = values.down ? await migrateDown(db) : await migrateToLatest(db);
        for (const r of results) console.log(`${r.direction} ${r.migrationName}: ${r.status}`);
        if (results.length === 0) console.log('Nothing to do.');
        return 0;
      }
      case 'seed': {
        await migrateToLatest(db);
        console.log((await seedDemoData(db)) ? 'Demo data added.' : 'The marketplace already has domains or the demo accounts; nothing seeded.');
        return 0;
      }
      case 'create-admin': {
        const email = values.email ?? config.admin?.email;
        const password = values.password ?? config.admin?.password;
        if (!email || !password || password.length < 8) {
          console.error('create-admin needs --email and --password (at least 8 characters).');
          return 2;
        }
        await migrateToLatest(db);
        const app = await buildApp(config, { db, logger: false });
        const admin = await app.services.auth.ensureSuperAdmin(email, password);
        await app.close();
        console.log(`SuperAdmin ready: ${admin.email} (id ${admin.id})`);
        return 0;
      }
      case 'dns-rewrite': {
        await migrateToLatest(db);
        const zones = createZoneWriter({
          nameservers: config.nameservers,
          publicIpv4: config.publicIpv4,
          publicIpv6: config.publicIpv6,
          pdnsSchema: pdnsSchemaOf(db),
        });
        console.log(`Rewrote ${await zones.rewriteAll(db.kysely)} zones.`);
        return 0;
      }
      default:
        console.error(USAGE);
        return 2;
    }
  } finally {
    await db.destroy();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
