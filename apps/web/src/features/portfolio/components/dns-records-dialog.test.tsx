import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dnsMessages, type DnsZone } from '@market/shared';
import { renderRoute, signIn } from '@/testing/test-utils';
import { mockApi, ownDomain } from '../testing/fixtures';
import { DnsRecordsDialog } from './dns-records-dialog';

// User-event journeys through MUI are slow on a busy 2-core machine; 5 s is too tight there.
vi.setConfig({ testTimeout: 30_000 });

const zone = (overrides: Partial<DnsZone> = {}): DnsZone => ({
  domain_id: 1,
  domain_name: 'alpha.com',
  keep_landing: true,
  records: [{ name: 'mail', type: 'A', content: '198.51.100.4', ttl: 300, priority: null }],
  served: true,
  nameservers: ['ns1.market.test', 'ns2.market.test'],
  allowed_actions: ['edit'],
  ...overrides,
});

async function setup(served = zone()) {
  signIn();
  const onClose = vi.fn();
  const api = mockApi({
    'GET /api/domains/1/dns/': { body: served },
    'PUT /api/domains/1/dns/': (request) => ({ body: { ...served, ...(request.body as object) } }),
  });
  const view = renderRoute(<DnsRecordsDialog domain={ownDomain({ id: 1 })} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'DNS records of alpha.com' });
  await within(dialog).findByRole('group', { name: 'Record 1' });
  return { ...view, api, dialog, onClose };
}

describe('DnsRecordsDialog', () => {
  it('shows the records the owner set and the landing page switch', async () => {
    const { dialog } = await setup();
    expect(within(dialog).getByLabelText('Address')).toHaveValue('198.51.100.4');
    expect(within(dialog).getByRole('switch', { name: /Keep the landing page/ })).toBeChecked();
    expect(within(dialog).queryByText(new RegExp(dnsMessages.notServed))).toBeNull();
  });

  it('tells the owner the records are served only once the name is parked with us', async () => {
    const { dialog } = await setup(zone({ served: false }));
    expect(within(dialog).getByText(/ns1\.market\.test, ns2\.market\.test/)).toHaveTextContent(dnsMessages.notServed);
  });

  it('checks each record with the shared rules before sending', async () => {
    const { user, dialog, api } = await setup();
    const address = within(dialog).getByLabelText('Address');
    await user.clear(address);
    await user.type(address, '300.1.2.3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(dnsMessages.badIpv4)).toBeInTheDocument();
    expect(api.calls().filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('saves the whole set: the landing page off and a record added', async () => {
    const { user, dialog, api, onClose } = await setup();
    await user.click(within(dialog).getByRole('switch', { name: /Keep the landing page/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }));
    const added = within(dialog).getByRole('group', { name: 'Record 2' });
    await user.type(within(added).getByLabelText('Address'), '203.0.113.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = api.calls().find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      keep_landing: false,
      records: [
        { name: 'mail', type: 'A', content: '198.51.100.4', ttl: 300, priority: null },
        { name: '@', type: 'A', content: '203.0.113.5', ttl: 3600, priority: null },
      ],
    });
  });
});
