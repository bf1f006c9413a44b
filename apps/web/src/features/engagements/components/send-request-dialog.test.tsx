import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { asCents, engagementMessages as em } from '@market/shared';
import { ownDomain } from '@/features/portfolio/testing/fixtures';
import { aDeal } from '@/testing/deals';
import { allowForBusyMachine } from '@/testing/patience';
import { jsonOf, mockFetch } from '@/testing/mock-fetch';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import { anEngagement } from '../test-fixtures';
import HireRoute from '../routes/hire';

allowForBusyMachine();

describe('hiring a freelancer: /hire/:userId and the Send a request dialog', () => {
  function open(freelancer: { status?: number; body: unknown } = { body: { id: 9, first_name: 'Grace', last_name: 'Hopper' } }) {
    signIn();
    const mocks = mockFetch({
      'GET /api/auth/user/': { body: testUser },
      'GET /api/orders/': { body: [aDeal({ id: 7, domain_id: 42, domain_name: 'bin-order.com', status: 'paid' })] },
      'GET /api/domains/': { body: { domains: [ownDomain({ id: 21, domain_name: 'coffee.io' })], count: 1 } },
      'GET /api/engagements/freelancers/9/': freelancer,
      'POST /api/engagements/': (request) =>
        (request.body as { budget_cents: number }).budget_cents > 100_000_000 ? { status: 400, body: { budget_cents: [em.amountInvalid] } } : { status: 201, body: anEngagement({ status: 'requested' }) },
    });
    return {
      ...mocks,
      ...renderRoute(<HireRoute />, { at: '/hire/9', path: '/hire/:userId' }),
    };
  }

  it('names the freelancer by first name and initial: no full surname before a deal', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hire Grace H.' })).toBeInTheDocument();
    expect(screen.queryByText(/Hopper/)).not.toBeInTheDocument();
    expect(document.title).not.toContain('Hopper');
  });

  it('checks the fields, sends the budget in cents, and opens the request', async () => {
    const { user, requests } = open();
    await user.click(await screen.findByRole('button', { name: 'Send a request' }));
    expect(screen.getByRole('dialog', { name: 'Send a request to Grace H.' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(screen.getByText(em.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(em.briefRequired)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText(/Title/), 'A logo');
    await user.type(screen.getByLabelText(/What you need/), 'For my new domain.');
    await user.type(screen.getByLabelText(/Budget/), '1,200.50');
    await user.type(screen.getByLabelText(/Deadline/), '2030-01-31');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/engagements/12');
    expect(jsonOf(requests.find((r) => r.method === 'POST'))).toEqual({ freelancer_id: 9, title: 'A logo', brief: 'For my new domain.', budget_cents: asCents(120_050), deadline: '2030-01-31' });
  });

  it("offers the client's own domains and the ones they are buying, and sends the choice", async () => {
    const { user, requests } = open();
    await user.click(await screen.findByRole('button', { name: 'Send a request' }));
    const dialog = screen.getByRole('dialog', { name: 'Send a request to Grace H.' });
    await user.type(within(dialog).getByLabelText(/Title/), 'A logo');
    await user.type(within(dialog).getByLabelText(/What you need/), 'For my new domain.');
    await user.type(within(dialog).getByLabelText(/Budget/), '500');
    await user.type(within(dialog).getByLabelText(/Deadline/), '2030-01-31');
    await user.click(await within(dialog).findByRole('combobox', { name: /About which domain/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['None', 'coffee.io', 'bin-order.com (buying)']);
    await user.click(screen.getByRole('option', { name: 'coffee.io' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/engagements/12');
    expect(jsonOf(requests.find((r) => r.method === 'POST'))).toMatchObject({ domain_id: 21, budget_cents: asCents(50_000) });
  });

  it('says so when the user does not take freelance work', async () => {
    open({ status: 404, body: { detail: em.notFreelancer } });
    expect(await screen.findByText('This user does not offer freelance work.')).toBeInTheDocument();
  });
});
