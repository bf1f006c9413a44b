import { asCents } from '@market/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Engagement, Milestone } from '@market/shared';
import { Route, Routes } from 'react-router';
import { StableLayout } from '@/app/layouts/stable-layout';
import { allowForBusyMachine } from '@/testing/patience';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter, signIn, testUser } from '@/testing/test-utils';
import HiringRoute, { type HiringView } from './hiring';

allowForBusyMachine();

const party = (id: number, first_name: string) => ({ id, first_name, last_name: 'Tester' });
function milestone(id: number, status: Milestone['status'], net: number): Milestone {
  return {
    id, position: id, title: `M${id}`, due_date: '2030-01-01', status, status_label: status, amount_cents: asCents(net + 100), commission_cents: asCents(100), freelancer_net_cents: asCents(net),
    provider: 'manual', payment_reference: `FM-${id}`, paid_at: null, delivered_at: null, delivery_note: null, approve_by: null, approved_at: null, payout_at: null,
    refunded_at: null, dispute_reason: null, resolution_note: null, next_step: '', allowed_actions: [], payment_instructions: null,
  };
}
function engagement(id: number, role: Engagement['role'], status: Engagement['status'], milestones: Milestone[]): Engagement {
  return {
    id, role, client: party(1, 'Cleo'), freelancer: party(2, 'Gwen'), title: `Job ${id}`, brief: 'b', budget_cents: asCents(100_000), deadline: '2030-01-31', domain_name: null,
    order_id: null, status, status_label: status, decline_reason: null, terms_version: 1, commission_percent: 10, closed: false, contacts_unmasked: false,
    milestones, events: [], unread_messages: 0, created_at: '2029-01-01T00:00:00.000Z', updated_at: '2029-01-01T00:00:00.000Z',
  };
}

const list = [
  engagement(1, 'freelancer', 'active', [milestone(11, 'paid_out', 45_000), milestone(12, 'approved', 90_045), milestone(13, 'funded', 1_234), milestone(14, 'awaiting_funding', 500)]),
  engagement(2, 'freelancer', 'requested', [milestone(21, 'proposed', 9_999)]),
  engagement(3, 'client', 'active', [milestone(31, 'paid_out', 77_700)]),
];

function open(view: HiringView, userRole: 'freelancer' | 'seller') {
  signIn({ ...testUser, user_role: userRole });
  mockFetch({ 'GET /api/auth/user/': { body: { ...testUser, user_role: userRole } }, 'GET /api/domains/my-stable': { body: {} }, 'GET /api/engagements/': { body: list } });
  return renderWithRouter(
    <Routes>
      <Route element={<StableLayout />}>
        <Route path="*" element={<HiringRoute view={view} />} />
      </Route>
    </Routes>,
    '/earnings',
  );
}

describe('My Stable hiring tabs', () => {
  it('sums a freelancer’s earnings to the cent, after commission, and shows their own tabs', async () => {
    open('earnings', 'freelancer');
    expect(await screen.findByTestId('earnings-paid')).toHaveTextContent('$450.00');
    expect(screen.getByTestId('earnings-due')).toHaveTextContent('$900.45');
    expect(screen.getByTestId('earnings-held')).toHaveTextContent('$12.34');
    expect(screen.getByTestId('earnings-awaiting')).toHaveTextContent('$5.00');
    const nav = screen.getByRole('navigation', { name: 'My Stable' });
    for (const name of ['Hires', 'Requests', 'Engagements', 'Earnings']) expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
  });

  it('lists the requests waiting for the freelancer', async () => {
    open('requests', 'freelancer');
    expect(await screen.findByRole('link', { name: 'Job 2' })).toHaveAttribute('href', '/engagements/2');
    expect(screen.queryByRole('link', { name: 'Job 1' })).not.toBeInTheDocument();
  });

  it('shows a client’s hires, without the freelancer tabs', async () => {
    open('hires', 'seller');
    expect(await screen.findByRole('link', { name: 'Job 3' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Job 2' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'My Stable' });
    expect(within(nav).getByRole('link', { name: 'Hires' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Earnings' })).not.toBeInTheDocument();
  });
});
