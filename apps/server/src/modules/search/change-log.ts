import { sql } from 'kysely';
import type { Dialect, Executor } from '../../db/database.js';
import type { ChangeGaps } from './change-gaps.js';

/**
 * Reads of `domain_search_changes` (migration 0011) for the in-memory index. On PostgreSQL a
 * change's number is drawn inside its transaction and seen at commit, so numbers commit out of
 * order, and a rolled-back transaction leaves its numbers out for good. Telling the two apart
 * rests on when the writer got its transaction id: a change row is written by a trigger on
 * `domains`, after the domain's row, so its transaction holds an id before it draws a number.
 * A number missing while a higher one is visible was therefore drawn by a transaction that had
 * an id before that snapshot; an id assigned afterwards (`writerHorizon`) is above it, and a
 * later snapshot whose oldest running transaction is not below that id (its xmin) shows the
 * number if it committed. SQLite writers take turns, so its log never commits out of order.
 */

export interface ChangeRow {
  seq: number;
  domain_id: number;
}

export interface ChangeRead {
  rows: ChangeRow[];
  /** Oldest transaction still running in the read's snapshot (PostgreSQL). */
  xmin: number;
  /** The log's oldest number in the read's snapshot (all of it trimmed when empty). */
  floor: number;
}

/** Where a build's snapshot stands in the log: read on from `seq`, and ask again for `gaps`. */
export interface LogPosition {
  seq: number;
  floor: number;
  /** Numbers between the log's rows that the snapshot did not show, as [lo, hi] pairs. */
  gaps: [number, number][];
}

/**
 * The log past `after` and the numbers in `gaps`, in one statement (one snapshot), ascending,
 * at most `limit` rows.
 */
export async function readChanges(k: Executor, dialect: Dialect, after: number, gaps: ChangeGaps, limit: number): Promise<ChangeRead> {
  if (dialect === 'sqlite') {
    const rows = await k.selectFrom('domain_search_changes').select(['seq', 'domain_id']).where('seq', '>', after).orderBy('seq').limit(limit).execute();
    return { rows: rows.map((r) => ({ seq: Number(r.seq), domain_id: r.domain_id })), xmin: Number.MAX_SAFE_INTEGER, floor: 0 };
  }
  const { lo, hi } = gaps.bounds();
  // Without gaps the log's end is an index scan that stops at the limit.
  const changes = gaps.isEmpty
    ? sql`SELECT seq, domain_id FROM domain_search_changes WHERE seq > ${after} ORDER BY seq LIMIT ${limit}`
    : sql`SELECT u.seq, u.domain_id FROM (
        SELECT seq, domain_id FROM domain_search_changes WHERE seq > ${after}
        UNION ALL
        SELECT l.seq, l.domain_id FROM unnest(${lo}::bigint[], ${hi}::bigint[]) AS g(lo, hi)
        JOIN domain_search_changes AS l ON l.seq BETWEEN g.lo AND g.hi
      ) AS u ORDER BY u.seq LIMIT ${limit}`;
  const { rows } = await sql<{ xmin: number; floor: number | null; seq: number | null; domain_id: number | null }>`
    SELECT s.xmin, s.floor, c.seq, c.domain_id
    FROM (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS xmin,
                 (SELECT min(seq) FROM domain_search_changes) AS floor) AS s
    LEFT JOIN LATERAL (${changes}) AS c ON true`.execute(k);
  const first = rows[0]!;
  return {
    rows: rows.filter((r) => r.seq !== null).map((r) => ({ seq: Number(r.seq), domain_id: Number(r.domain_id) })),
    xmin: Number(first.xmin),
    floor: first.floor === null ? Number.MAX_SAFE_INTEGER : Number(first.floor),
  };
}

/**
 * A transaction id above that of every transaction running now or before (PostgreSQL; it
 * costs one id, taken only when numbers were found missing or after a build).
 */
export async function writerHorizon(k: Executor): Promise<number> {
  const { rows } = await sql<{ xid: number }>`SELECT pg_current_xact_id()::text::bigint AS xid`.execute(k);
  return Number(rows[0]!.xid);
}

/** The log's position in the snapshot of `k` (a build's transaction). */
export async function logPosition(k: Executor, dialect: Dialect): Promise<LogPosition> {
  const end = await k
    .selectFrom('domain_search_changes')
    .select((eb) => [eb.fn.max('seq').as('seq'), eb.fn.min('seq').as('floor')])
    .executeTakeFirst();
  const seq = Number(end?.seq ?? 0);
  const floor = Number(end?.floor ?? 0);
  if (dialect === 'sqlite') return { seq, floor, gaps: [] };
  const { rows } = await sql<{ lo: number; hi: number }>`
    SELECT seq + 1 AS lo, next - 1 AS hi
    FROM (SELECT seq, lead(seq) OVER (ORDER BY seq) AS next FROM domain_search_changes) AS t
    WHERE next > seq + 1 ORDER BY seq`.execute(k);
  return { seq, floor, gaps: rows.map((r) => [Number(r.lo), Number(r.hi)]) };
}
