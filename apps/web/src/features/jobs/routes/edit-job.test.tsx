import { asCents } from '@market/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { allowForBusyMachine } from '@/testing/patience';
import { renderRoute } from '@/testing/test-utils';
import { ownDomain } from '@/features/portfolio/testing/fixtures';
import { aDeal } from '@/testing/deals';
import { aJob, aViewer } from '../test-fixtures';
import EditJobRoute from './edit-job';

const editable = (over: Parameters<typeof aJob>[0] = {}) => aJob({ budget_max_cents: asCents(50_000), application_count: 0, viewer: aViewer(), ...over });
/** The founder owns coffee.io (domain 21) and is buying bin-order.com (order 7). */
const domainsAndOrders = {
  'GET /api/domains/': { body: { domains: [ownDomain({ id: 21, domain_name: 'coffee.io' })], count: 1 } },
  'GET /api/orders/': { body: [aDeal({ id: 7, domain_id: 42, domain_name: 'bin-order.com', status: 'paid' })] },
};

allowForBusyMachine();

describe('editing a job', () => {
  it('fills the form with the job and saves the whole job, a range when an upper budget is given', async () => {
    const { requests } = mockFetch({ ...domainsAndOrders, 'GET /api/jobs/5': { body: editable() }, 'PUT /api/jobs/5': { body: editable({ budget_max_cents: asCents(80_000) }) } });
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
        budget_min_cents: asCents(50_000),
        budget_max_cents: asCents(80_000),
        skills: ['landing-pages', 'branding'],
        deadline: '2030-12-31',
      }),
    );
    expect(await screen.findByTestId('location')).toHaveTextContent('/jobs/5');
  });

  it('keeps the domain being bought that the job is for, and can change it to an own domain', async () => {
    const forOrder = editable({ domain: 'bin-order.com', domain_id: 42, viewer: aViewer({ order_id: 7 }) });
    const { requests } = mockFetch({ ...domainsAndOrders, 'GET /api/jobs/5': { body: forOrder }, 'PUT /api/jobs/5': { body: forOrder } });
    const { user } = renderRoute(<EditJobRoute />, { at: '/jobs/5/edit', path: '/jobs/:id/edit' });
    const form = await screen.findByRole('form', { name: 'Edit the job' });
    const select = await within(form).findByRole('combobox', { name: /For which domain/ });
    expect(select).toHaveTextContent('bin-order.com');
    await user.click(within(form).getByRole('button', { name: 'Save the job' }));
    await vi.waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ order_id: 7 });
    expect(requests.find((r) => r.method === 'PUT')?.body).not.toHaveProperty('domain_id');

    renderRoute(<EditJobRoute />, { at: '/jobs/5/edit', path: '/jobs/:id/edit' });
    const again = (await screen.findAllByRole('form', { name: 'Edit the job' })).at(-1) as HTMLElement;
    await user.click(await within(again).findByRole('combobox', { name: /For which domain/ }));
    await user.click(await screen.findByRole('option', { name: 'coffee.io' }));
    await user.click(within(again).getByRole('button', { name: 'Save the job' }));
    await vi.waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'PUT')[1]?.body).toMatchObject({ domain_id: 21 });
    expect(requests.filter((r) => r.method === 'PUT')[1]?.body).not.toHaveProperty('order_id');
  });

  it('refuses anyone but the owner', async () => {
    mockFetch({ ...domainsAndOrders, 'GET /api/jobs/5': { body: editable({ viewer: aViewer({ is_owner: false }) }) } });
    renderRoute(<EditJobRoute />, { at: '/jobs/5/edit', path: '/jobs/:id/edit' });
    expect(await screen.findByText('Only the founder who posted this job can edit it.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
