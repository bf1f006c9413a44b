import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { negotiationMessages as nm, type NegotiationStatus } from '@market/shared';
import { jsonOf, mockFetch, type RecordedRequest } from '@/testing/mock-fetch';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import type { NegotiationView } from '../api/get-negotiation-view';
import { entry, lead, view } from '../test-fixtures';
import { NegotiationActions } from './negotiation-actions';

function setup(data: NegotiationView, routes: Parameters<typeof mockFetch>[0] = {}) {
  signIn();
  const mocks = mockFetch({ 'GET /api/auth/user/': { body: testUser }, ...routes });
  const target = data.leads[0];
  if (!target) throw new Error('the view has no lead');
  const rendered = renderRoute(<NegotiationActions lead={target} view={data} />);
  return { ...mocks, ...rendered };
}

const amountBox = () => screen.queryByRole('textbox', { name: 'Offer amount' });
const posts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST');

describe('NegotiationActions', () => {
  it.each<[NegotiationStatus[], boolean]>([
    [[2], true],
    [[7], true],
    [[2, 7], true],
    [[4], false],
    [[5, 6], false],
    [[1], false],
  ])('with allowed %j shows the offer input: %s', (allowed, shown) => {
    setup(view({ leads: [lead({ allowed_statuses: allowed, entries: [entry({ author: 'seller' })] })] }));
    if (shown) expect(amountBox()).toBeInTheDocument();
    else expect(amountBox()).not.toBeInTheDocument();
  });

  it('renders exactly the allowed actions', () => {
    const seller = view({
      role: 'seller',
      leads: [lead({ allowed_statuses: [2, 4, 5, 6], entries: [entry({ author: 'buyer', amount: 60000 })] })],
    });
    setup(seller);
    const names = screen.getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(['Counter offer', 'Accept $60,000', 'Ask our Broker Team', 'Start a bidding war']);
  });

  it('explains what a bidding war does next to its button', () => {
    setup(view({ role: 'seller', leads: [lead({ allowed_statuses: [6], entries: [entry({ author: 'buyer' })] })] }));
    expect(screen.getByText(/A bidding war shows the domain as a sponsored headline .* tells everyone who made an offer/)).toBeInTheDocument();
  });

  it("calls a new price after one's own offer \"Change your offer\", not a counter offer", () => {
    setup(view({ leads: [lead({ allowed_statuses: [2], entries: [entry({ author: 'buyer' })] })] }));
    expect(screen.getByRole('button', { name: 'Change your offer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Counter offer' })).not.toBeInTheDocument();
  });

  it('lets the seller decline after confirming, and says what declining does', async () => {
    const data = view({ role: 'seller', leads: [lead({ allowed_statuses: [2, 3, 4], entries: [entry({ author: 'buyer' })] })] });
    const { user, requests } = setup(data, {
      'POST /api/domains/negotiation/': { status: 201, body: { ...entry(), status: 3, amount: 0, message: nm.declined } },
    });
    expect(screen.getByText(/Decline ends this negotiation without a sale/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: "Decline Bob B.'s negotiation?" });
    expect(posts(requests)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(nm.declined)).toBeInTheDocument();
    expect(jsonOf(posts(requests)[0])).toEqual({ domain_lead_id: 10, status: 3, amount: null });
  });

  it('shows the startup breeder budget rule only when that offer is allowed', () => {
    setup(view({ leads: [lead({ allowed_statuses: [2] })] }, { min_offer: 0, startup_breeders_switch: 'Yes' }));
    expect(screen.queryByText(/Startup breeder budget offers/)).not.toBeInTheDocument();
  });

  it('renders nothing when no action is allowed', () => {
    setup(view({ leads: [lead({ allowed_statuses: [] })] }));
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('names the first offer "Make an offer" and shows the rules before typing', () => {
    setup(view({ leads: [lead({ allowed_statuses: [1, 2] })] }));
    expect(screen.getByRole('button', { name: 'Make an offer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a request without an offer' })).toBeInTheDocument();
    expect(screen.getByText(/Offers from \$15,000\. Offers expire 7 days after they are made\./)).toBeInTheDocument();
    expect(amountBox()).toHaveAccessibleDescription(/Offers from \$15,000/);
  });

  it('refuses an offer under the minimum before sending anything', async () => {
    const { user, requests } = setup(view());
    await user.type(amountBox() as HTMLElement, '12000');
    await user.click(screen.getByRole('button', { name: 'Make an offer' }));
    expect(await screen.findByText(nm.belowMinOffer(15000))).toBeInTheDocument();
    expect(amountBox()).toHaveAttribute('aria-invalid', 'true');
    expect(posts(requests)).toHaveLength(0);
  });

  it('refuses a non-number and a startup breeder budget of $10,000 or less', async () => {
    const { user, requests } = setup(view({ leads: [lead({ allowed_statuses: [2, 7] })] }, { min_offer: 0, startup_breeders_switch: 'Yes' }));
    await user.type(amountBox() as HTMLElement, '12.5k');
    await user.click(screen.getByRole('button', { name: 'Make an offer' }));
    expect(await screen.findByText(nm.amountInvalid)).toBeInTheDocument();
    await user.clear(amountBox() as HTMLElement);
    expect(screen.queryByText(nm.amountInvalid)).not.toBeInTheDocument();
    await user.type(amountBox() as HTMLElement, '10000');
    await user.click(screen.getByRole('button', { name: 'Startup breeder budget offer' }));
    expect(await screen.findByText(nm.breederThreshold)).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
  });

  it("posts a valid offer and shows the server's message", async () => {
    const { user, requests } = setup(view(), {
      'POST /api/domains/negotiation/': { status: 201, body: { ...entry(), message: nm.offerSubmitted } },
      'GET /api/domains/negotiation/view/': { body: view() },
    });
    await user.type(amountBox() as HTMLElement, '$18,000');
    await user.click(screen.getByRole('button', { name: 'Make an offer' }));
    expect(await screen.findByText(nm.offerSubmitted)).toBeInTheDocument();
    expect(jsonOf(posts(requests)[0])).toEqual({ domain_lead_id: 10, status: 2, amount: 18000 });
    await waitFor(() => expect(amountBox()).toHaveValue(''));
  });

  it('puts a field error from the server under the input', async () => {
    const { user } = setup(view({}, { min_offer: 0 }), {
      'POST /api/domains/negotiation/': { status: 400, body: { amount: [nm.belowMinOffer(20000)] } },
    });
    await user.type(amountBox() as HTMLElement, '18000');
    await user.click(screen.getByRole('button', { name: 'Make an offer' }));
    expect(await screen.findByText(nm.belowMinOffer(20000))).toBeInTheDocument();
    expect(amountBox()).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a state conflict from the server above the buttons', async () => {
    const { user } = setup(view(), {
      'POST /api/domains/negotiation/': { status: 409, body: { detail: nm.alreadyAccepted } },
    });
    await user.type(amountBox() as HTMLElement, '18000');
    await user.click(screen.getByRole('button', { name: 'Make an offer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(nm.alreadyAccepted);
  });

  it('asks before accepting, showing the amount and the split', async () => {
    const counter = entry({ id: 2, author: 'seller', amount: 22000 });
    const data = view({ leads: [lead({ allowed_statuses: [2, 4], entries: [entry(), counter] })] });
    const { user, requests } = setup(data, {
      'POST /api/domains/negotiation/': { status: 201, body: { ...counter, id: 3, status: 4, message: nm.accepted } },
    });
    await user.click(screen.getByRole('button', { name: 'Accept $22,000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept $22,000?' });
    expect(within(dialog).getByText(/You pay/)).toBeInTheDocument();
    expect(within(dialog).getByText('$23,100')).toBeInTheDocument();
    expect(within(dialog).getByText('$20,900')).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(requests)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Accept $22,000' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept offer' }));
    expect(await screen.findByText(nm.accepted)).toBeInTheDocument();
    expect(jsonOf(posts(requests)[0])).toEqual({ domain_lead_id: 10, status: 4, amount: null });
  });

  it('offers no accept for an expired offer even if the list is stale', () => {
    const expired = entry({ author: 'seller', amount: 22000, expired: true });
    setup(view({ leads: [lead({ allowed_statuses: [2, 4], entries: [expired] })] }));
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
  });

  it("sends the broker request and shows the server's message", async () => {
    const data = view({ leads: [lead({ allowed_statuses: [2, 5], entries: [entry({ amount: 60000 })] })] }, { seller_price: 80000 });
    const { user, requests } = setup(data, {
      'POST /api/domains/negotiation/': { status: 201, body: { ...entry(), status: 5, message: nm.brokerAssigned } },
    });
    await user.click(screen.getByRole('button', { name: 'Ask our Broker Team' }));
    expect(await screen.findByText(nm.brokerAssigned)).toBeInTheDocument();
    expect(jsonOf(posts(requests)[0])).toMatchObject({ status: 5 });
  });

  it('offers no instalments where the seller offers no lease', () => {
    setup(view({ leads: [lead({ allowed_statuses: [2] })] }));
    expect(screen.queryByRole('checkbox', { name: /Paid in instalments/ })).not.toBeInTheDocument();
  });

  it('sends an offer in instalments with the plan it shows', async () => {
    const terms = { months: 12, down_payment_cents: 200_000 as never, rate_bp: 0 };
    const { user, requests } = setup(view({ leads: [lead({ allowed_statuses: [2] })] }, { lease_terms: terms, min_offer: 0 }), {
      'POST /api/domains/negotiation/': { status: 201, body: { ...entry({ amount: 20000 }), message: nm.offerSubmitted } },
    });
    await user.type(screen.getByRole('textbox', { name: 'Offer amount' }), '20000');
    expect(screen.queryByTestId('lease-offer-preview')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Paid in instalments: lease to own over 12 months, $2,000.00 down' }));
    expect(screen.getByTestId('lease-offer-preview')).toHaveTextContent('Your offer in 12 monthly instalments of $1,500.00, $2,000.00 down with the first ($20,000.00 in all)');
    await user.click(screen.getByRole('button', { name: 'Make an offer' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(jsonOf(posts(requests)[0])).toEqual({ domain_lead_id: 10, status: 2, amount: 20000, lease: true });
  });

  it('says that accepting an offer in instalments starts a lease', async () => {
    const offer = entry({ author: 'buyer', amount: 20000, lease: { months: 12, down_payment_cents: 0 as never, rate_bp: 0, monthly_cents: 166_666 as never, total_cents: 2_000_000 as never, line: 'in 12 monthly instalments of $1,666.66 ($20,000.00 in all)' } });
    const { user } = setup(view({ role: 'seller', leads: [lead({ allowed_statuses: [4], entries: [offer] })] }));
    await user.click(screen.getByRole('button', { name: 'Accept $20,000' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('offer of $20,000 in 12 monthly instalments of $1,666.66 ($20,000.00 in all) for premium-deal.com');
    expect(dialog).toHaveTextContent('starts a lease to own');
  });
});
