import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Lease } from '@market/shared';
import { allowForBusyMachine } from '@/testing/patience';
import { mockFetch, type MockHandler } from '@/testing/mock-fetch';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import LeaseRoute from './lease';

allowForBusyMachine();

const person = (id: number, first_name: string) => ({ id, first_name, last_name: 'Tester' });

function instalment(number: number, status: 'due' | 'paid', allowed: Lease['instalments'][number]['allowed_actions'] = []): Lease['instalments'][number] {
  return {
    id: 100 + number,
    number,
    payoff: false,
    status,
    status_label: status === 'due' ? 'Due' : 'Paid: payout due',
    amount_cents: 10_000 as never,
    buyer_total_cents: 10_500 as never,
    seller_net_cents: 9_500 as never,
    commission_cents: 1_000 as never,
    due_at: `2026-0${number}-01T00:00:00.000Z`,
    paid_at: status === 'paid' ? '2026-01-01T00:00:00.000Z' : null,
    payout_at: null,
    warned_at: null,
    payment_reference: `LS-000${number}`,
    next_step: '',
    allowed_actions: allowed,
  };
}

function aLease(overrides: Partial<Lease> = {}): Lease {
  return {
    id: 5,
    domain_id: 9,
    domain_name: 'rent-me.com',
    role: 'buyer',
    buyer: person(1, 'Lou'),
    seller: person(2, 'Lena'),
    status: 'active',
    status_label: 'Leasing',
    provider: 'stripe',
    price_cents: 30_000 as never,
    total_cents: 30_000 as never,
    months: 3,
    down_payment_cents: 0 as never,
    rate_bp: 0,
    paid_cents: 10_000 as never,
    remaining_cents: 20_000 as never,
    next_instalment_id: 102,
    terms: ['An instalment 30 days late ends the lease.'],
    can_set_dns: true,
    instalments: [instalment(1, 'paid'), instalment(2, 'due', ['pay_by_card', 'pay_by_bank_transfer']), instalment(3, 'due')],
    transfer_method: null,
    push_account: null,
    dns_txt: null,
    dns_verified_at: null,
    dispute_reason: null,
    resolution_note: null,
    started_at: '2026-01-01T00:00:00.000Z',
    ended_at: null,
    completed_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    events: [],
    payment_instructions: { reference: 'LS-0002', amount_cents: 10_500 as never, details: 'IBAN XX00' },
    next_step: 'You control the DNS of rent-me.com. Next: $105.00 due 1 Feb 2026.',
    allowed_actions: ['pay_off', 'dispute'],
    ...overrides,
  };
}

function open(routes: Record<string, MockHandler>) {
  signIn();
  const mocks = mockFetch({ 'GET /api/auth/user/': { body: testUser }, 'GET /api/domains/my-stable': { body: {} }, ...routes });
  return { ...mocks, ...renderRoute(<LeaseRoute />, { at: '/leases/5', path: '/leases/:id' }) };
}

describe('lease page', () => {
  it('shows the lessee the schedule, the next instalment to pay and only the steps the server allows', async () => {
    open({ 'GET /api/leases/5/': { body: aLease() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'rent-me.com' })).toBeInTheDocument();
    expect(screen.getByTestId('lease-status')).toHaveTextContent('Leasing');
    expect(screen.getByTestId('lease-next-step')).toHaveTextContent('Next: $105.00 due 1 Feb 2026');
    expect(screen.getByTestId('lease-bank-details')).toHaveTextContent('quoting LS-0002');
    // The card button on the next instalment only.
    expect(screen.getAllByRole('button', { name: /by card/ })).toHaveLength(1);
    expect(screen.getByTestId('instalment-2')).toHaveTextContent('Pay $105.00 by card');
    expect(screen.getByRole('button', { name: 'Pay off the remaining $200.00' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Set the DNS records' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Cancel the lease' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start the transfer' })).toBeNull();
    expect(screen.getByText('An instalment 30 days late ends the lease.')).toBeInTheDocument();
  });

  it('asks for the payoff and shows the lease the server answers', async () => {
    const after = aLease({
      remaining_cents: 20_000 as never,
      instalments: [instalment(1, 'paid'), { ...instalment(2, 'due', ['pay_by_card', 'pay_by_bank_transfer']), id: 200, payoff: true, buyer_total_cents: 21_000 as never }],
      next_instalment_id: 200,
      allowed_actions: ['dispute'],
    });
    const { user, requests } = open({ 'GET /api/leases/5/': { body: aLease() }, 'POST /api/leases/5/pay-off/': { body: after } });
    await user.click(await screen.findByRole('button', { name: 'Pay off the remaining $200.00' }));
    expect(await screen.findByTestId('instalment-payoff')).toHaveTextContent('Pay $210.00 by card');
    expect(screen.queryByRole('button', { name: /Pay off the remaining/ })).toBeNull();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/leases/5/pay-off/']);
  });

  it('offers the seller no payment and no DNS records, and says what they receive', async () => {
    open({ 'GET /api/leases/5/': { body: aLease({ role: 'seller', can_set_dns: false, payment_instructions: null, instalments: [instalment(1, 'paid'), instalment(2, 'due'), instalment(3, 'due')], allowed_actions: ['dispute'] }) } });
    expect(await screen.findByRole('columnheader', { name: 'You receive' })).toBeInTheDocument();
    expect(screen.getByTestId('instalment-2')).toHaveTextContent('$95.00');
    expect(screen.queryByRole('button', { name: /by card/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set the DNS records' })).toBeNull();
  });
});
