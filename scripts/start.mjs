#!/usr/bin/env node
// `npm start`: from a fresh clone to the running app with demo data on http://localhost:8080.
// Installs and builds only what is missing or stale; migrations and the demo seed run at start.
import { ensureBuilt, ensureInstalled, root, runAsync } from './lib.mjs';

ensureInstalled();
ensureBuilt();

const env = { NODE_ENV: 'production', ...process.env };
console.log(`Starting Domain Market on http://localhost:${env.PORT ?? 8080} ...`);
process.exitCode = await runAsync(process.execPath, ['apps/server/dist/main.js'], { cwd: root, env });
