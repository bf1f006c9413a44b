import { sql } from 'kysely';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, quoteIdent } from '../../db/database.js';
import type { LiveTransport } from './live-bus.js';

const RECONNECT_MS = 1_000;

/**
 * The channel of one database schema: instances working in different schemas (tests give each
 * file its own) share a server but not their users' events.
 */
export function liveChannel(schema: string | undefined): string {
  return `market_live${schema ? `_${schema}` : ''}`.toLowerCase().slice(0, 63);
}

/**
 * Changes through PostgreSQL: NOTIFY goes through the app's pool (one short statement), and one
 * connection of its own per instance LISTENs. If that connection drops it comes back after a
 * second; events in between are lost, and the browsers' polling covers them.
 */
export function createPostgresTransport(db: Db, log: FastifyBaseLogger): LiveTransport {
  const connectionString = db.options?.databaseUrl;
  if (!connectionString) throw new Error('live events on PostgreSQL need the database URL');
  const channel = liveChannel(db.schema);
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  async function listen(deliver: (message: string) => void): Promise<void> {
    const own = new pg.Client({ connectionString });
    own.on('notification', (n) => {
      if (n.channel === channel && n.payload) deliver(n.payload);
    });
    own.on('error', (err) => {
      log.warn({ err }, 'live events: LISTEN connection lost');
      void own.end().catch(() => undefined);
      if (client === own) client = undefined;
      if (!stopped) retry = setTimeout(() => void listen(deliver).catch(() => undefined), RECONNECT_MS);
    });
    await own.connect();
    await own.query(`LISTEN ${quoteIdent(channel)}`);
    if (stopped) return void (await own.end());
    client = own;
  }

  return {
    name: 'postgres',
    start: (deliver) => listen(deliver),
    async send(message) {
      await sql`SELECT pg_notify(${channel}, ${message})`.execute(db.kysely);
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
