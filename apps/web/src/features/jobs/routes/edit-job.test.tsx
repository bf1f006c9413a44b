import { screen, within } from '@testing-library/react';
import type { Job } from '@market/shared';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { allowForBusyMachine } from '@/testing/patience';
import { renderRoute } from '@/testing/test-utils';
import EditJobRoute from './edit-job';

allowForBusyMachine();

const aJob = (over: Partial<Job> = {}): Job => ({
  id: 5,
  title: 'Landing page for a coffee brand',
  description: 'A one-page site with a signup form.',
  founder: { id: 3, name: 'Fay F.' },
  domain: null,
  budget_min_cents: 50_000,
  budget_max_cents: 50_000,
  skills: ['landing-pages'],
  deadline: '2030-12-31',
  status: 'open',
  application_count: 0,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
  viewer: { is_owner: true, application: null, engagement_id: null },
  ...over,
});

describe('editing a job', () => {
  it('fills the form with the job and saves the whole job, a range when an upper budget is given', async () => {
    const { requests } = mockFetch({ 'GET /api/jobs/5': { body: aJob() }, 'PUT /api/jobs/5': { body: aJob({ budget_max_cents: 80_000 }) } });
    const { user } = renderRoute(<EditJobRoute />, { at: '/jobs/5/edit', path: '/jobs/:id/edit' });
    const form = await screen.findByRole('form', { name: 'Edit the job' });
    expect(within(form).getByRole('textbox', { name: /^Title/ })).toHaveValue('Landing page for a coffee brand');
    expect(within(form).getByRole('checkbox', { name: 'Landing pages' })).toBeChecked();
    await user.type(within(form).getByRole('textbox', { name: /Up to/ }), '800');
    await user.click(within(form).getByRole('checkbox', { name: 'Branding and logo' }));
    await user.click(within(form).getByRole('button', { name: 'Save the job' }));
    await vi.waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
        title: 'Landing page for a coffee brand',
        description: 'A one-page site with a signup form.',
        budget_min_cents: 50_000,
        budget_max_cents: 80_000,
        skills: ['landing-pages', 'branding'],
        deadline: '2030-12-31',
      }),
    );
    expect(await screen.findByTestId('location')).toHaveTextContent('/jobs/5');
  });

  it('refuses anyone but the owner', async () => {
    mockFetch({ 'GET /api/jobs/5': { body: aJob({ viewer: { is_owner: false, application: null, engagement_id: null } }) } });
    renderRoute(<EditJobRoute />, { at: '/jobs/5/edit', path: '/jobs/:id/edit' });
    expect(await screen.findByText('Only the founder who posted this job can edit it.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
