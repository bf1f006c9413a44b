import { asCents } from '@market/shared';
import type { Job, JobApplication } from '@market/shared';

export const anApplication = (over: Partial<JobApplication> = {}): JobApplication => ({
  id: 11,
  job_id: 5,
  freelancer: { id: 7, name: 'Ada L.' },
  cover_letter: 'I build landing pages every week.',
  price_cents: asCents(75_000),
  delivery_days: 12,
  status: 'submitted',
  created_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

export const aJob = (over: Partial<Job> = {}): Job => ({
  id: 5,
  title: 'Landing page for a coffee brand',
  description: 'A one-page site with a signup form.',
  founder: { id: 3, name: 'Fay F.' },
  domain: null,
  domain_id: null,
  budget_min_cents: asCents(50_000),
  budget_max_cents: asCents(90_000),
  skills: ['landing-pages'],
  deadline: '2030-12-31',
  status: 'open',
  application_count: 1,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
  viewer: null,
  ...over,
});

/** What a signed-in viewer sees; the owner's view by default. */
export const aViewer = (over: Partial<NonNullable<Job['viewer']>> = {}): NonNullable<Job['viewer']> => ({
  is_owner: true,
  application: null,
  engagement_id: null,
  order_id: null,
  ...over,
});
