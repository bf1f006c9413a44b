import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { domainMessages } from '@market/shared';
import { renderRoute, signIn } from '@/testing/test-utils';
import { mockApi } from '../testing/fixtures';
import AddDomainsRoute from './add-domains';

vi.setConfig({ testTimeout: 30_000 });

describe('Add Domains page', () => {
  it('shows our two name servers, the 24-hour warning and the file hint', async () => {
    signIn();
    mockApi({ 'GET /api/domains/nameservers/': { body: { nameservers: ['ns1.market.test', 'ns2.market.test'], check_interval_minutes: 60 } } });
    renderRoute(<AddDomainsRoute />);
    expect(await screen.findByText('ns1.market.test')).toBeInTheDocument();
    expect(screen.getByText('ns2.market.test')).toBeInTheDocument();
    expect(screen.getByText(domainMessages.propagationWarning)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(domainMessages.fileHint.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))).toBeInTheDocument();
  });

  it('goes to the portfolio after a successful import', async () => {
    signIn();
    mockApi({
      'GET /api/domains/nameservers/': { body: { nameservers: ['ns1.market.test', 'ns2.market.test'], check_interval_minutes: 60 } },
      'POST /api/domains/': { status: 201, body: { created: ['one.com'], existing_domains: [] } },
    });
    const { user } = renderRoute(<AddDomainsRoute />, { at: '/add_domains', path: '/add_domains' });
    await user.type(screen.getByLabelText('Domain names'), 'one.com');
    await user.click(screen.getByRole('button', { name: 'Add domains' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/portfolio$/);
    expect(await screen.findByText(domainMessages.added)).toBeInTheDocument();
  });
});
