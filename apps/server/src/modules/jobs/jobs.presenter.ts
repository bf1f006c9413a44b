import { type Job, type JobApplication, type MyApplication, publicName } from '@market/shared';
import type { ApplicationRow, FreelancerApplicationRow, JobRow } from './jobs.repository.js';

const shortName = (first: string, last: string) => publicName({ first_name: first, last_name: last });

export function presentApplication(a: ApplicationRow): JobApplication {
  return {
    id: a.id,
    job_id: a.job_id,
    freelancer: { id: a.freelancer_id, name: shortName(a.first_name, a.last_name) },
    cover_letter: a.cover_letter,
    price_cents: a.price_cents,
    delivery_days: a.delivery_days,
    status: a.status as JobApplication['status'],
    created_at: a.created_at,
  };
}

/** A job as anyone sees it; `viewer` adds what a signed-in viewer may see of it. */
export function presentJob(j: JobRow, skills: string[], applicationCount: number, viewer: Job['viewer']): Job {
  return {
    id: j.id,
    title: j.title,
    description: j.description,
    founder: { id: j.owner_id, name: shortName(j.owner_first_name, j.owner_last_name) },
    domain: j.domain_name,
    domain_id: j.domain_id,
    budget_min_cents: j.budget_min_cents,
    budget_max_cents: j.budget_max_cents,
    skills,
    deadline: j.deadline,
    status: j.status as Job['status'],
    application_count: applicationCount,
    created_at: j.created_at,
    updated_at: j.updated_at,
    viewer,
  };
}

/** The freelancer's own application with its job; the engagement only once they were hired. */
export function presentMyApplication(a: FreelancerApplicationRow): MyApplication {
  return {
    ...presentApplication(a),
    job: {
      id: a.job_id,
      title: a.job_title,
      status: a.job_status as Job['status'],
      founder: { id: a.owner_id, name: shortName(a.owner_first_name, a.owner_last_name) },
      domain: a.domain_name,
      deadline: a.job_deadline,
    },
    engagement_id: a.status === 'hired' ? a.job_engagement_id : null,
  };
}
