import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { negotiationMessages } from '@market/shared';
import { jsonOf } from '@/testing/mock-fetch';
import { renderRoute, signIn } from '@/testing/test-utils';
import { aDomain, mockApi, ownDomain } from '@/features/portfolio/testing/fixtures';
import LandingRoute from './landing';
import { aLeadRequest, aNegotiationStep } from '@/testing/leads';

// User-event journeys through MUI are slow on a busy 2-core machine; 5 s is too tight there.
vi.setConfig({ testTimeout: 30_000 });

const render = (at: string) => renderRoute(<LandingRoute />, { at, path: '/landing/:id' });

const tradeDomain = aDomain({
  id: 11,
  domain_name: 'swap.com',
  business_status: '',
  business_status_label: 'Enquire',
  // An Enquire listing's price stays private; the server says only whether it is premium.
  seller_price: null,
  buyer_price: null,
  min_offer: 12_000,
  trade_switch: 'Yes',
  trade_option: '5 Figures',
  startup_breeders_switch: 'Yes',
  startup_breeders: 'Pitch to Us',
  description: 'Line one\n<b>not bold</b>',
});

describe('landing page', () => {
  it('shows the domain, counts the view once and offers its actions', async () => {
    const { requests } = mockApi({
      'GET /api/domains/11': { body: tradeDomain },
      'POST /api/domains/11/view/': { status: 204 },
    });
    render('/landing/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'swap.com' })).toBeInTheDocument();
    expect(screen.getByText('Enquire')).toBeInTheDocument();
    expect(screen.getByText('Trade: 5 Figures')).toBeInTheDocument();
    expect(screen.getByText('Startup Breeders: Pitch to Us')).toBeInTheDocument();
    expect(screen.getByTestId('landing-description').textContent).toBe('Line one\n<b>not bold</b>');
    expect(screen.getByText(/Listed by Grace H\./)).toBeInTheDocument();
    expect(screen.getByText('Offers from $12,000 are considered.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make an offer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request a trade' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pitch to Us' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Buy Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask a broker' })).not.toBeInTheDocument();
    const views = requests.filter((r) => r.path === '/api/domains/11/view/');
    expect(views).toHaveLength(1);
    expect(jsonOf(views[0])).toEqual({ referrer: document.referrer });
  });

  it('shows a Buy Now price and no offer button under $10,000', async () => {
    mockApi({ 'GET /api/domains/12': { body: aDomain({ id: 12, seller_price: 4200 }) }, 'POST /api/domains/12/view/': { status: 204 } });
    render('/landing/12');
    expect(await screen.findByTestId('buy-now-price')).toHaveTextContent('$4,200');
    expect(screen.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/buy_order?domain_id=12');
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
  });

  it('says so when the domain does not exist or is not public', async () => {
    mockApi({ 'GET /api/domains/13': { status: 404, body: { detail: 'Not found.' } }, 'POST /api/domains/13/view/': { status: 404 } });
    render('/landing/13');
    expect(await screen.findByRole('heading', { name: 'Domain not found' })).toBeInTheDocument();
  });

  it('previews a pending domain for its owner with its approval state and no actions', async () => {
    signIn();
    mockApi({ 'GET /api/domains/14': { body: ownDomain({ id: 14 }) }, 'POST /api/domains/14/view/': { status: 404 } });
    render('/landing/14');
    expect(await screen.findByText('Pending approval')).toBeInTheDocument();
    expect(screen.getByText(/This is a preview/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
  });

  it('makes an offer: creates the lead, then opens the negotiation page', async () => {
    signIn();
    const { calls } = mockApi({
      'GET /api/domains/11': { body: tradeDomain },
      'POST /api/domains/11/view/': { status: 204 },
      'POST /api/domains/domain-leads/': { status: 201, body: { domain_lead_id: 3 } },
    });
    const { user } = render('/landing/11');
    await user.click(await screen.findByRole('button', { name: 'Make an offer' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/domain-leads/negotiation/11');
    expect(jsonOf(calls().find((c) => c.path === '/api/domains/domain-leads/'))).toEqual({ domain_id: 11 });
  });

  it('signed out, an action goes to log in and comes back with ?action=', async () => {
    const { calls } = mockApi({ 'GET /api/domains/11': { body: tradeDomain }, 'POST /api/domains/11/view/': { status: 204 } });
    const { user } = render('/landing/11');
    await user.click(await screen.findByRole('button', { name: 'Request a trade' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(calls().map((c) => c.path)).not.toContain('/api/domains/domain-leads/');
  });

  it('runs ?action=trade once for a signed-in visitor and drops the parameter', async () => {
    signIn();
    const { calls } = mockApi({
      'GET /api/domains/11': { body: tradeDomain },
      'POST /api/domains/11/view/': { status: 204 },
      'POST /api/domains/domain-leads/': { status: 201, body: { domain_lead_id: 4 } },
      'POST /api/domains/notifications/': { status: 201, body: aLeadRequest(4, '5 Figures') },
      'POST /api/domains/negotiation/': { status: 201, body: aNegotiationStep({ domain_lead_id: 4 }) },
    });
    render('/landing/11?action=trade');
    expect(await screen.findByText(negotiationMessages.leadSubmitted)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/landing\/11$/));
    const leadCalls = calls().filter((c) => c.path === '/api/domains/domain-leads/');
    expect(leadCalls).toHaveLength(1);
    expect(jsonOf(calls().find((c) => c.path === '/api/domains/notifications/'))).toEqual({
      domain_lead_id: 4,
      category: '5 Figures',
    });
  });

  it('runs ?action=broker for a premium name: the lead, the broker request, then the negotiation page', async () => {
    signIn();
    const premium = { ...tradeDomain, thoroughbred: true, min_offer: 50_000 };
    const { calls } = mockApi({
      'GET /api/domains/11': { body: premium },
      'POST /api/domains/11/view/': { status: 204 },
      'POST /api/domains/domain-leads/': { status: 201, body: { domain_lead_id: 5 } },
      'POST /api/domains/negotiation/': { status: 201, body: aNegotiationStep({ domain_lead_id: 5, status: 5, status_label: 'Broker assigned' }) },
    });
    render('/landing/11?action=broker');
    expect(await screen.findByText(negotiationMessages.brokerAssigned)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/domain-leads/negotiation/11'));
    expect(jsonOf(calls().find((c) => c.path === '/api/domains/negotiation/'))).toEqual({ domain_lead_id: 5, amount: null, status: 5 });
  });

  it('offers the broker only above $50,000', async () => {
    mockApi({ 'GET /api/domains/11': { body: { ...tradeDomain, thoroughbred: true } }, 'POST /api/domains/11/view/': { status: 204 } });
    render('/landing/11');
    expect(await screen.findByRole('button', { name: 'Ask a broker' })).toBeInTheDocument();
  });

  it('ignores ?action= for a signed-out visitor', async () => {
    const { calls } = mockApi({ 'GET /api/domains/11': { body: tradeDomain }, 'POST /api/domains/11/view/': { status: 204 } });
    render('/landing/11?action=offer');
    await screen.findByRole('heading', { level: 1, name: 'swap.com' });
    expect(screen.getByTestId('location')).toHaveTextContent('/landing/11?action=offer');
    expect(calls().map((c) => c.path)).not.toContain('/api/domains/domain-leads/');
  });
});
