import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { domainMessages, type OwnDomain } from '@market/shared';
import { renderRoute, signIn } from '@/testing/test-utils';
import { mockApi, ownDomain } from '../testing/fixtures';
import { EditDomainDialog } from './edit-domain-dialog';

// User-event journeys through MUI are slow on a busy 2-core machine; 5 s is too tight there.
vi.setConfig({ testTimeout: 30_000 });

function setup(domain: OwnDomain = ownDomain()) {
  signIn();
  const onClose = vi.fn();
  const view = renderRoute(<EditDomainDialog domain={domain} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Edit domain' });
  return {
    ...view,
    onClose,
    dialog,
    price: within(dialog).getByLabelText('Price'),
    minOffer: within(dialog).getByLabelText('Min offer'),
    save: within(dialog).getByRole('button', { name: 'Save' }),
  };
}

async function choose(user: ReturnType<typeof setup>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('EditDomainDialog', () => {
  it('shows the domain name read-only', () => {
    mockApi({});
    const { dialog } = setup();
    const name = within(dialog).getByLabelText('Domain name');
    expect(name).toHaveValue('alpha.com');
    expect(name).toHaveAttribute('readonly');
  });

  it('reports the shared messages for a bad price, min offer and missing options', async () => {
    const { calls } = mockApi({});
    const { user, price, minOffer, save } = setup();
    await user.type(price, '12abc');
    await user.type(minOffer, 'lots');
    await user.click(screen.getByRole('switch', { name: /Trade/ }));
    await user.click(screen.getByRole('switch', { name: /Startup breeders/ }));
    await user.click(save);
    expect(await screen.findByText(domainMessages.priceInvalid)).toBeInTheDocument();
    expect(screen.getByText(domainMessages.minOfferInvalid)).toBeInTheDocument();
    expect(screen.getByText(domainMessages.tradeOptionRequired)).toBeInTheDocument();
    expect(screen.getByText(domainMessages.startupBreederRequired)).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });

  it('asks for Buy Now under $10,000, and clears a field error when typing', async () => {
    mockApi({});
    const { user, price, save } = setup();
    await user.type(price, '5000');
    await user.click(save);
    expect(await screen.findByText(domainMessages.buyNowRequired)).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, 'x');
    await user.click(save);
    expect(await screen.findByText(domainMessages.priceInvalid)).toBeInTheDocument();
    await user.type(price, '1');
    expect(screen.queryByText(domainMessages.priceInvalid)).not.toBeInTheDocument();
  });

  it('saves the cleaned values and toasts', async () => {
    const { calls } = mockApi({
      'PUT /api/domains/11/': (request) => ({ body: { ...ownDomain(), ...(request.body as object) } }),
    });
    const { user, price, save, onClose } = setup();
    await user.type(price, '4,500');
    await choose(user, 'Business status', 'Buy Now');
    await user.click(screen.getByRole('switch', { name: /Trade/ }));
    await choose(user, 'Trade option', '4 Figures');
    await user.type(screen.getByLabelText('Description (optional)'), '  Short and brandable.  ');
    await user.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls()[0]?.body).toEqual({
      domain_name: 'alpha.com',
      seller_price: 4500,
      min_offer: 0,
      business_status: 'Buy Now',
      trade_switch: 'Yes',
      trade_option: '4 Figures',
      startup_breeders_switch: 'No',
      startup_breeders: null,
      description: 'Short and brandable.',
    });
    expect(await screen.findByText(domainMessages.updated)).toBeInTheDocument();
  });

  it("puts the server's field errors under the fields", async () => {
    mockApi({ 'PUT /api/domains/11/': { status: 400, body: { min_offer: ['The minimum offer cannot be that.'] } } });
    const { user, price, save, onClose } = setup();
    await user.type(price, '20000');
    await user.click(save);
    expect(await screen.findByText('The minimum offer cannot be that.')).toBeInTheDocument();
    expect(screen.getByText(domainMessages.updateFailed)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
