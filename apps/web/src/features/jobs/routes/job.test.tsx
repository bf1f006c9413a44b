import { screen, within } from '@testing-library/react';
import type { Job, JobApplication } from '@market/shared';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { allowForBusyMachine } from '@/testing/patience';
import { renderRoute } from '@/testing/test-utils';
import JobRoute from './job';

allowForBusyMachine();

const anApplication = (over: Partial<JobApplication> = {}): JobApplication => ({
  id: 11,
  job_id: 5,
  freelancer: { id: 7, name: 'Ada L.' },
  cover_letter: 'I build landing pages every week.',
  price_cents: 75_000,
  delivery_days: 12,
  status: 'submitted',
  created_at: '2026-11-01T10:00:00.000Z',
  ...over,
});
const aJob = (over: Partial<Job> = {}): Job => ({
  id: 5,
  title: 'Landing page for a coffee brand',
  description: 'A one-page site with a signup form.',
  founder: { id: 3, name: 'Fay F.' },
  domain: null,
  budget_min_cents: 50_000,
  budget_max_cents: 90_000,
  skills: ['landing-pages'],
  deadline: '2026-12-31',
  status: 'open',
  application_count: 1,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
  viewer: null,
  ...over,
});

describe('job page', () => {
  it('shows the owner the applications and hires one', async () => {
    const filled = aJob({ status: 'filled', viewer: { is_owner: true, application: null, engagement_id: 40 } });
    let hired = false;
    const { requests } = mockFetch({
      'GET /api/jobs/5': () => ({ body: hired ? filled : aJob({ viewer: { is_owner: true, application: null, engagement_id: null } }) }),
      'GET /api/jobs/5/applications': () => ({ body: [anApplication({ status: hired ? 'hired' : 'submitted' })] }),
      'POST /api/jobs/applications/11/hire': () => {
        hired = true;
        return { body: { job: filled, engagement_id: 40 } };
      },
    });
    const { user } = renderRoute(<JobRoute />, { at: '/jobs/5', path: '/jobs/:id' });
    expect(await screen.findByRole('heading', { name: 'Landing page for a coffee brand' })).toBeInTheDocument();
    expect(screen.getByText('$500.00 – $900.00 · deadline 2026-12-31')).toBeInTheDocument();
    const card = await screen.findByTestId('application');
    expect(within(card).getByText('I build landing pages every week.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Hire Ada L.' }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path === '/api/jobs/applications/11/hire')).toBe(true));
    expect(await screen.findByRole('link', { name: 'Open the engagement' })).toHaveAttribute('href', '/engagements/40');
    expect(screen.getByTestId('job-status')).toHaveTextContent('Filled');
  });

  it('lets a signed-in freelancer apply, checking the form before sending', async () => {
    const { requests } = mockFetch({
      'GET /api/jobs/5': { body: aJob({ viewer: { is_owner: false, application: null, engagement_id: null } }) },
      'POST /api/jobs/5/applications': { status: 201, body: anApplication() },
    });
    const { user } = renderRoute(<JobRoute />, { at: '/jobs/5', path: '/jobs/:id' });
    const form = await screen.findByRole('form', { name: 'Apply to this job' });
    await user.click(within(form).getByRole('button', { name: 'Send the application' }));
    expect(within(form).getByText('Enter an amount in dollars, like 500 or 1,250.50.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: 'Cover letter' }), 'I build landing pages every week.');
    await user.type(within(form).getByRole('textbox', { name: 'Your price' }), '750');
    await user.type(within(form).getByRole('textbox', { name: 'Delivery (days)' }), '12');
    await user.click(within(form).getByRole('button', { name: 'Send the application' }));
    await vi.waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ cover_letter: 'I build landing pages every week.', price_cents: 75_000, delivery_days: 12 }));
  });

  it('asks an anonymous visitor to sign in to apply', async () => {
    mockFetch({ 'GET /api/jobs/5': { body: aJob() } });
    renderRoute(<JobRoute />, { at: '/jobs/5', path: '/jobs/:id' });
    expect(await screen.findByText('Sign in with a published freelancer profile to apply.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Apply to this job' })).not.toBeInTheDocument();
  });
});
