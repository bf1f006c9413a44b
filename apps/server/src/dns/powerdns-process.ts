import { type ChildProcess, spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../db/database.js';
import { pdnsSchemaOf, pdnsSqliteFile } from './pdns-schema.js';

/** Debian installs it in /usr/sbin, which a non-root PATH may lack. */
export function findPdnsServer(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((d) => path.join(d, 'pdns_server')).find((p) => fs.existsSync(p));
}

/** A port free for both UDP and TCP on 127.0.0.1 (PowerDNS cannot report one it picked itself). */
async function freePort(): Promise<number> {
  for (;;) {
    const udp = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    const { port } = udp.address();
    const tcpFree = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    await new Promise<void>((resolve) => udp.close(() => resolve()));
    if (tcpFree) return port;
  }
}

/**
 * The backend settings that point PowerDNS at the app's database: the attached SQLite file,
 * or the PostgreSQL database with the search path on PowerDNS's schema. The same lines go in a
 * production pdns.conf (docs/operations.md).
 */
export function pdnsBackendSettings(db: Db): string[] {
  if (db.dialect === 'sqlite') {
    return ['launch=gsqlite3', `gsqlite3-database=${path.resolve(pdnsSqliteFile(db.options?.sqliteFile ?? ''))}`];
  }
  const url = new URL(db.options?.databaseUrl ?? '');
  return [
    'launch=gpgsql',
    `gpgsql-host=${url.hostname}`,
    `gpgsql-port=${url.port || '5432'}`,
    `gpgsql-dbname=${decodeURIComponent(url.pathname.slice(1))}`,
    `gpgsql-user=${decodeURIComponent(url.username)}`,
    `gpgsql-password=${decodeURIComponent(url.password)}`,
    `gpgsql-extra-connection-parameters=options=-csearch_path=${pdnsSchemaOf(db)}`,
  ];
}

export interface PdnsProcess {
  port: number;
  pid: number;
  /** What it printed, for a failing test to show. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs Debian's pdns_server in the foreground on an ephemeral port of 127.0.0.1, with its config
 * and control socket in a temporary directory, serving the app's zones from `db`. Caches are
 * off unless `cacheSeconds` is given (production keeps them at 1 s, docs/operations.md).
 */
export async function startPdns(db: Db, binary = findPdnsServer(), cacheSeconds = 0): Promise<PdnsProcess> {
  if (!binary) throw new Error('pdns_server is not installed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdns-'));
  const port = await freePort();
  const conf = [
    ...pdnsBackendSettings(db),
    'local-address=127.0.0.1',
    `local-port=${port}`,
    `cache-ttl=${cacheSeconds}`,
    `query-cache-ttl=${cacheSeconds}`,
    `negquery-cache-ttl=${cacheSeconds}`,
    'zone-cache-refresh-interval=0',
    'consistent-backends=yes',
    // No status lookup of PowerDNS's own releases: tests send no query beyond this machine.
    'security-poll-suffix=',
    'loglevel=4',
  ];
  fs.writeFileSync(path.join(dir, 'pdns.conf'), `${conf.join('\n')}\n`);
  const child: ChildProcess = spawn(
    binary,
    [`--config-dir=${dir}`, `--socket-dir=${dir}`, '--daemon=no', '--guardian=no', '--disable-syslog', '--write-pid=no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  return {
    port,
    pid: child.pid!,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
