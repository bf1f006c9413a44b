import Button from '@mui/material/Button';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { negotiationMessages } from '@market/shared';
import { jsonOf } from '@/testing/mock-fetch';
import { Route, Routes, useLocation } from 'react-router';
import { renderRoute, renderWithRouter, signIn } from '@/testing/test-utils';
import { mockApi } from '@/features/portfolio/testing/fixtures';
import { leadCategory, useLeadRequest, type LeadRequestKind } from './use-lead-request';
import { aLeadRequest, aNegotiationStep } from '@/testing/leads';

// User-event journeys through MUI are slow on a busy 2-core machine; 5 s is too tight there.
vi.setConfig({ testTimeout: 30_000 });

const domain = { id: 42, trade_option: '4 Figures' };

function Requester({ kind, failureTitle }: { kind: LeadRequestKind; failureTitle?: string }) {
  const lead = useLeadRequest({ failureTitle });
  return (
    <Button onClick={() => lead.request(domain, kind)} disabled={lead.isPending}>
      Request
    </Button>
  );
}

function LoginState() {
  return <pre data-testid="login-state">{JSON.stringify(useLocation().state)}</pre>;
}

describe('leadCategory', () => {
  it('is the trade option or Startup Breeders, and nothing for an option the server would refuse', () => {
    expect(leadCategory({ id: 1, trade_option: '5 Figures' }, 'trade')).toBe('5 Figures');
    expect(leadCategory({ id: 1, trade_option: null }, 'breeder')).toBe('Startup Breeders');
    expect(leadCategory({ id: 1, trade_option: null }, 'trade')).toBeUndefined();
    expect(leadCategory({ id: 1, trade_option: 'Call me at http://evil.example' }, 'trade')).toBeUndefined();
  });
});

describe('useLeadRequest', () => {
  it('sends a signed-out visitor to /login, remembering where they were, and calls nothing', async () => {
    const { requests } = mockApi({});
    const { user } = renderWithRouter(
      <Routes>
        <Route path="/homeSearch" element={<Requester kind="trade" />} />
        <Route path="/login" element={<LoginState />} />
      </Routes>,
      '/homeSearch?search=alpha',
    );
    await user.click(screen.getByRole('button', { name: 'Request' }));
    const state = JSON.parse((await screen.findByTestId('login-state')).textContent ?? 'null') as unknown;
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(state).toEqual({ from: { pathname: '/homeSearch', search: '?search=alpha', hash: '' } });
    expect(requests).toEqual([]);
  });

  it('signed in: creates the lead, then the notification and the status-1 entry', async () => {
    signIn();
    const { calls } = mockApi({
      'POST /api/domains/domain-leads/': { status: 201, body: { domain_lead_id: 7 } },
      'POST /api/domains/notifications/': { status: 201, body: aLeadRequest(7, '4 Figures') },
      'POST /api/domains/negotiation/': { status: 201, body: aNegotiationStep({ domain_lead_id: 7 }) },
    });
    const { user } = renderRoute(<Requester kind="trade" />);
    await user.click(screen.getByRole('button', { name: 'Request' }));
    expect(await screen.findByText(negotiationMessages.leadSubmitted)).toBeInTheDocument();
    const made = calls();
    expect(made.map((c) => c.path)).toEqual([
      '/api/domains/domain-leads/',
      '/api/domains/notifications/',
      '/api/domains/negotiation/',
    ]);
    expect(jsonOf(made[0])).toEqual({ domain_id: 42 });
    expect(jsonOf(made[1])).toEqual({ domain_lead_id: 7, category: '4 Figures' });
    expect(jsonOf(made[2])).toEqual({ domain_lead_id: 7, amount: 0, status: 1 });
    expect(made[0]?.headers.Authorization).toBe('Token stored-token');
  });

  it("files a breeder request under 'Startup Breeders'", async () => {
    signIn();
    const { calls } = mockApi({
      'POST /api/domains/domain-leads/': { body: { domain_lead_id: 8 } },
      'POST /api/domains/notifications/': { status: 201, body: aLeadRequest(8, 'Startup Breeders') },
      'POST /api/domains/negotiation/': { status: 201, body: aNegotiationStep({ domain_lead_id: 8 }) },
    });
    const { user } = renderRoute(<Requester kind="breeder" />);
    await user.click(screen.getByRole('button', { name: 'Request' }));
    await waitFor(() => expect(calls()).toHaveLength(3));
    expect(jsonOf(calls().find((c) => c.path === '/api/domains/notifications/'))).toEqual({
      domain_lead_id: 8,
      category: 'Startup Breeders',
    });
  });

  it("toasts the home search page's failure ('Success' / 'Something went wrong!') with the server's reason", async () => {
    signIn();
    const { calls } = mockApi({
      'POST /api/domains/domain-leads/': { status: 400, body: { domain_id: [negotiationMessages.ownDomain] } },
    });
    const { user } = renderRoute(<Requester kind="trade" failureTitle="Success" />);
    await user.click(screen.getByRole('button', { name: 'Request' }));
    expect(await screen.findByText(`${negotiationMessages.leadFailed} ${negotiationMessages.ownDomain}`)).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(calls()).toHaveLength(1);
  });
});
