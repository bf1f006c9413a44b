import { screen, within } from '@testing-library/react';
import type { MyApplication } from '@market/shared';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { allowForBusyMachine } from '@/testing/patience';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import { AMOUNT_INVALID } from '@/utils/money';
import { aJob, anApplication, aViewer } from '../test-fixtures';
import JobsRoute from './jobs';

allowForBusyMachine();

const list = { count: 1, more: false, page: 1, page_size: 20, results: [aJob({ title: 'An open job' })] };
const myApplication = (over: Partial<MyApplication> = {}): MyApplication => ({
  ...anApplication({ status: 'hired', job_id: 5 }),
  job: { id: 5, title: 'Landing page for a coffee brand', status: 'filled', founder: { id: 3, name: 'Fay F.' }, domain: 'coffee.io', deadline: '2030-12-31' },
  engagement_id: 40,
  ...over,
});

describe('/jobs: all jobs, the ones you posted, the ones you applied to', () => {
  it('shows an anonymous visitor the open jobs without tabs', async () => {
    mockFetch({ 'GET /api/jobs/': { body: list } });
    renderRoute(<JobsRoute />, { at: '/jobs?view=mine', path: '/jobs' });
    expect(await screen.findByText('An open job')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('switches tabs through the address, listing the posts with live applications and the applications with both statuses', async () => {
    signIn();
    const { requests } = mockFetch({
      'GET /api/auth/user/': { body: testUser },
      'GET /api/jobs/': { body: list },
      'GET /api/jobs/mine/': { body: { results: [{ ...aJob({ status: 'open', application_count: 3, viewer: aViewer() }), live_application_count: 2 }], more: false, limit: 200 } },
      'GET /api/jobs/applications/mine/': { body: { results: [myApplication()], more: false, limit: 200 } },
    });
    const { user } = renderRoute(<JobsRoute />, { at: '/jobs', path: '/jobs' });
    expect(await screen.findByRole('tab', { name: 'All jobs', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('An open job')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Posted by you' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/jobs?view=mine');
    const posted = await screen.findByTestId('my-job');
    expect(within(posted).getByText('Landing page for a coffee brand')).toBeInTheDocument();
    expect(within(posted).getByTestId('my-job-applications')).toHaveTextContent('2 applications to answer · 3 received');
    expect(within(posted).getByRole('link')).toHaveAttribute('href', '/jobs/5');
    expect(screen.getByRole('tabpanel', { name: 'Posted by you' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Your applications' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/jobs?view=applications');
    const applied = await screen.findByTestId('my-application');
    expect(within(applied).getByTestId('my-application-status')).toHaveTextContent('Your application: Hired');
    expect(within(applied).getByTestId('my-application-job-status')).toHaveTextContent('Job: Filled');
    expect(within(applied).getByRole('link', { name: 'Open the engagement' })).toHaveAttribute('href', '/engagements/40');

    await user.click(screen.getByRole('tab', { name: 'All jobs' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/jobs$/);
    expect(requests.filter((r) => r.path === '/api/jobs/mine/')).toHaveLength(1);
  });

  it('reads the budget filters as exact cents, shows them as typed, and searches nothing for text that is not an amount', async () => {
    const { requests } = mockFetch({ 'GET /api/jobs/': { body: list } });
    const { user } = renderRoute(<JobsRoute />, { at: '/jobs?max_budget=125050', path: '/jobs' });
    expect(await screen.findByText('An open job')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Budget up to ($)' })).toHaveValue('1250.50');

    const from = screen.getByRole('textbox', { name: 'Budget from ($)' });
    await user.type(from, '1,2,3');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(AMOUNT_INVALID)).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/jobs\?max_budget=125050$/);

    await user.clear(from);
    await user.type(from, '19.99');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/min_budget=1999(&|$)/));
    expect(screen.queryByText(AMOUNT_INVALID)).not.toBeInTheDocument();
    await vi.waitFor(() => expect(requests.at(-1)?.path).toContain('min_budget=1999'));
  });

  it('says what to do next when there is nothing posted or applied to', async () => {
    signIn();
    mockFetch({
      'GET /api/auth/user/': { body: testUser },
      'GET /api/jobs/mine/': { body: { results: [], more: false, limit: 200 } },
      'GET /api/jobs/applications/mine/': { body: { results: [], more: false, limit: 200 } },
    });
    const { user } = renderRoute(<JobsRoute />, { at: '/jobs?view=mine', path: '/jobs' });
    expect(await screen.findByText(/You have not posted a job yet/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Post a project' }).at(-1)).toHaveAttribute('href', '/jobs/new');
    await user.click(screen.getByRole('tab', { name: 'Your applications' }));
    expect(await screen.findByText(/You have not applied to a job yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See open jobs' })).toHaveAttribute('href', '/jobs');
  });
});
