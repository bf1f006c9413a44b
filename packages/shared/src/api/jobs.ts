import { z } from 'zod';
import { centsSchema } from '../money.js';
import { freelancerSkillKeys } from '../freelancers.js';
import { applicationStatuses, JOB_COUNT_CAP, MY_JOBS_LIMIT, JOB_LIMITS as L, JOB_PAGE_SIZE, jobMessages as m, jobSortKeys, jobStatuses } from '../jobs.js';

const cents = z.number().int().min(L.minBudgetCents).max(L.maxBudgetCents).brand<'Cents'>();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.');
const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;

/** POST /api/jobs/ and PUT /api/jobs/:id: a fixed budget has max equal to min. */
export const jobBody = z
  .object({
    title: z.string().trim().min(3).max(L.title),
    description: z.string().trim().min(10).max(L.description),
    /** One of the founder's own domains, or (with order_id) one they are buying. */
    domain_id: z.number().int().positive().nullable().optional(),
    order_id: z.number().int().positive().nullable().optional(),
    budget_min_cents: cents,
    budget_max_cents: cents,
    skills: z.array(z.enum(freelancerSkillKeys)).min(1).max(L.skills).refine(unique, 'List each skill once.'),
    deadline: isoDate,
  })
  .strict()
  .refine((b) => b.budget_min_cents <= b.budget_max_cents, { message: m.budgetRange, path: ['budget_max_cents'] });
export type JobBody = z.output<typeof jobBody>;

export const jobListQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    skill: z.enum(freelancerSkillKeys).optional(),
    min_budget: z.coerce.number().int().min(0).max(L.maxBudgetCents).optional(),
    max_budget: z.coerce.number().int().min(0).max(L.maxBudgetCents).optional(),
    sort: z.enum(jobSortKeys).default('newest'),
    page: z.coerce.number().int().min(1).max(JOB_COUNT_CAP / JOB_PAGE_SIZE).default(1),
  })
  .refine((q) => q.min_budget === undefined || q.max_budget === undefined || q.min_budget <= q.max_budget, { message: m.budgetRange, path: ['min_budget'] });

export const applicationBody = z
  .object({
    cover_letter: z.string().trim().min(10).max(L.coverLetter),
    price_cents: cents,
    delivery_days: z.number().int().min(1).max(L.maxDeliveryDays),
  })
  .strict();
export type ApplicationBody = z.output<typeof applicationBody>;

const person = z.object({ id: z.number(), name: z.string() });

export const jobApplicationSchema = z.object({
  id: z.number(),
  job_id: z.number(),
  freelancer: person,
  cover_letter: z.string(),
  price_cents: centsSchema,
  delivery_days: z.number(),
  status: z.enum(applicationStatuses),
  created_at: z.string(),
});
export type JobApplication = z.infer<typeof jobApplicationSchema>;

export const jobSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  founder: person,
  /** The domain the work is for (its name, and its id to link or pre-select it); null when none. */
  domain: z.string().nullable(),
  domain_id: z.number().nullable(),
  budget_min_cents: centsSchema,
  budget_max_cents: centsSchema,
  skills: z.array(z.string()),
  deadline: z.string(),
  status: z.enum(jobStatuses),
  application_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  /** What the viewer may do: set only for a signed-in viewer. */
  viewer: z
    .object({
      is_owner: z.boolean(),
      /** Their own application to this job, if any. */
      application: jobApplicationSchema.nullable(),
      /** The engagement a hire made, shown to the founder and the hired freelancer. */
      engagement_id: z.number().nullable(),
      /** The owner's order when the job is for a domain they are buying (so editing keeps it); null for anyone else. */
      order_id: z.number().nullable(),
    })
    .nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListSchema = z.object({
  /** Matches, counted up to JOB_COUNT_CAP; `more` when there are more than that. */
  count: z.number(),
  more: z.boolean(),
  page: z.number(),
  page_size: z.literal(JOB_PAGE_SIZE),
  results: z.array(jobSchema),
});
export type JobList = z.infer<typeof jobListSchema>;

export const hireResultSchema = z.object({ job: jobSchema, engagement_id: z.number() });
export type HireResult = z.infer<typeof hireResultSchema>;

/** GET /api/jobs/mine/: the signed-in founder's posts in every status, newest first. */
export const myJobListSchema = z.object({
  results: z.array(jobSchema.extend({ /** Applications the founder can still act on (submitted or shortlisted). */ live_application_count: z.number() })),
  /** More than MY_JOBS_LIMIT posts: only the newest are listed. */
  more: z.boolean(),
  limit: z.literal(MY_JOBS_LIMIT),
});
export type MyJobList = z.infer<typeof myJobListSchema>;
export type MyJob = MyJobList['results'][number];

/** GET /api/jobs/applications/mine/: the signed-in freelancer's applications, newest first, each with its job. */
export const myApplicationListSchema = z.object({
  results: z.array(
    jobApplicationSchema.extend({
      job: z.object({
        id: z.number(),
        title: z.string(),
        status: z.enum(jobStatuses),
        founder: person,
        domain: z.string().nullable(),
        deadline: z.string(),
      }),
      /** The engagement the hire opened: set only on a hired application. */
      engagement_id: z.number().nullable(),
    }),
  ),
  more: z.boolean(),
  limit: z.literal(MY_JOBS_LIMIT),
});
export type MyApplicationList = z.infer<typeof myApplicationListSchema>;
export type MyApplication = MyApplicationList['results'][number];
