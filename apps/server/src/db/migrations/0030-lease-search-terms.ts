import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { FILTERED_COLUMNS, recreateUpdateTrigger, SHOWN_COLUMNS } from './0018-search-row-columns.js';

/**
 * Search rows say "or $X a month" for names offered on lease, and the in-memory search index
 * answers rows by itself: a change of a listed name's lease terms must reach the change log like
 * a change of its price (the update trigger of migration 0018, with the terms added).
 */
const LEASE_COLUMNS = ['lease_months', 'lease_down_payment_cents', 'lease_rate_bp'];

export function leaseSearchTerms(dialect: Dialect) {
  return {
    up: (db: Kysely<unknown>) => recreateUpdateTrigger(db, dialect, [...FILTERED_COLUMNS, ...SHOWN_COLUMNS, ...LEASE_COLUMNS]),
    down: (db: Kysely<unknown>) => recreateUpdateTrigger(db, dialect, [...FILTERED_COLUMNS, ...SHOWN_COLUMNS]),
  };
}
