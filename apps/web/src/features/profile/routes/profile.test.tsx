import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { validationMessages, type User } from '@market/shared';
import { allowForBusyMachine } from '@/testing/patience';
import { ownDomain } from '@/features/portfolio/testing/fixtures';
import { authStore } from '@/lib/auth-store';
import { type MockHandler, mockFetch } from '@/testing/mock-fetch';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import { profileMessages } from '../utils/validate-profile';
import ProfileRoute from './profile';

allowForBusyMachine();

const me: User = { ...testUser, notify_email: true };

const domains = [
  ownDomain({ id: 1, domain_name: 'buy-now.com', business_status: 'Buy Now', seller_price: 2500, status: 'approved', status_label: 'Approved' }),
  ownDomain({ id: 2, domain_name: 'breeder.io', startup_breeders_switch: 'Yes', startup_breeders: 'Pitch to Us' }),
  ownDomain({ id: 3, domain_name: 'trade.net', trade_switch: 'Yes', trade_option: '4 Figures', business_status: 'Buy Now', seller_price: 900 }),
  ownDomain({ id: 4, domain_name: 'enquire.org' }),
];

const summary = [
  // The user's side as the seller: not a project.
  { domain_id: 1, domain_name: 'buy-now.com', role: 'seller', total_inquiries: 2, last_bid_amount: null, last_bid_date: null, status_label: 'Open' },
  // The user's side as the buyer.
  { domain_id: 50, domain_name: 'wanted.com', role: 'buyer', total_inquiries: 1, last_bid_amount: 12000, last_bid_date: '2025-03-01T10:00:00.000Z', status_label: 'Open' },
];

function openProfile(routes: Record<string, MockHandler> = {}, user: User = me) {
  signIn(user);
  const mocked = mockFetch({
    'GET /api/auth/user/': { body: user },
    'GET /api/domains/': { body: { domains, count: domains.length } },
    'GET /api/domains/domain-leads-summary/': { body: summary },
    'GET /api/domains/video-pitches/': { body: [] },
    ...routes,
  });
  return { ...mocked, ...renderRoute(<ProfileRoute />) };
}

describe('profile', () => {
  it("shows the user's name, e-mail and domains grouped by category", async () => {
    openProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();

    const buyNow = await screen.findByRole('region', { name: 'Buy Now' });
    expect(within(buyNow).getAllByRole('link').map((l) => l.textContent)).toEqual(['buy-now.com', 'trade.net']);
    expect(within(buyNow).getByText('$2,500')).toBeInTheDocument();
    const breeders = screen.getByRole('region', { name: 'Startup Breeders' });
    expect(within(breeders).getByRole('link', { name: 'breeder.io' })).toHaveAttribute('href', '/landing/2');
    expect(within(breeders).getByText('Pending approval')).toBeInTheDocument();
    const trade = screen.getByRole('region', { name: 'Trade Listed Domains' });
    expect(within(trade).getByRole('link', { name: 'trade.net' })).toBeInTheDocument();
    expect(within(trade).getByText('4 Figures')).toBeInTheDocument();
    expect(screen.queryByText('enquire.org')).not.toBeInTheDocument();
  });

  it('lists as My Projects only the negotiations where the user is the buyer, and shows My Video Pitch', async () => {
    openProfile();
    const projects = await screen.findByRole('region', { name: 'My Projects' });
    await within(projects).findByRole('link', { name: 'wanted.com' });
    expect(within(projects).getByRole('link', { name: 'wanted.com' })).toHaveAttribute('href', '/domain-leads/negotiation/50');
    expect(within(projects).queryByText('buy-now.com')).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'My Video Pitch' })).toBeInTheDocument();
  });

  it('says what to do next when there is nothing to show', async () => {
    openProfile({
      'GET /api/domains/': { body: { domains: [], count: 0 } },
      'GET /api/domains/domain-leads-summary/': { body: [] },
    });
    expect(await screen.findByRole('link', { name: 'Add your domains' })).toHaveAttribute('href', '/add_domains');
    expect(screen.getByText(/No Buy Now domains yet/)).toBeInTheDocument();
    expect(await screen.findByText(/No projects yet/)).toBeInTheDocument();
  });
});

describe('edit profile', () => {
  it('saves names, role and country, and updates the stored user', async () => {
    const { requests, user } = openProfile({
      'PUT /api/auth/user/': (req) => ({ body: { ...me, ...(req.body as object) } }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
    await user.clear(within(dialog).getByLabelText('First Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(validationMessages.firstNameRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('First Name'), 'Augusta');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'buyer');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(profileMessages.saved)).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ first_name: 'Augusta', last_name: 'Lovelace', user_role: 'buyer', country: 'IE' });
    expect(authStore.getSnapshot().user?.first_name).toBe('Augusta');
    expect(await screen.findByRole('heading', { level: 1, name: 'Augusta Lovelace' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('needs the current password to change the e-mail of a password account', async () => {
    const { requests, user } = openProfile({
      'PUT /api/auth/user/': (req) => {
        const body = req.body as { email?: string; current_password?: string };
        if (body.current_password !== 'right password') {
          return { status: 400, body: { current_password: ['Enter your current password to change your e-mail.'] } };
        }
        return { body: { ...me, email: body.email } };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
    expect(within(dialog).queryByLabelText('Current password')).not.toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(validationMessages.emailInvalid)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'ada.new@example.com');
    const password = within(dialog).getByLabelText('Current password');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(profileMessages.currentPasswordRequired)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    // The server's field error is shown under the field.
    await user.type(password, 'wrong password');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Enter your current password to change your e-mail.')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'right password');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(profileMessages.saved)).toBeInTheDocument();
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(puts.at(-1)?.body).toMatchObject({ email: 'ada.new@example.com', current_password: 'right password' });
    expect(authStore.getSnapshot().user?.email).toBe('ada.new@example.com');
  });

  it('shows a taken e-mail under the e-mail field', async () => {
    const { user } = openProfile({
      'PUT /api/auth/user/': { status: 400, body: { email: ['A user with that email already exists.'] } },
    });
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await user.type(within(dialog).getByLabelText('Current password'), 'secret password');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('A user with that email already exists.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the e-mail of a social account read-only and never asks for a password', async () => {
    const { user } = openProfile({}, { ...me, authentication_type: 'social' });
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('readonly');
    expect(within(dialog).getByText(profileMessages.socialEmail)).toBeInTheDocument();
  });
});
