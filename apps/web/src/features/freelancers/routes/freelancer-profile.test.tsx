import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { asCents, freelancerMessages } from '@market/shared';
import { jsonOf, mockFetch } from '@/testing/mock-fetch';
import { AMOUNT_INVALID } from '@/utils/money';
import { allowForBusyMachine } from '@/testing/patience';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import { anEmptyOwnProfile } from '../testing/fixtures';
import FreelancerProfileRoute from './freelancer-profile';

allowForBusyMachine();

describe('own freelancer profile', { timeout: 30_000 }, () => {
  it('fills in a profile, saves it and publishes it', async () => {
    signIn();
    let saved = anEmptyOwnProfile();
    const { requests } = mockFetch({
      'GET /api/auth/user/': { body: testUser },
      'GET /api/freelancers/me/': () => ({ body: saved }),
      'PUT /api/freelancers/me/': (r) => {
        saved = { ...saved, ...(r.body as object), exists: true };
        return { body: saved };
      },
      'POST /api/freelancers/me/publish/': () => {
        saved = { ...saved, published: true, published_at: '2026-02-01T00:00:00.000Z' };
        return { body: saved };
      },
    });
    const { user } = renderRoute(<FreelancerProfileRoute />, { at: '/freelancer-profile' });
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await fill(await screen.findByRole('textbox', { name: 'Headline' }), 'Landing pages that convert');
    await fill(screen.getByRole('textbox', { name: 'Bio' }), 'I build fast pages.');
    await user.click(screen.getByRole('checkbox', { name: 'Landing pages' }));
    await user.click(screen.getByRole('checkbox', { name: 'Web development' }));
    await fill(screen.getByRole('textbox', { name: 'Hourly rate (dollars)' }), '85.50');
    await user.click(screen.getByRole('button', { name: 'Add a fixed-price package' }));
    const pkg = screen.getByRole('group', { name: 'Package 1' });
    await fill(within(pkg).getByRole('textbox', { name: 'Package title' }), 'Launch page');
    await fill(within(pkg).getByRole('textbox', { name: 'Price (dollars)' }), '400');
    await user.click(screen.getByRole('checkbox', { name: 'German' }));
    await user.click(screen.getByRole('button', { name: 'Add a link' }));
    await fill(screen.getByRole('textbox', { name: 'Link 1' }), 'https://example.com/work');
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));

    await vi.waitFor(() => expect(requests.some((r) => r.path === '/api/freelancers/me/publish/')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT');
    expect(jsonOf(put)).toEqual({
      headline: 'Landing pages that convert',
      bio: 'I build fast pages.',
      skills: ['landing-pages', 'web-development'],
      hourly_rate_cents: asCents(8_550),
      packages: [{ title: 'Launch page', description: '', price_cents: asCents(40_000), delivery_days: 7 }],
      languages: ['de'],
      country: null,
      availability: 'available',
      links: ['https://example.com/work'],
    });
    expect(jsonOf(requests.find((r) => r.path === '/api/freelancers/me/publish/'))).toEqual({ published: true });
    expect(await screen.findByRole('link', { name: 'View public profile' })).toHaveAttribute('href', '/freelancers/3');
    expect(screen.getByRole('button', { name: 'Hide from the directory' })).toBeInTheDocument();
  });

  it('reads amounts as exact cents, shows saved ones as typed, and refuses text that is not an amount', async () => {
    signIn();
    const saved = anEmptyOwnProfile({ exists: true, hourly_rate_cents: asCents(1_999), packages: [{ title: 'Audit', description: '', price_cents: asCents(100_510), delivery_days: 3 }] });
    const { requests } = mockFetch({
      'GET /api/auth/user/': { body: testUser },
      'GET /api/freelancers/me/': { body: saved },
      'PUT /api/freelancers/me/': (r) => ({ body: { ...saved, ...(r.body as object) } }),
    });
    const { user } = renderRoute(<FreelancerProfileRoute />, { at: '/freelancer-profile' });
    const rate = await screen.findByRole('textbox', { name: 'Hourly rate (dollars)' });
    expect(rate).toHaveValue('19.99');
    expect(within(screen.getByRole('group', { name: 'Package 1' })).getByRole('textbox', { name: 'Price (dollars)' })).toHaveValue('1005.10');

    // Misplaced thousands commas are not read as 123 dollars.
    await user.clear(rate);
    await user.type(rate, '1,2,3');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(AMOUNT_INVALID)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(rate);
    await user.type(rate, '0.29');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(jsonOf(requests.find((r) => r.method === 'PUT'))).toMatchObject({
      hourly_rate_cents: asCents(29),
      packages: [{ title: 'Audit', description: '', price_cents: asCents(100_510), delivery_days: 3 }],
    });
  });

  it('checks the form with the API’s rules before sending, and shows the server’s refusal to publish', async () => {
    signIn();
    const { requests } = mockFetch({
      'GET /api/auth/user/': { body: testUser },
      'GET /api/freelancers/me/': { body: anEmptyOwnProfile() },
      'PUT /api/freelancers/me/': { body: anEmptyOwnProfile({ exists: true }) },
      'POST /api/freelancers/me/publish/': { status: 400, body: { non_field_errors: [freelancerMessages.publishNeeds], code: 'VALIDATION' } },
    });
    const { user } = renderRoute(<FreelancerProfileRoute />, { at: '/freelancer-profile' });
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await user.click(await screen.findByRole('button', { name: 'Add a link' }));
    await fill(screen.getByRole('textbox', { name: 'Link 1' }), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(freelancerMessages.linkInvalid)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove link 1' }));
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(freelancerMessages.publishNeeds);
  });
});
