import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { LeaseEventsTable, LeaseInstalmentsTable, LeasesTable } from '../../db/schema.js';
import { PARTY_NAME_COLUMNS, type PartyNames } from '../deals/index.js';

export type LeaseRow = Selectable<LeasesTable>;
export type InstalmentRow = Selectable<LeaseInstalmentsTable>;
export type LeaseEventRow = Selectable<LeaseEventsTable>;

/** A lease with the names a page shows beside it. */
export type LeaseView = LeaseRow & PartyNames;

/** An instalment with what its notices and pages name: the lease's parties and domain. */
export type InstalmentView = InstalmentRow & {
  buyer_id: number;
  seller_id: number;
  domain_id: number;
  domain_unicode: string;
  lease_status: string;
};

function selectLeases(db: Executor) {
  return db
    .selectFrom('leases as l')
    .innerJoin('domains as d', 'd.id', 'l.domain_id')
    .innerJoin('users as b', 'b.id', 'l.buyer_id')
    .innerJoin('users as s', 's.id', 'l.seller_id')
    .selectAll('l')
    .select(PARTY_NAME_COLUMNS);
}

function selectInstalments(db: Executor) {
  return db
    .selectFrom('lease_instalments as i')
    .innerJoin('leases as l', 'l.id', 'i.lease_id')
    .innerJoin('domains as d', 'd.id', 'l.domain_id')
    .selectAll('i')
    .select(['l.buyer_id', 'l.seller_id', 'l.domain_id', 'l.status as lease_status', 'd.domain_unicode']);
}

export const findLease = (db: Executor, id: number): Promise<LeaseView | undefined> => selectLeases(db).where('l.id', '=', id).executeTakeFirst();

export const findInstalment = (db: Executor, id: number): Promise<InstalmentView | undefined> => selectInstalments(db).where('i.id', '=', id).executeTakeFirst();

export const findInstalmentBySession = (db: Executor, sessionId: string): Promise<InstalmentView | undefined> =>
  selectInstalments(db).where('i.checkout_session_id', '=', sessionId).executeTakeFirst();

export const instalmentsOf = (db: Executor, leaseId: number): Promise<InstalmentView[]> =>
  selectInstalments(db).where('i.lease_id', '=', leaseId).orderBy('i.number').orderBy('i.id').execute();

export const leasesOfUser = (db: Executor, userId: number): Promise<LeaseView[]> =>
  selectLeases(db)
    .where((eb) => eb.or([eb('l.buyer_id', '=', userId), eb('l.seller_id', '=', userId)]))
    .orderBy('l.id', 'desc')
    .limit(500)
    .execute();

export const listLeases = (db: Executor, limit: number): Promise<LeaseView[]> => selectLeases(db).orderBy('l.id', 'desc').limit(limit).execute();

/** The lease that holds the domain now (one still open), if any. */
export const openLeaseOfDomain = (db: Executor, domainId: number, statuses: readonly string[]): Promise<LeaseRow | undefined> =>
  db.selectFrom('leases').selectAll().where('domain_id', '=', domainId).where('status', 'in', [...statuses]).orderBy('id', 'desc').executeTakeFirst();

export async function insertLease(db: Executor, lease: Insertable<LeasesTable>): Promise<LeaseRow> {
  return db.insertInto('leases').values(lease).returningAll().executeTakeFirstOrThrow();
}

export async function insertInstalments(db: Executor, rows: Insertable<LeaseInstalmentsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('lease_instalments').values(rows).execute();
}

export async function updateLease(db: Executor, id: number, patch: Updateable<LeasesTable>): Promise<void> {
  await db.updateTable('leases').set(patch).where('id', '=', id).execute();
}

export async function insertEvent(db: Executor, event: Insertable<LeaseEventsTable>): Promise<void> {
  await db.insertInto('lease_events').values(event).execute();
}

export const eventsOf = (db: Executor, leaseId: number): Promise<LeaseEventRow[]> =>
  db.selectFrom('lease_events').selectAll().where('lease_id', '=', leaseId).orderBy('id').execute();

/** Instalments still due of leases in `leaseStatuses`, whose date `column` compares to `at` (the timers' work list). */
export function dueInstalments(db: Executor, leaseStatuses: readonly string[], dueBefore: string, limit = 500): Promise<InstalmentView[]> {
  return selectInstalments(db)
    .where('i.status', '=', 'due')
    .where('l.status', 'in', [...leaseStatuses])
    .where('i.due_at', '<=', dueBefore)
    .orderBy('i.due_at')
    .orderBy('i.id')
    .limit(limit)
    .execute();
}

/** Leases waiting for their first instalment past `pay_by`. */
export const lapsedLeases = (db: Executor, now: string): Promise<LeaseView[]> =>
  selectLeases(db).where('l.status', '=', 'awaiting_payment').where('l.pay_by', '<=', now).orderBy('l.id').limit(200).execute();

/** Leases whose transfer is proven by DNS and whose confirmation time has come. */
export const confirmableLeases = (db: Executor, now: string): Promise<LeaseView[]> =>
  selectLeases(db).where('l.status', '=', 'transfer_in_progress').where('l.confirm_by', 'is not', null).where('l.confirm_by', '<=', now).orderBy('l.id').limit(200).execute();

/**
 * Marks a timer of an instalment as fired, only if it was not: of two sweeps racing, exactly one
 * changes the row (and sends the notice in the same transaction).
 */
export async function claimTimer(db: Executor, id: number, column: 'reminded_7_at' | 'reminded_1_at' | 'warned_at', at: string): Promise<boolean> {
  const result = await db.updateTable('lease_instalments').set({ [column]: at, updated_at: at }).where('id', '=', id).where('status', '=', 'due').where(column, 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The checkout page opened for an instalment still due (the newest page wins). */
export async function setCheckoutSession(db: Executor, id: number, sessionId: string, now: string): Promise<boolean> {
  const result = await db.updateTable('lease_instalments').set({ checkout_session_id: sessionId, updated_at: now }).where('id', '=', id).where('status', '=', 'due').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Which lease each accepted lead became (leases opened on an accepted offer in instalments). */
export async function leaseIdsOfLeads(db: Executor, leadIds: number[]): Promise<Map<number, number>> {
  if (leadIds.length === 0) return new Map();
  const rows = await db.selectFrom('leases').select(['id', 'domain_lead_id']).where('domain_lead_id', 'in', leadIds).orderBy('id').execute();
  return new Map(rows.map((r) => [r.domain_lead_id!, r.id]));
}
