import { sql } from 'kysely';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, quoteIdent } from '../../db/database.js';

const RECONNECT_MS = 1_000;

/**
 * Hears, on PostgreSQL, that the search change log grew: migration 0028 notifies the channel of
 * the app's schema at the commit of every statement that adds to it. While this listens and
 * has heard nothing since the index last read the log, the index is current without asking
 * the database (listed-search.ts `answersAlone`).
 */
export interface SearchChangeListener {
  /**
   * Grows with every notice heard and every (re)connection: unchanged since a moment means
   * nothing was committed to the log since then that this instance has not been told of.
   */
  readonly heard: number;
  /** False while the connection is down: no notice can be trusted to arrive then. */
  readonly listening: boolean;
  /** Called after each notice (the index then reads the log in the background). */
  onNotice(handler: () => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The channel the notices of the schema `schema` go to (as migration 0028 names it). */
export function searchChannel(schema: string): string {
  return `market_search_${schema}`.toLowerCase().slice(0, 63);
}

export function createSearchChangeListener(db: Db, log?: FastifyBaseLogger): SearchChangeListener | undefined {
  const connectionString = db.options?.databaseUrl;
  if (db.dialect !== 'postgres' || !connectionString) return undefined;
  let heard = 0;
  let listening = false;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const handlers: Array<() => void> = [];
  const notice = () => {
    heard++;
    for (const handler of handlers) handler();
  };

  async function connect(): Promise<void> {
    // The schema the app's own statements resolve to, which is the one the trigger names.
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db.kysely);
    const channel = searchChannel(rows[0]!.schema);
    const own = new pg.Client({ connectionString });
    own.on('notification', (n) => {
      if (n.channel === channel) notice();
    });
    own.on('error', (err) => {
      if (client === own) client = undefined;
      listening = false;
      // Whatever was committed while the connection was down was not heard.
      heard++;
      log?.warn({ err }, 'search index: LISTEN connection lost; searches ask the database until it is back');
      void own.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(onConnectFailed), RECONNECT_MS);
    });
    await own.connect();
    await own.query(`LISTEN ${quoteIdent(channel)}`);
    if (stopped) return void (await own.end());
    client = own;
    listening = true;
    // Commits before the LISTEN were not heard: count this as a notice, so the log is read again.
    notice();
  }

  function onConnectFailed(error: unknown): void {
    log?.warn({ err: error }, 'search index: could not LISTEN; retrying');
    if (!stopped) retry = setTimeout(() => void connect().catch(onConnectFailed), RECONNECT_MS);
  }

  return {
    get heard() {
      return heard;
    },
    get listening() {
      return listening;
    },
    onNotice(handler) {
      handlers.push(handler);
    },
    async start() {
      await connect().catch(onConnectFailed);
    },
    async stop() {
      stopped = true;
      listening = false;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
