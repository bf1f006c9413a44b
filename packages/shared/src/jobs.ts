/**
 * Job posts (docs/product.md section "Job posts"): a founder posts a project, freelancers with a
 * published profile apply, the founder hires one and the proposal becomes an engagement.
 */

export const jobStatuses = ['open', 'closed', 'filled'] as const;
export type JobStatus = (typeof jobStatuses)[number];
export const jobStatusLabels: Record<JobStatus, string> = { open: 'Open', closed: 'Closed', filled: 'Filled' };

export const applicationStatuses = ['submitted', 'shortlisted', 'declined', 'withdrawn', 'hired', 'not_selected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  submitted: 'Submitted',
  shortlisted: 'Shortlisted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  hired: 'Hired',
  not_selected: 'Not selected',
};
/** Applications the founder can still hire from (and shortlist or decline). */
export const liveApplicationStatuses = ['submitted', 'shortlisted'] as const satisfies readonly ApplicationStatus[];

export const jobSortKeys = ['newest', 'budget_high', 'budget_low'] as const;
export type JobSort = (typeof jobSortKeys)[number];

export const JOB_PAGE_SIZE = 20;
/** The newest posts of one founder, and applications of one freelancer, that "mine" lists answer with. */
export const MY_JOBS_LIMIT = 200;
export const JOB_COUNT_CAP = 1000;

export const JOB_LIMITS = {
  title: 120,
  description: 5000,
  skills: 8,
  coverLetter: 3000,
  /** $1,000,000.00, the engagements' largest budget. */
  maxBudgetCents: 100_000_000,
  minBudgetCents: 100,
  maxDeliveryDays: 365,
  /** Posts a user may make in a clock hour, and applications a user may send. */
  postsPerHourPerUser: 10,
  applicationsPerHourPerUser: 30,
} as const;

export const jobMessages = {
  notFound: 'Job not found.',
  applicationNotFound: 'Application not found.',
  ownerOnly: 'Only the founder who posted this job can do that.',
  applicantOnly: 'Only the freelancer who applied can do that.',
  notOpen: 'This job is no longer open.',
  budgetRange: 'The lowest budget cannot be above the highest.',
  deadlinePast: 'The deadline cannot be in the past.',
  domainNotYours: 'Choose one of your own domains or a domain you are buying.',
  needsProfile: 'Publish your freelancer profile before applying to jobs.',
  ownJob: 'You cannot apply to your own job.',
  alreadyApplied: 'You have already applied to this job.',
  applicationOutOfOrder: (status: string) => `This application is ${status.toLowerCase()}; that is no longer possible.`,
  postsThrottled: 'You have posted many jobs in the last hour; try again later.',
  applicationsThrottled: 'You have sent many applications in the last hour; try again later.',
} as const;
