import { screen, within } from '@testing-library/react';
import { asCents, jobMessages as m } from '@market/shared';
import { describe, expect, it, vi } from 'vitest';
import { ownDomain } from '@/features/portfolio/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { allowForBusyMachine } from '@/testing/patience';
import { renderRoute } from '@/testing/test-utils';
import { aJob } from '../test-fixtures';
import PostJobRoute from './post-job';

allowForBusyMachine();

describe('posting a job', () => {
  it('sends the chosen domain with the job, the budget in cents, and shows the server refusing the domain under the field', async () => {
    let refuse = true;
    const { requests } = mockFetch({
      'GET /api/domains/': { body: { domains: [ownDomain({ id: 21, domain_name: 'coffee.io' })], count: 1 } },
      'GET /api/orders/': { body: [] },
      'POST /api/jobs/': () => (refuse ? { status: 400, body: { domain_id: [m.domainNotYours] } } : { status: 201, body: aJob({ id: 8, domain: 'coffee.io', domain_id: 21 }) }),
    });
    const { user } = renderRoute(<PostJobRoute />, { at: '/jobs/new', path: '/jobs/new' });
    const form = await screen.findByRole('form', { name: 'Post a project' });
    await user.type(within(form).getByRole('textbox', { name: /^Title/ }), 'Logo for coffee.io');
    await user.type(within(form).getByRole('textbox', { name: /What you need built/ }), 'A logo and a color palette.');
    await user.click(await within(form).findByRole('combobox', { name: /For which domain/ }));
    await user.click(await screen.findByRole('option', { name: 'coffee.io' }));
    await user.type(within(form).getByRole('textbox', { name: /^Budget/ }), '1,250.50');
    await user.click(within(form).getByRole('checkbox', { name: 'Branding and logo' }));
    await user.type(within(form).getByLabelText(/Deadline/), '2030-06-30');
    await user.click(within(form).getByRole('button', { name: 'Post the job' }));
    expect(await within(form).findByText(m.domainNotYours)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      title: 'Logo for coffee.io',
      description: 'A logo and a color palette.',
      domain_id: 21,
      budget_min_cents: asCents(125_050),
      budget_max_cents: asCents(125_050),
      skills: ['branding'],
      deadline: '2030-06-30',
    });
    // Nothing typed is lost: sent again, it goes through.
    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Post the job' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/jobs/8');
    await vi.waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2));
  });

  it('leaves the optional "Up to" alone when it is empty, even when the budget itself is wrong', async () => {
    const { requests } = mockFetch({
      'GET /api/domains/': { body: { domains: [], count: 0 } },
      'GET /api/orders/': { body: [] },
    });
    const { user } = renderRoute(<PostJobRoute />, { at: '/jobs/new', path: '/jobs/new' });
    const form = await screen.findByRole('form', { name: 'Post a project' });
    await user.click(within(form).getByRole('button', { name: 'Post the job' }));
    expect(await within(form).findByRole('textbox', { name: /^Budget/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('textbox', { name: /Up to/ })).toHaveAttribute('aria-invalid', 'false');
    expect(within(form).getByText('The high end of a range.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Up to/ }), 'lots');
    await user.click(within(form).getByRole('button', { name: 'Post the job' }));
    expect(await within(form).findByText('Enter an amount in dollars, e.g. 800, or leave it empty for a fixed budget.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
