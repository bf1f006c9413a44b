import type { Insertable, Selectable, Updateable } from 'kysely';
import { milestoneFlow, type MilestoneStatus, type RequestStatus, reviewRating } from '@market/shared';
import type { Executor } from '../../db/database.js';
import type {
  EngagementEventsTable,
  EngagementMilestonesTable,
  EngagementMessagesTable,
  EngagementReviewsTable,
  EngagementsTable,
} from '../../db/schema.js';

export type EngagementRow = Selectable<EngagementsTable>;
export type MilestoneRow = Selectable<EngagementMilestonesTable>;
export type EngagementEventRow = Selectable<EngagementEventsTable>;

/** An engagement with the names a page shows beside it. */
export type EngagementView = EngagementRow & {
  client_first_name: string;
  client_last_name: string;
  freelancer_first_name: string;
  freelancer_last_name: string;
  domain_unicode: string | null;
};

function selectEngagements(db: Executor) {
  return db
    .selectFrom('engagements as e')
    .innerJoin('users as c', 'c.id', 'e.client_id')
    .innerJoin('users as f', 'f.id', 'e.freelancer_id')
    .leftJoin('domains as d', 'd.id', 'e.domain_id')
    .selectAll('e')
    .select([
      'c.first_name as client_first_name',
      'c.last_name as client_last_name',
      'f.first_name as freelancer_first_name',
      'f.last_name as freelancer_last_name',
      'd.domain_unicode',
    ]);
}

export function findEngagement(db: Executor, id: number): Promise<EngagementView | undefined> {
  return selectEngagements(db).where('e.id', '=', id).executeTakeFirst();
}

export function engagementsOfUser(db: Executor, userId: number): Promise<EngagementView[]> {
  return selectEngagements(db)
    .where((eb) => eb.or([eb('e.client_id', '=', userId), eb('e.freelancer_id', '=', userId)]))
    .orderBy('e.id', 'desc')
    .limit(500)
    .execute();
}

/** The user a request is sent to, with what decides whether they take freelance work (their profile published). */
export function findUserForHire(db: Executor, id: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('freelancer_profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'p.published'])
    .where('u.id', '=', id)
    .executeTakeFirst();
}

export function findOwnedDomain(db: Executor, domainId: number, userId: number) {
  return db.selectFrom('domains').select(['id']).where('id', '=', domainId).where('user_id', '=', userId).executeTakeFirst();
}

export function findBuyersOrder(db: Executor, orderId: number, userId: number) {
  return db.selectFrom('purchase_orders').select(['id', 'domain_id']).where('id', '=', orderId).where('buyer_id', '=', userId).executeTakeFirst();
}

export async function insertEngagement(db: Executor, row: Insertable<EngagementsTable>): Promise<EngagementRow> {
  return db.insertInto('engagements').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Moves the request only if it is still in one of `from` (and, when given, at that terms version). */
export async function moveEngagement(
  db: Executor,
  id: number,
  from: readonly RequestStatus[],
  patch: Updateable<EngagementsTable> & { status?: RequestStatus },
  termsVersion?: number,
): Promise<boolean> {
  let q = db.updateTable('engagements').set(patch).where('id', '=', id).where('status', 'in', [...from]);
  if (termsVersion !== undefined) q = q.where('terms_version', '=', termsVersion);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function milestonesOf(db: Executor, engagementIds: number[]): Promise<MilestoneRow[]> {
  if (engagementIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('engagement_milestones').selectAll().where('engagement_id', 'in', engagementIds).orderBy('engagement_id').orderBy('position').execute();
}

export function findMilestone(db: Executor, id: number): Promise<MilestoneRow | undefined> {
  return db.selectFrom('engagement_milestones').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findMilestoneByCheckoutSession(db: Executor, sessionId: string): Promise<MilestoneRow | undefined> {
  return db.selectFrom('engagement_milestones').selectAll().where('checkout_session_id', '=', sessionId).executeTakeFirst();
}

export async function insertMilestones(db: Executor, rows: Insertable<EngagementMilestonesTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('engagement_milestones').values(rows).execute();
}

/** The terms still under discussion are replaced by a new proposal. */
export async function deleteProposedMilestones(db: Executor, engagementId: number): Promise<void> {
  await db.deleteFrom('engagement_milestones').where('engagement_id', '=', engagementId).where('status', '=', milestoneFlow.initial).execute();
}

/** The checkout page opened for a milestone still in the state it was checked in (the newest page wins). */
export async function setCheckoutSession(db: Executor, id: number, status: string, sessionId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('engagement_milestones')
    .set({ checkout_session_id: sessionId, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Milestones in one of `statuses` whose approval deadline has passed: the sweep's work list. */
export function overdueDeliveries(db: Executor, statuses: readonly MilestoneStatus[], now: string, limit = 200): Promise<MilestoneRow[]> {
  return db
    .selectFrom('engagement_milestones')
    .selectAll()
    .where('status', 'in', [...statuses])
    .where('approve_by', 'is not', null)
    .where('approve_by', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Milestones for the admin's finance page, newest first. */
export function listMilestones(db: Executor, statuses: readonly MilestoneStatus[] | undefined, limit: number): Promise<MilestoneRow[]> {
  let q = db.selectFrom('engagement_milestones').selectAll().where('status', '<>', milestoneFlow.initial);
  if (statuses?.length) q = q.where('status', 'in', [...statuses]);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

export function engagementsById(db: Executor, ids: number[]): Promise<EngagementView[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectEngagements(db).where('e.id', 'in', ids).execute();
}

export async function insertEvent(db: Executor, event: Insertable<EngagementEventsTable>): Promise<void> {
  await db.insertInto('engagement_events').values(event).execute();
}

export function eventsOf(db: Executor, engagementId: number): Promise<EngagementEventRow[]> {
  return db.selectFrom('engagement_events').selectAll().where('engagement_id', '=', engagementId).orderBy('id').execute();
}

// Conversation --------------------------------------------------------------------------------

export async function insertMessage(db: Executor, row: Insertable<EngagementMessagesTable>): Promise<number> {
  const { id } = await db.insertInto('engagement_messages').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

const messageRows = (db: Executor) =>
  db
    .selectFrom('engagement_messages as m')
    .innerJoin('users as u', 'u.id', 'm.sender_id')
    .select(['m.id', 'm.sender_id', 'm.body', 'm.attachment_key', 'm.attachment_name', 'm.attachment_type', 'm.attachment_size', 'm.created_at', 'u.first_name', 'u.last_name']);

/** The conversation's latest `limit` messages, oldest first. */
export async function messagesOf(db: Executor, engagementId: number, limit = 500) {
  const latest = await messageRows(db).where('m.engagement_id', '=', engagementId).orderBy('m.id', 'desc').limit(limit).execute();
  return latest.reverse();
}

export function findMessage(db: Executor, id: number) {
  return messageRows(db).where('m.id', '=', id).executeTakeFirst();
}

/** Marks the conversation read up to `lastId` for the user; never moves the mark back. */
export async function markRead(db: Executor, engagementId: number, userId: number, lastId: number): Promise<void> {
  await db
    .insertInto('engagement_reads')
    .values({ engagement_id: engagementId, user_id: userId, last_read_id: lastId })
    .onConflict((oc) =>
      oc
        .columns(['engagement_id', 'user_id'])
        .doUpdateSet({ last_read_id: lastId })
        .where('engagement_reads.last_read_id', '<', lastId),
    )
    .execute();
}

/** Messages from the other party the user has not read, per engagement (only those with some). */
export async function unreadCounts(db: Executor, userId: number, engagementIds?: number[]): Promise<Map<number, number>> {
  let q = db
    .selectFrom('engagement_messages as m')
    .innerJoin('engagements as e', 'e.id', 'm.engagement_id')
    .leftJoin('engagement_reads as r', (join) => join.onRef('r.engagement_id', '=', 'm.engagement_id').on('r.user_id', '=', userId))
    .select(['m.engagement_id', (eb) => eb.fn.countAll<number>().as('unread')])
    .where((eb) => eb.or([eb('e.client_id', '=', userId), eb('e.freelancer_id', '=', userId)]))
    .where('m.sender_id', '<>', userId)
    .where((eb) => eb.or([eb('r.last_read_id', 'is', null), eb('m.id', '>', eb.ref('r.last_read_id'))]))
    .groupBy('m.engagement_id');
  if (engagementIds) {
    if (engagementIds.length === 0) return new Map();
    q = q.where('m.engagement_id', 'in', engagementIds);
  }
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.engagement_id, Number(r.unread)]));
}

// Reviews -------------------------------------------------------------------------------------

function selectReviews(db: Executor) {
  return db
    .selectFrom('engagement_reviews as r')
    .innerJoin('users as a', 'a.id', 'r.author_id')
    .innerJoin('users as s', 's.id', 'r.subject_id')
    .innerJoin('engagements as e', 'e.id', 'r.engagement_id')
    .selectAll('r')
    .select(['a.first_name as author_first_name', 'a.last_name as author_last_name', 's.first_name as subject_first_name', 's.last_name as subject_last_name', 'e.title as engagement_title']);
}
export type ReviewRow = Awaited<ReturnType<typeof reviewsOfEngagement>>[number];

export function reviewsOfEngagement(db: Executor, engagementId: number) {
  return selectReviews(db).where('r.engagement_id', '=', engagementId).orderBy('r.id').execute();
}

/** The clients' reviews of a freelancer, newest first (their public profile shows them). */
export function clientReviewsOf(db: Executor, freelancerId: number, limit: number, offset = 0) {
  return selectReviews(db).where('r.subject_id', '=', freelancerId).where('r.author_role', '=', 'client').orderBy('r.id', 'desc').limit(limit).offset(offset).execute();
}

/** How many reviews clients wrote of a freelancer. */
export async function countClientReviews(db: Executor, freelancerId: number): Promise<number> {
  const row = await db
    .selectFrom('engagement_reviews')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('subject_id', '=', freelancerId)
    .where('author_role', '=', 'client')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The reviews one user received (`subject`) or wrote (`author`), newest first. */
export function reviewsByPartyQuery(db: Executor, side: 'subject' | 'author', userId: number, limit: number) {
  return selectReviews(db)
    .where(side === 'subject' ? 'r.subject_id' : 'r.author_id', '=', userId)
    .orderBy('r.id', 'desc')
    .limit(limit);
}

export function reviewsByParty(db: Executor, side: 'subject' | 'author', userId: number, limit: number) {
  return reviewsByPartyQuery(db, side, userId, limit).execute();
}

export async function insertReview(db: Executor, row: Insertable<EngagementReviewsTable>): Promise<number> {
  const inserted = await db.insertInto('engagement_reviews').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** The reviewed party's one reply: only while there is none. */
export async function setReviewReply(db: Executor, id: number, subjectId: number, reply: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('engagement_reviews')
    .set({ reply, replied_at: at })
    .where('id', '=', id)
    .where('subject_id', '=', subjectId)
    .where('reply', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The freelancer profile's aggregates from the clients' reviews: how many (each one is a
 * completed engagement) and their average stars, to one decimal as the profile shows it. The
 * profile row is locked first, so two reviews committed at once both count.
 */
export async function refreshFreelancerAggregates(db: Executor, freelancerId: number): Promise<void> {
  const locked = await db.updateTable('freelancer_profiles').set((eb) => ({ completed_engagements: eb.ref('completed_engagements') })).where('user_id', '=', freelancerId).executeTakeFirst();
  if (Number(locked.numUpdatedRows) === 0) return;
  const totals = await db
    .selectFrom('engagement_reviews')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.sum<number | string | null>('stars').as('stars')])
    .where('subject_id', '=', freelancerId)
    .where('author_role', '=', 'client')
    .executeTakeFirstOrThrow();
  const count = Number(totals.count);
  const rating = reviewRating(count, Number(totals.stars ?? 0));
  await db.updateTable('freelancer_profiles').set({ completed_engagements: count, rating }).where('user_id', '=', freelancerId).execute();
}
