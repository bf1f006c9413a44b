import { asCents, type JobSort } from '@market/shared';
import { type Insertable, type Selectable, sql, type SqlBool, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { JobApplicationsTable, JobsTable } from '../../db/schema.js';
import { likePattern } from '../freelancers/index.js';

export type JobRow = Selectable<JobsTable> & { owner_first_name: string; owner_last_name: string; domain_name: string | null };
export type ApplicationRow = Selectable<JobApplicationsTable> & { first_name: string; last_name: string };

function selectJobs(db: Executor) {
  return db
    .selectFrom('jobs as j')
    .innerJoin('users as u', 'u.id', 'j.owner_id')
    .leftJoin('domains as d', 'd.id', 'j.domain_id')
    .selectAll('j')
    .select(['u.first_name as owner_first_name', 'u.last_name as owner_last_name', 'd.domain_name as domain_name']);
}

export function findJob(db: Executor, id: number): Promise<JobRow | undefined> {
  return selectJobs(db).where('j.id', '=', id).executeTakeFirst();
}

export async function insertJob(db: Executor, row: Insertable<JobsTable>): Promise<number> {
  const { id } = await db.insertInto('jobs').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Changes the job only while it is still in one of `from`; false when it was not. */
export async function moveJob(db: Executor, id: number, from: readonly string[], patch: Updateable<JobsTable>): Promise<boolean> {
  const res = await db.updateTable('jobs').set(patch).where('id', '=', id).where('status', 'in', [...from]).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function replaceSkills(db: Executor, jobId: number, skills: readonly string[]): Promise<void> {
  await db.deleteFrom('job_skills').where('job_id', '=', jobId).execute();
  if (skills.length > 0) await db.insertInto('job_skills').values(skills.map((skill) => ({ job_id: jobId, skill }))).execute();
}

export async function skillsOf(db: Executor, jobIds: readonly number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (jobIds.length === 0) return map;
  const rows = await db.selectFrom('job_skills').select(['job_id', 'skill']).where('job_id', 'in', [...jobIds]).orderBy('skill').execute();
  for (const r of rows) map.set(r.job_id, [...(map.get(r.job_id) ?? []), r.skill]);
  return map;
}

/** Applications counted per job: withdrawn ones left out, or (given `only`) those in these statuses. */
export async function applicationCounts(db: Executor, jobIds: readonly number[], only?: readonly string[]): Promise<Map<number, number>> {
  if (jobIds.length === 0) return new Map();
  let q = db
    .selectFrom('job_applications')
    .select(['job_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('job_id', 'in', [...jobIds]);
  q = only ? q.where('status', 'in', [...only]) : q.where('status', '!=', 'withdrawn');
  const rows = await q.groupBy('job_id').execute();
  return new Map(rows.map((r) => [r.job_id, Number(r.n)]));
}

/** One founder's jobs in every status, newest first: `limit` of them, plus one to tell there are more. */
export function jobsOfOwner(db: Executor, ownerId: number, limit: number): Promise<JobRow[]> {
  return selectJobs(db).where('j.owner_id', '=', ownerId).orderBy('j.id', 'desc').limit(limit + 1).execute();
}

export interface JobFilters {
  q?: string;
  skill?: string;
  minBudget?: number;
  maxBudget?: number;
  sort: JobSort;
  offset: number;
  limit: number;
  countCap: number;
}

/**
 * Open jobs matching the filters, one page of them and their count (up to the cap). The budget
 * filter keeps jobs whose range meets the asked range.
 */
export async function listOpen(db: Executor, f: JobFilters): Promise<{ count: number; more: boolean; rows: JobRow[] }> {
  let base = db.selectFrom('jobs as j').where('j.status', '=', 'open');
  const term = f.q?.toLowerCase();
  if (term) base = base.where(sql<SqlBool>`j.search_text LIKE ${likePattern(term)} ESCAPE '\\'`);
  if (f.skill) {
    const skill = f.skill;
    base = base.where((eb) => eb.exists(eb.selectFrom('job_skills as s').select('s.job_id').whereRef('s.job_id', '=', 'j.id').where('s.skill', '=', skill)));
  }
  if (f.minBudget !== undefined) base = base.where('j.budget_max_cents', '>=', asCents(f.minBudget));
  if (f.maxBudget !== undefined) base = base.where('j.budget_min_cents', '<=', asCents(f.maxBudget));

  const capped = await base.select('j.id').limit(f.countCap + 1).execute();
  const ids = await (() => {
    let q = base.select('j.id');
    if (f.sort === 'budget_high') q = q.orderBy('j.budget_max_cents', 'desc');
    else if (f.sort === 'budget_low') q = q.orderBy('j.budget_min_cents', 'asc');
    return q.orderBy('j.id', 'desc').offset(f.offset).limit(f.limit).execute();
  })();
  const rows = ids.length > 0 ? await selectJobs(db).where('j.id', 'in', ids.map((r) => r.id)).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    count: Math.min(capped.length, f.countCap),
    more: capped.length > f.countCap,
    rows: ids.map((r) => byId.get(r.id)).filter((r): r is JobRow => r !== undefined),
  };
}

function selectApplications(db: Executor) {
  return db.selectFrom('job_applications as a').innerJoin('users as u', 'u.id', 'a.freelancer_id').selectAll('a').select(['u.first_name', 'u.last_name']);
}

export function findApplication(db: Executor, id: number): Promise<ApplicationRow | undefined> {
  return selectApplications(db).where('a.id', '=', id).executeTakeFirst();
}

export function findApplicationOf(db: Executor, jobId: number, freelancerId: number): Promise<ApplicationRow | undefined> {
  return selectApplications(db).where('a.job_id', '=', jobId).where('a.freelancer_id', '=', freelancerId).executeTakeFirst();
}

export type FreelancerApplicationRow = ApplicationRow & {
  job_title: string;
  job_status: string;
  job_deadline: string;
  job_engagement_id: number | null;
  owner_id: number;
  owner_first_name: string;
  owner_last_name: string;
  domain_name: string | null;
};

/** One freelancer's applications with their jobs, newest first: `limit` of them, plus one to tell there are more. */
export function applicationsOfFreelancer(db: Executor, freelancerId: number, limit: number): Promise<FreelancerApplicationRow[]> {
  return selectApplications(db)
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .innerJoin('users as o', 'o.id', 'j.owner_id')
    .leftJoin('domains as d', 'd.id', 'j.domain_id')
    .select([
      'j.title as job_title',
      'j.status as job_status',
      'j.deadline as job_deadline',
      'j.engagement_id as job_engagement_id',
      'j.owner_id as owner_id',
      'o.first_name as owner_first_name',
      'o.last_name as owner_last_name',
      'd.domain_name as domain_name',
    ])
    .where('a.freelancer_id', '=', freelancerId)
    .orderBy('a.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export function applicationsOfJob(db: Executor, jobId: number): Promise<ApplicationRow[]> {
  return selectApplications(db).where('a.job_id', '=', jobId).orderBy('a.id').execute();
}

export async function insertApplication(db: Executor, row: Insertable<JobApplicationsTable>): Promise<number> {
  const { id } = await db.insertInto('job_applications').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Moves an application only while it is still in one of `from`; false when it was not. */
export async function moveApplication(db: Executor, id: number, from: readonly string[], to: string, now: string): Promise<boolean> {
  const res = await db.updateTable('job_applications').set({ status: to, updated_at: now }).where('id', '=', id).where('status', 'in', [...from]).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Every other live application of a filled job becomes not selected; returns their freelancers. */
export async function closeOtherApplications(db: Executor, jobId: number, hiredId: number, live: readonly string[], now: string): Promise<number[]> {
  const rows = await db
    .updateTable('job_applications')
    .set({ status: 'not_selected', updated_at: now })
    .where('job_id', '=', jobId)
    .where('id', '!=', hiredId)
    .where('status', 'in', [...live])
    .returning('freelancer_id')
    .execute();
  return rows.map((r) => r.freelancer_id);
}

export function hasPublishedProfile(db: Executor, userId: number) {
  return db.selectFrom('freelancer_profiles').select('user_id').where('user_id', '=', userId).where('published', '=', 1).executeTakeFirst();
}
