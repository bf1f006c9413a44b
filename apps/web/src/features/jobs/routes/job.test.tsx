import { asCents } from '@market/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { allowForBusyMachine } from '@/testing/patience';
import { renderRoute } from '@/testing/test-utils';
import { aJob, anApplication, aViewer } from '../test-fixtures';
import JobRoute from './job';

allowForBusyMachine();

describe('job page', () => {
  it('shows a not-found page, with the way to the open jobs, for a job that does not exist', async () => {
    mockFetch({ 'GET /api/jobs/99999': { status: 404, body: { detail: 'Not found.' } } });
    renderRoute(<JobRoute />, { at: '/jobs/99999', path: '/jobs/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Job not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See open jobs' })).toHaveAttribute('href', '/jobs');
    expect(document.title).toMatch(/^Job not found/);
  });

  it('shows the owner the applications and hires one', async () => {
    const filled = aJob({ status: 'filled', viewer: aViewer({ engagement_id: 40 }) });
    let hired = false;
    const { requests } = mockFetch({
      'GET /api/jobs/5': () => ({ body: hired ? filled : aJob({ viewer: aViewer() }) }),
      'GET /api/jobs/5/applications': () => ({ body: [anApplication({ status: hired ? 'hired' : 'submitted' })] }),
      'POST /api/jobs/applications/11/hire': () => {
        hired = true;
        return { body: { job: filled, engagement_id: 40 } };
      },
    });
    const { user } = renderRoute(<JobRoute />, { at: '/jobs/5', path: '/jobs/:id' });
    expect(await screen.findByRole('heading', { name: 'Landing page for a coffee brand' })).toBeInTheDocument();
    expect(screen.getByText('$500.00 – $900.00 · deadline 2030-12-31')).toBeInTheDocument();
    const card = await screen.findByTestId('application');
    expect(within(card).getByText('I build landing pages every week.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Hire Ada L.' }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path === '/api/jobs/applications/11/hire')).toBe(true));
    expect(await screen.findByRole('link', { name: 'Open the engagement' })).toHaveAttribute('href', '/engagements/40');
    expect(screen.getByTestId('job-status')).toHaveTextContent('Filled');
  });

  it('lets a signed-in freelancer apply, checking the form before sending', async () => {
    const { requests } = mockFetch({
      'GET /api/jobs/5': { body: aJob({ viewer: aViewer({ is_owner: false }) }) },
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
    await vi.waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ cover_letter: 'I build landing pages every week.', price_cents: asCents(75_000), delivery_days: 12 }));
  });

  it('names the domain the job is for, linking to its page', async () => {
    mockFetch({ 'GET /api/jobs/5': { body: aJob({ domain: 'coffee.io', domain_id: 21 }) } });
    renderRoute(<JobRoute />, { at: '/jobs/5', path: '/jobs/:id' });
    expect(await screen.findByTestId('job-domain')).toHaveAttribute('href', '/landing/21');
    expect(screen.getByRole('link', { name: 'coffee.io' })).toBeInTheDocument();
  });

  it('asks an anonymous visitor to sign in to apply', async () => {
    mockFetch({ 'GET /api/jobs/5': { body: aJob() } });
    renderRoute(<JobRoute />, { at: '/jobs/5', path: '/jobs/:id' });
    expect(await screen.findByText('Sign in with a published freelancer profile to apply.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Apply to this job' })).not.toBeInTheDocument();
  });
});
