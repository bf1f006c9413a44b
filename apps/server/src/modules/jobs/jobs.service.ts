import {
  type ApplicationBody,
  type ApplicationStatus,
  applicationStatusLabels,
  DAY_MS,
  formatCents,
  freelancerSkillLabel,
  JOB_COUNT_CAP,
  JOB_LIMITS,
  JOB_PAGE_SIZE,
  type JobBody,
  type JobList,
  type JobSort,
  jobMessages as m,
  liveApplicationStatuses,
  MY_JOBS_LIMIT,
  type MyApplicationList,
  type MyJobList,
  publicName,
} from '@market/shared';
import type { Updateable } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { nowIso } from '../../db/database.js';
import type { JobsTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { CounterStore } from '../../lib/counter-store.js';
import { useWindow } from '../../lib/window-limit.js';
import type { Principal } from '../auth/index.js';
import { type EngagementsService, findBuyersOrder, findOwnedDomain } from '../engagements/index.js';
import { commitWithNotices, type Notice, theirs } from '../notifications/index.js';
import { presentApplication, presentJob, presentMyApplication } from './jobs.presenter.js';
import * as repo from './jobs.repository.js';
import type { ApplicationRow, JobRow } from './jobs.repository.js';

export interface JobsDeps {
  db: Db;
  counters: CounterStore;
  engagements: Pick<EngagementsService, 'openAgreed'>;
  mailQueued: () => void;
  publicUrl: string;
  /** The time the throttles and deadlines go by (tests pin it). */
  clock?: () => number;
}

export interface JobListFilters {
  q?: string;
  skill?: string;
  min_budget?: number;
  max_budget?: number;
  sort: JobSort;
  page: number;
}

const HOUR_MS = 3_600_000;
const link = (id: number) => `/jobs/${id}`;
const applicationLabel = (status: string) => applicationStatusLabels[status as ApplicationStatus] ?? status;
const searchText = (body: Pick<JobBody, 'title' | 'description' | 'skills'>) => [body.title, body.description, ...body.skills.map(freelancerSkillLabel)].join(' ').toLowerCase();

export function createJobsService({ db, counters, engagements, mailQueued, publicUrl, clock = Date.now }: JobsDeps) {
  const k = db.kysely;
  const commit = (work: (trx: Executor) => Promise<Notice[]>) => commitWithNotices(db, work, { publicUrl, mailQueued });
  const today = () => new Date(clock()).toISOString().slice(0, 10);

  function notice(jobId: number, userId: number, subject: string, message: string): Notice {
    return { userId, leadId: null, category: 'job', subject, message, link: link(jobId), linkLabel: 'Open the job' };
  }

  async function loadJob(id: number): Promise<JobRow> {
    const job = await repo.findJob(k, id);
    if (!job) throw new AppError('NOT_FOUND', m.notFound);
    return job;
  }

  /** The owner's job; anyone else is refused (the job itself is public, so not hidden). */
  async function ownJob(principal: Principal, id: number): Promise<JobRow> {
    const job = await loadJob(id);
    if (job.owner_id !== principal.user.id) throw new AppError('FORBIDDEN', m.ownerOnly);
    return job;
  }

  /** A job that is gone (read again inside a transaction) counts as no longer open. */
  function requireOpen(job: JobRow | undefined) {
    if (job?.status !== 'open') throw new AppError('CONFLICT', m.notOpen);
  }

  /** Moves a job that is still open; a concurrent close or hire makes it a conflict, never a second move. */
  async function moveOpenJob(trx: Executor, id: number, patch: Updateable<JobsTable>) {
    if (!(await repo.moveJob(trx, id, ['open'], patch))) throw new AppError('CONFLICT', m.notOpen);
  }

  /** An application and its job, for its applicant or the job's owner: anyone else sees no application at all. */
  async function partyApplication(principal: Principal, applicationId: number) {
    const application = await repo.findApplication(k, applicationId);
    const job = application ? await repo.findJob(k, application.job_id) : undefined;
    if (!application || !job || (job.owner_id !== principal.user.id && application.freelancer_id !== principal.user.id)) throw new AppError('NOT_FOUND', m.applicationNotFound);
    return { application, job };
  }

  /** An application on an open job, for the job's owner to act on (shortlist, decline, hire). */
  async function ownersApplication(principal: Principal, applicationId: number) {
    const found = await partyApplication(principal, applicationId);
    if (found.job.owner_id !== principal.user.id) throw new AppError('FORBIDDEN', m.ownerOnly);
    requireOpen(found.job);
    return found;
  }

  /** The domain a job is for: one the founder owns, or one they are buying (by its order). */
  async function domainOf(principal: Principal, body: JobBody): Promise<{ domainId: number | null; orderId: number | null }> {
    if (body.order_id) {
      const order = await findBuyersOrder(k, body.order_id, principal.user.id);
      if (!order) throw AppError.fields({ order_id: [m.domainNotYours] });
      return { domainId: order.domain_id, orderId: order.id };
    }
    if (body.domain_id) {
      if (!(await findOwnedDomain(k, body.domain_id, principal.user.id))) throw AppError.fields({ domain_id: [m.domainNotYours] });
      return { domainId: body.domain_id, orderId: null };
    }
    return { domainId: null, orderId: null };
  }

  function checkDeadline(deadline: string) {
    if (deadline < today()) throw AppError.fields({ deadline: [m.deadlinePast] });
  }

  /** What a posted or edited job body writes, once its deadline and domain are checked. */
  async function jobColumns(principal: Principal, body: JobBody) {
    checkDeadline(body.deadline);
    const { domainId, orderId } = await domainOf(principal, body);
    return {
      domain_id: domainId,
      order_id: orderId,
      title: body.title,
      description: body.description,
      search_text: searchText(body),
      budget_min_cents: body.budget_min_cents,
      budget_max_cents: body.budget_max_cents,
      deadline: body.deadline,
    };
  }

  async function view(id: number, principal: Principal | undefined) {
    const job = await loadJob(id);
    const [skills, counts] = await Promise.all([repo.skillsOf(k, [id]), repo.applicationCounts(k, [id])]);
    let viewer = null;
    if (principal) {
      const own = await repo.findApplicationOf(k, id, principal.user.id);
      const isOwner = job.owner_id === principal.user.id;
      const hired = own?.status === 'hired';
      viewer = { is_owner: isOwner, application: own ? presentApplication(own) : null, engagement_id: isOwner || hired ? job.engagement_id : null, order_id: isOwner ? job.order_id : null };
    }
    return presentJob(job, skills.get(id) ?? [], counts.get(id) ?? 0, viewer);
  }

  async function moveApplication(a: ApplicationRow, from: readonly ApplicationStatus[], to: ApplicationStatus, trx: Executor, now: string) {
    if (!(await repo.moveApplication(trx, a.id, from, to, now))) {
      const current = await repo.findApplication(trx, a.id);
      throw new AppError('CONFLICT', m.applicationOutOfOrder(applicationLabel(current?.status ?? a.status)));
    }
  }

  return {
    async list(f: JobListFilters): Promise<JobList> {
      const { count, more, rows } = await repo.listOpen(k, {
        q: f.q,
        skill: f.skill,
        minBudget: f.min_budget,
        maxBudget: f.max_budget,
        sort: f.sort,
        offset: (f.page - 1) * JOB_PAGE_SIZE,
        limit: JOB_PAGE_SIZE,
        countCap: JOB_COUNT_CAP,
      });
      const ids = rows.map((r) => r.id);
      const [skills, counts] = await Promise.all([repo.skillsOf(k, ids), repo.applicationCounts(k, ids)]);
      return {
        count,
        more,
        page: f.page,
        page_size: JOB_PAGE_SIZE,
        results: rows.map((r) => presentJob(r, skills.get(r.id) ?? [], counts.get(r.id) ?? 0, null)),
      };
    },

    get: (id: number, principal: Principal | undefined) => view(id, principal),

    /** The founder's own posts in every status, each with how many applications are still live. */
    async mine(principal: Principal): Promise<MyJobList> {
      const found = await repo.jobsOfOwner(k, principal.user.id, MY_JOBS_LIMIT);
      const rows = found.slice(0, MY_JOBS_LIMIT);
      const ids = rows.map((r) => r.id);
      const [skills, counts, live] = await Promise.all([repo.skillsOf(k, ids), repo.applicationCounts(k, ids), repo.applicationCounts(k, ids, liveApplicationStatuses)]);
      const results = rows.map((r) => ({
        ...presentJob(r, skills.get(r.id) ?? [], counts.get(r.id) ?? 0, { is_owner: true, application: null, engagement_id: r.engagement_id, order_id: r.order_id }),
        live_application_count: live.get(r.id) ?? 0,
      }));
      return { results, more: found.length > MY_JOBS_LIMIT, limit: MY_JOBS_LIMIT };
    },

    /** The freelancer's own applications, with the state of each job. */
    async myApplications(principal: Principal): Promise<MyApplicationList> {
      const found = await repo.applicationsOfFreelancer(k, principal.user.id, MY_JOBS_LIMIT);
      return { results: found.slice(0, MY_JOBS_LIMIT).map(presentMyApplication), more: found.length > MY_JOBS_LIMIT, limit: MY_JOBS_LIMIT };
    },

    /** A signed-in user posts a job; throttled per user. */
    async create(principal: Principal, body: JobBody) {
      const columns = await jobColumns(principal, body);
      const wait = await useWindow(counters, `job-posts:user:${principal.user.id}`, JOB_LIMITS.postsPerHourPerUser, HOUR_MS, clock());
      if (wait > 0) throw AppError.rateLimited(m.postsThrottled, wait);
      const id = await k.transaction().execute(async (trx) => {
        const at = nowIso();
        const jobId = await repo.insertJob(trx, {
          owner_id: principal.user.id,
          ...columns,
          status: 'open',
          engagement_id: null,
          created_at: at,
          updated_at: at,
        });
        await repo.replaceSkills(trx, jobId, body.skills);
        return jobId;
      });
      return view(id, principal);
    },

    /** The owner edits the whole job while it is open. */
    async update(principal: Principal, id: number, body: JobBody) {
      requireOpen(await ownJob(principal, id));
      const columns = await jobColumns(principal, body);
      await k.transaction().execute(async (trx) => {
        await moveOpenJob(trx, id, { ...columns, updated_at: nowIso() });
        await repo.replaceSkills(trx, id, body.skills);
      });
      return view(id, principal);
    },

    /** The owner closes an open job without hiring; applicants still in the running are told. */
    async close(principal: Principal, id: number) {
      const job = await ownJob(principal, id);
      await commit(async (trx) => {
        const at = nowIso();
        await moveOpenJob(trx, id, { status: 'closed', updated_at: at });
        const told = await repo.closeOtherApplications(trx, id, 0, liveApplicationStatuses, at);
        return told.map((userId) => notice(id, userId, 'A job you applied to was closed without a hire', `${theirs(job.title)} was closed without a hire.`));
      });
      return view(id, principal);
    },

    async applications(principal: Principal, id: number) {
      await ownJob(principal, id);
      return (await repo.applicationsOfJob(k, id)).map(presentApplication);
    },

    /** A freelancer with a published profile applies once to an open job; throttled per user. */
    async apply(principal: Principal, id: number, body: ApplicationBody) {
      const job = await loadJob(id);
      if (job.owner_id === principal.user.id) throw new AppError('FORBIDDEN', m.ownJob);
      if (!(await repo.hasPublishedProfile(k, principal.user.id))) throw new AppError('FORBIDDEN', m.needsProfile);
      requireOpen(job);
      if (await repo.findApplicationOf(k, id, principal.user.id)) throw new AppError('CONFLICT', m.alreadyApplied);
      const wait = await useWindow(counters, `job-applications:user:${principal.user.id}`, JOB_LIMITS.applicationsPerHourPerUser, HOUR_MS, clock());
      if (wait > 0) throw AppError.rateLimited(m.applicationsThrottled, wait);
      const who = publicName(principal.user);
      let applicationId = 0;
      await commit(async (trx) => {
        const at = nowIso();
        requireOpen(await repo.findJob(trx, id));
        try {
          applicationId = await repo.insertApplication(trx, {
            job_id: id,
            freelancer_id: principal.user.id,
            cover_letter: body.cover_letter,
            price_cents: body.price_cents,
            delivery_days: body.delivery_days,
            status: 'submitted',
            created_at: at,
            updated_at: at,
          });
        } catch (error) {
          // The unique index is the last word when two applications race.
          if (isUniqueViolation(error)) throw new AppError('CONFLICT', m.alreadyApplied);
          throw error;
        }
        return [notice(id, job.owner_id, `${who} applied to your job`, `${who} applied to ${theirs(job.title)}: ${formatCents(body.price_cents)} in ${body.delivery_days} day(s).`)];
      });
      const created = await repo.findApplication(k, applicationId);
      if (!created) throw new AppError('NOT_FOUND', m.applicationNotFound);
      return presentApplication(created);
    },

    /** The applicant withdraws while the job is open. */
    async withdraw(principal: Principal, applicationId: number) {
      const { application, job } = await partyApplication(principal, applicationId);
      if (application.freelancer_id !== principal.user.id) throw new AppError('FORBIDDEN', m.applicantOnly);
      requireOpen(job);
      await k.transaction().execute((trx) => moveApplication(application, liveApplicationStatuses, 'withdrawn', trx, nowIso()));
      return presentApplication({ ...application, status: 'withdrawn' });
    },

    async shortlist(principal: Principal, applicationId: number) {
      const { application } = await ownersApplication(principal, applicationId);
      await k.transaction().execute((trx) => moveApplication(application, ['submitted'], 'shortlisted', trx, nowIso()));
      return presentApplication({ ...application, status: 'shortlisted' });
    },

    async decline(principal: Principal, applicationId: number) {
      const { application, job } = await ownersApplication(principal, applicationId);
      await commit(async (trx) => {
        await moveApplication(application, liveApplicationStatuses, 'declined', trx, nowIso());
        return [notice(job.id, application.freelancer_id, 'Your application was declined', `Your application to ${theirs(job.title)} was declined.`)];
      });
      return presentApplication({ ...application, status: 'declined' });
    },

    /**
     * The owner hires one applicant: the proposal becomes an engagement's accepted terms (one
     * milestone of the proposed price, due after the proposed delivery days), the job is filled,
     * the other applicants are told they were not selected. All in one transaction.
     */
    async hire(principal: Principal, applicationId: number) {
      const { application: a, job } = await ownersApplication(principal, applicationId);
      let engagementId = 0;
      await commit(async (trx) => {
        const at = nowIso();
        await moveApplication(a, liveApplicationStatuses, 'hired', trx, at);
        const deadline = new Date(clock() + a.delivery_days * DAY_MS).toISOString().slice(0, 10);
        const opened = await engagements.openAgreed(trx, {
          clientId: job.owner_id,
          freelancerId: a.freelancer_id,
          domainId: job.domain_id,
          orderId: job.order_id,
          title: job.title,
          brief: `${job.description}\n\nProposal:\n${a.cover_letter}`,
          amountCents: a.price_cents,
          deadline,
          note: `Hired from the job post: ${formatCents(a.price_cents)}, delivery in ${a.delivery_days} day(s)`,
        });
        engagementId = opened.id;
        await moveOpenJob(trx, job.id, { status: 'filled', engagement_id: opened.id, updated_at: at });
        const others = await repo.closeOtherApplications(trx, job.id, a.id, liveApplicationStatuses, at);
        return [...opened.notices, ...others.map((userId) => notice(job.id, userId, 'A job you applied to was filled by another freelancer', `${theirs(job.title)} was filled by another freelancer.`))];
      });
      return { job: await view(job.id, principal), engagement_id: engagementId };
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
