import { formatCents, type Job } from '@market/shared';

/** "$500.00" for a fixed budget, "$500.00 – $900.00" for a range. */
export function budgetText(job: Pick<Job, 'budget_min_cents' | 'budget_max_cents'>): string {
  return job.budget_min_cents === job.budget_max_cents ? formatCents(job.budget_min_cents) : `${formatCents(job.budget_min_cents)} – ${formatCents(job.budget_max_cents)}`;
}

