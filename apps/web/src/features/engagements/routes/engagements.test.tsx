import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import { anEngagement } from '../test-fixtures';
import EngagementsRoute from './engagements';

function open(list: unknown[], at = '/engagements', user = testUser) {
  signIn(user);
  mockFetch({ 'GET /api/auth/user/': { body: user }, 'GET /api/engagements/': { body: list } });
  return renderRoute(<EngagementsRoute />, { at, path: '/engagements' });
}

const selected = (name: string) => screen.findByRole('tab', { name: new RegExp(name), selected: true });

describe('requests and engagements', () => {
  it('opens on the tab with something in it: a request to the freelancer, not their empty hires', async () => {
    open([anEngagement({ role: 'freelancer', status: 'requested', status_label: 'Waiting for the freelancer', title: 'A request for you' })]);
    await selected('Work for clients');
    expect(await screen.findByRole('link', { name: 'A request for you' })).toBeInTheDocument();
  });

  it('opens a freelancer with nothing yet on their own tab, saying what to do', async () => {
    open([], '/engagements', { ...testUser, user_role: 'freelancer' });
    await selected('Work for clients');
    expect(await screen.findByText('No client has sent you a request yet.')).toBeInTheDocument();
  });

  it('opens a client on their hires, and keeps a tab chosen in the address', async () => {
    const both = [anEngagement({ title: 'My hire' }), anEngagement({ id: 13, role: 'freelancer', title: 'My work' })];
    open(both);
    await selected('Your hires');
    expect(await screen.findByRole('link', { name: 'My hire' })).toBeInTheDocument();
  });

  it('keeps the tab named in the address', async () => {
    open([anEngagement({ id: 13, role: 'freelancer', title: 'My work' })], '/engagements?tab=client');
    await selected('Your hires');
  });
});
