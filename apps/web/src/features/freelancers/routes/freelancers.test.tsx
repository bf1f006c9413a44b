import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { allowForBusyMachine } from '@/testing/patience';
import { renderRoute } from '@/testing/test-utils';
import { AMOUNT_INVALID } from '@/utils/money';
import { aFreelancer } from '../testing/fixtures';
import FreelancersRoute from './freelancers';

allowForBusyMachine();

const page = (results: ReturnType<typeof aFreelancer>[], count = results.length, more = false) => ({ body: { count, more, page: 1, page_size: 20, results } });

describe('freelancer directory', () => {
  it('lists freelancers with their level, rating, rate, skills, badges and certifications, linking to the public page', async () => {
    mockFetch({ 'GET /api/freelancers/': page([aFreelancer(), aFreelancer({ id: 8, name: 'Noah O.', certifications: [], badges: [], level: 0, rating: null, completed_engagements: 0 })], 2) });
    renderRoute(<FreelancersRoute />, { at: '/freelancers' });
    expect(await screen.findByText('2 freelancers')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Fay F.' });
    expect(within(card).getByRole('link', { name: 'Fay F.' })).toHaveAttribute('href', '/freelancers/7');
    expect(within(card).getByRole('link', { name: 'Send a request to Fay F.' })).toHaveAttribute('href', '/hire/7');
    expect(within(card).getByText('Level 1 of 5')).toBeInTheDocument();
    expect(within(card).getByText('4.9 of 5 stars from 12 reviewed engagements')).toBeInTheDocument();
    expect(within(card).getByText('Available now · $120.00 an hour · Ireland')).toBeInTheDocument();
    expect(within(card).getByText('Valuation')).toBeInTheDocument();
    expect(within(card).getByText('Certified Domain Broker')).toBeInTheDocument();
    expect(within(card).getByText('Domain valuation badge')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Noah O.' })).getByText('No reviews yet')).toBeInTheDocument();
    // Signed out: the way in is to join.
    expect(screen.getByRole('link', { name: 'Join as a freelancer' })).toHaveAttribute('href', '/register');
  });

  it('sends the filters of the address and of the form to the API, starting again at page 1', async () => {
    const { requests } = mockFetch({ 'GET /api/freelancers/': page([aFreelancer()]) });
    const { user } = renderRoute(<FreelancersRoute />, { at: '/freelancers?badge=valuation&page=2&sort=bogus' });
    await screen.findByText('1 freelancer');
    expect(requests.at(-1)?.path).toBe('/api/freelancers/?badge=valuation&sort=rating&page=2');

    await user.click(screen.getByRole('combobox', { name: 'Skill' }));
    await user.click(await screen.findByRole('option', { name: 'Branding and logo' }));
    await vi.waitFor(() => expect(requests.at(-1)?.path).toBe('/api/freelancers/?skill=branding&badge=valuation&sort=rating&page=1'));

    await user.type(screen.getByRole('textbox', { name: 'Lowest rate ($ an hour)' }), '50{Enter}');
    await vi.waitFor(() => expect(requests.at(-1)?.path).toContain('min_rate=5000'));
    await user.type(screen.getByRole('searchbox', { name: 'Search freelancers' }), 'fay');
    await vi.waitFor(() => expect(requests.at(-1)?.path).toContain('q=fay'));
  });

  it('reads the rate filters as exact cents, shows them as typed, and sends nothing for text that is not an amount', async () => {
    const { requests } = mockFetch({ 'GET /api/freelancers/': page([aFreelancer()]) });
    const { user } = renderRoute(<FreelancersRoute />, { at: '/freelancers?max_rate=1999' });
    await screen.findByText('1 freelancer');
    expect(screen.getByRole('textbox', { name: 'Highest rate ($ an hour)' })).toHaveValue('19.99');

    const lowest = screen.getByRole('textbox', { name: 'Lowest rate ($ an hour)' });
    await user.type(lowest, '1,2,3{Enter}');
    expect(await screen.findByText(AMOUNT_INVALID)).toBeInTheDocument();
    expect(lowest).toHaveAttribute('aria-invalid', 'true');
    expect(requests.every((r) => !r.path.includes('min_rate'))).toBe(true);

    await user.clear(lowest);
    await user.type(lowest, '0.29{Enter}');
    await vi.waitFor(() => expect(requests.at(-1)?.path).toContain('min_rate=29&max_rate=1999'));
    expect(screen.queryByText(AMOUNT_INVALID)).not.toBeInTheDocument();
  });

  it('says when there are more matches than it counts, and pages through them', async () => {
    const { requests } = mockFetch({ 'GET /api/freelancers/': page([aFreelancer()], 1000, true) });
    const { user } = renderRoute(<FreelancersRoute />, { at: '/freelancers?skill=valuation' });
    expect(await screen.findByText('1,000+ freelancers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 50' }));
    await vi.waitFor(() => expect(requests.at(-1)?.path).toBe('/api/freelancers/?skill=valuation&sort=rating&page=50'));
  });

  it('says so when nothing matches', async () => {
    mockFetch({ 'GET /api/freelancers/': page([]) });
    renderRoute(<FreelancersRoute />, { at: '/freelancers?skill=dns' });
    expect(await screen.findByText(/No freelancer matches these filters/)).toBeInTheDocument();
    expect(screen.getByText('0 freelancers')).toBeInTheDocument();
  });

  it('reports a failed load', async () => {
    mockFetch({ 'GET /api/freelancers/': { status: 500, body: { detail: 'Server error.', code: 'INTERNAL' } } });
    renderRoute(<FreelancersRoute />, { at: '/freelancers' });
    expect(await screen.findByText(/The directory could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
