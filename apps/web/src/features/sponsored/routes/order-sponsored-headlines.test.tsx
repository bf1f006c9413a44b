import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dealMessages, sponsoredMessages } from '@market/shared';
import { jsonOf } from '@/testing/mock-fetch';
import { renderRoute, signIn } from '@/testing/test-utils';
import { aCart, anOrder, aWaitingOrder, eligibleDomain, mockApi, SPONSORED_API } from '../testing/fixtures';
import { CART_STORAGE_KEY } from '../utils/cart-storage';
import OrderSponsoredHeadlinesRoute from './order-sponsored-headlines';

const PATH = '/order-sponsored-headlines';

function open(routes: Parameters<typeof mockApi>[0], at = PATH) {
  signIn();
  const mocks = mockApi(routes);
  return { ...mocks, ...renderRoute(<OrderSponsoredHeadlinesRoute />, { at, path: PATH }) };
}

const panel = (name: string) => screen.getByRole('region', { name });

const eligible = [
  eligibleDomain({ id: 1, domain_name: 'bin-one.com', seller_price: 3000 }),
  eligibleDomain({ id: 2, domain_name: 'trade-five.com', business_status: '', seller_price: 0, trade_option: '5 Figures', categories: ['Trade Domains'] }),
  eligibleDomain({ id: 3, domain_name: 'trade-three.com', business_status: '', seller_price: 0, trade_option: '3 Figures', categories: ['Trade Domains'] }),
  eligibleDomain({
    id: 4,
    domain_name: 'breed-bin.io',
    seller_price: 12000,
    categories: ['Buy Now', 'Startup Breeders'],
    running: [{ category: 'Buy Now', ends_at: '2026-04-15T12:00:00.000Z' }],
  }),
];

// Role queries over four panels of MUI checkboxes are slow in jsdom; CI runs two workers on two cores.
describe('Order Sponsored Headlines', { timeout: 20_000 }, () => {
  it('shows the category panels with their price per listing, trade tiers and running headlines', async () => {
    open({ [`GET ${SPONSORED_API}/eligible/`]: { body: eligible } });
    expect(await screen.findByRole('region', { name: 'Buy Now Domains' })).toHaveTextContent('$5.00 per listing');
    expect(panel('Trade Domains')).toHaveTextContent('$3.00 per listing');
    expect(panel('Startup Breeder Domains')).toHaveTextContent('$10.00 per listing');
    expect(panel('Your order')).toBeInTheDocument();

    const tiers = within(panel('Trade Domains')).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(tiers).toEqual(['3 Figure Trade Domains', '5 Figure Trade Domains']);
    expect(within(panel('Trade Domains')).getByRole('list', { name: '3 Figure Trade Domains' })).toHaveTextContent('trade-three.com');

    const running = within(panel('Buy Now Domains')).getByRole('checkbox', { name: 'breed-bin.io' });
    expect(running).toBeDisabled();
    expect(running).toHaveAccessibleDescription('Running until Apr 15, 2026');
    expect(within(panel('Buy Now Domains')).getByRole('checkbox', { name: 'bin-one.com' })).toHaveAccessibleDescription('$3,000');
    // The same domain is still open to sponsor as a startup breeder.
    expect(within(panel('Startup Breeder Domains')).getByRole('checkbox', { name: 'breed-bin.io' })).toBeEnabled();
  });

  it('sends the ticked domains as the cart, stores the answer and goes to checkout', async () => {
    const cart = aCart();
    const { user, calls } = open({
      [`GET ${SPONSORED_API}/eligible/`]: { body: eligible },
      [`POST ${SPONSORED_API}/cart/`]: { status: 201, body: cart },
    });
    await user.click(await within(await screen.findByRole('region', { name: 'Buy Now Domains' })).findByRole('checkbox', { name: 'bin-one.com' }));
    await user.click(within(panel('Trade Domains')).getByRole('checkbox', { name: 'trade-five.com' }));
    await user.click(within(panel('Trade Domains')).getByRole('checkbox', { name: 'trade-three.com' }));
    await user.click(within(panel('Startup Breeder Domains')).getByRole('checkbox', { name: 'breed-bin.io' }));
    await user.click(within(panel('Startup Breeder Domains')).getByRole('checkbox', { name: 'breed-bin.io' }));

    const summary = panel('Your order');
    expect(within(summary).getByTestId('summary-Buy Now')).toHaveTextContent('Buy Now1 × $5.00$5.00');
    expect(within(summary).getByTestId('summary-Trade Domains')).toHaveTextContent('Trade Domains2 × $3.00$6.00');
    expect(within(summary).getByTestId('summary-total')).toHaveTextContent('$11.00');

    await user.click(screen.getByRole('button', { name: 'Place your order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/checkout$/));
    const post = calls().find((c) => c.method === 'POST');
    expect(jsonOf(post)).toEqual({
      items: [
        { domain_ids: [1], category: 'Buy Now' },
        { domain_ids: [3, 2], category: 'Trade Domains' },
      ],
    });
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? 'null')).toEqual(cart);
  });

  it('asks for a selection instead of sending an empty cart', async () => {
    const { user, calls } = open({ [`GET ${SPONSORED_API}/eligible/`]: { body: eligible } });
    await user.click(await screen.findByRole('button', { name: 'Place your order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Select at least one domain to sponsor.');
    expect(calls().some((c) => c.method === 'POST')).toBe(false);
  });

  it('lists the first 10 domains, then an ellipsis row that expands the whole list', async () => {
    const many = Array.from({ length: 13 }, (_, i) => eligibleDomain({ id: i + 1, domain_name: `name${String(i + 1).padStart(2, '0')}.com` }));
    const { user } = open({ [`GET ${SPONSORED_API}/eligible/`]: { body: many } });
    const buyNow = await screen.findByRole('region', { name: 'Buy Now Domains' });
    expect(within(buyNow).getAllByRole('checkbox', { name: /^name/ })).toHaveLength(10);
    expect(within(buyNow).queryByText('name11.com')).not.toBeInTheDocument();

    const more = within(buyNow).getByRole('button', { name: '… and 3 more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(buyNow).getAllByRole('checkbox', { name: /^name/ })).toHaveLength(13);
    await user.click(within(buyNow).getByLabelText('Filter Buy Now Domains'));
    await user.paste('name1');
    expect(within(buyNow).getAllByRole('checkbox', { name: /^name/ }).map((c) => c.closest('label')?.textContent)).toEqual([
      'name10.com',
      'name11.com',
      'name12.com',
      'name13.com',
    ]);
    await user.click(within(buyNow).getByRole('button', { name: 'Show the first 10 only' }));
    expect(within(buyNow).getAllByRole('checkbox', { name: /^name/ })).toHaveLength(10);

    // Select all picks the hidden ones too.
    await user.click(within(buyNow).getByRole('checkbox', { name: 'Select all Buy Now Domains' }));
    expect(within(buyNow).getByText('13 of 13 selected')).toBeInTheDocument();
    expect(within(panel('Your order')).getByTestId('summary-total')).toHaveTextContent('$65.00');
  });

  it('shows the server’s refusal and reloads the list on a conflict', async () => {
    let loads = 0;
    const { user } = open({
      [`GET ${SPONSORED_API}/eligible/`]: () => {
        loads += 1;
        return { body: eligible };
      },
      [`POST ${SPONSORED_API}/cart/`]: { status: 409, body: { detail: sponsoredMessages.alreadyRunning('bin-one.com', 'Buy Now') } },
    });
    await user.click(await within(await screen.findByRole('region', { name: 'Buy Now Domains' })).findByRole('checkbox', { name: 'bin-one.com' }));
    const before = loads;
    await user.click(screen.getByRole('button', { name: 'Place your order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('bin-one.com already has a running Buy Now headline.');
    await waitFor(() => expect(loads).toBe(before + 1));
    expect(screen.getByTestId('location')).toHaveTextContent(PATH);
  });

  it('points a seller without eligible domains to the portfolio', async () => {
    open({ [`GET ${SPONSORED_API}/eligible/`]: { body: [] } });
    expect(await screen.findByRole('heading', { name: 'No domains to sponsor yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your portfolio' })).toHaveAttribute('href', '/portfolio');
  });

  it('starts from the stored cart’s selection and offers the way back to checkout', async () => {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(aCart({ category: [{ name: 'Buy Now', quantity: 1, unit_price: 5, sub_total: 5, domains: [{ id: 1, domain_name: 'bin-one.com' }] }], total_amount: 5 })));
    open({ [`GET ${SPONSORED_API}/eligible/`]: { body: eligible } });
    const buyNow = await screen.findByRole('region', { name: 'Buy Now Domains' });
    expect(within(buyNow).getByRole('checkbox', { name: 'bin-one.com' })).toBeChecked();
    expect(screen.getByText(/A cart of \$5\.00 is waiting at checkout/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('lists past orders with their headlines, running or ended', async () => {
    const { user } = open({
      [`GET ${SPONSORED_API}/eligible/`]: { body: eligible },
      [`GET ${SPONSORED_API}/orders/`]: {
        body: [
          anOrder(),
          anOrder({
            id: 5,
            total_amount: 10,
            created_at: '2025-12-01T12:00:00.000Z',
            headlines: [
              { domain_name: 'breed-bin.io', domain_id: 4, category: 'Startup Breeders', advertisement_price: 10, starts_at: '2025-12-01T12:00:00.000Z', ends_at: '2025-12-31T12:00:00.000Z', running: false },
            ],
          }),
        ],
      },
    });
    await screen.findByRole('region', { name: 'Buy Now Domains' });
    await user.click(screen.getByRole('tab', { name: 'Your orders' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`${PATH}?tab=orders`);
    const recent = await screen.findByRole('article', { name: 'Order #12' });
    expect(recent).toHaveTextContent('Total $8.00');
    expect(recent).toHaveTextContent('Paid · Paid by bank transfer');
    expect(recent).toHaveTextContent('bin-one.comBuy Now$5.00Running until Mar 31, 2026');
    expect(within(recent).getByRole('link', { name: 'bin-one.com' })).toHaveAttribute('href', '/landing/1');
    expect(screen.getByRole('article', { name: 'Order #5' })).toHaveTextContent('breed-bin.ioStartup Breeders$10.00Ended Dec 31, 2025');
  });

  it('shows an order waiting for its payment with how to pay, and its headlines not started', async () => {
    open({ [`GET ${SPONSORED_API}/orders/`]: { body: [aWaitingOrder({ id: 14 })] } }, `${PATH}?tab=orders&paid=14`);
    const order = await screen.findByRole('article', { name: 'Order #14' });
    expect(within(order).getByTestId('sponsored-order-status-14')).toHaveTextContent('Awaiting payment');
    expect(within(order).getByLabelText('Payment reference')).toHaveTextContent('SH-ABCD-EFGH');
    expect(order).toHaveTextContent('bin-one.comBuy Now$5.00Starts when paid');
    // Back from the card page before the processor's word arrived.
    expect(within(order).getByText(dealMessages.cardPaymentReturned)).toBeInTheDocument();
  });

  it('lets the buyer cancel an order not paid yet, after a confirmation; a paid one offers no cancelling', async () => {
    const cancelled = anOrder({ id: 14, status: 'cancelled', status_label: 'Cancelled', paid_at: null, ends_at: null });
    let current = aWaitingOrder({ id: 14 });
    const { user, calls } = open(
      {
        [`GET ${SPONSORED_API}/orders/`]: () => ({ body: [current, anOrder({ id: 15 })] }),
        [`POST ${SPONSORED_API}/orders/14/cancel/`]: () => {
          current = cancelled;
          return { body: cancelled };
        },
      },
      `${PATH}?tab=orders`,
    );
    const order = await screen.findByRole('article', { name: 'Order #14' });
    expect(within(screen.getByRole('article', { name: 'Order #15' })).queryByRole('button', { name: 'Cancel the order' })).toBeNull();
    await user.click(within(order).getByRole('button', { name: 'Cancel the order' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel order #14?' })).getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Order #14' })).getByTestId('sponsored-order-status-14')).toHaveTextContent('Cancelled'));
    expect(within(screen.getByRole('article', { name: 'Order #14' })).queryByRole('button', { name: 'Cancel the order' })).toBeNull();
    expect(calls().filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`${SPONSORED_API}/orders/14/cancel/`]);
  });

  it('opens the history directly with ?tab=orders', async () => {
    open({ [`GET ${SPONSORED_API}/orders/`]: { body: [] } }, `${PATH}?tab=orders`);
    expect(await screen.findByText('You have not ordered any sponsored headlines yet.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Your orders' })).toHaveAttribute('aria-selected', 'true');
  });
});
