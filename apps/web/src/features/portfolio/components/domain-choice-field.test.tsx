import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { aDeal } from '@/testing/deals';
import { mockFetch } from '@/testing/mock-fetch';
import { allowForBusyMachine } from '@/testing/patience';
import { renderRoute } from '@/testing/test-utils';
import { ownDomain } from '../testing/fixtures';
import { domainChoiceBody, domainChoiceOf, DomainChoiceField } from './domain-choice-field';

allowForBusyMachine();

function Harness({ savedValue = '', savedName }: { savedValue?: string; savedName?: string }) {
  const [value, setValue] = useState(savedValue);
  return (
    <>
      <DomainChoiceField label="For which domain" value={value} onChange={setValue} savedName={savedName} />
      <output data-testid="body">{JSON.stringify(domainChoiceBody(value))}</output>
    </>
  );
}

describe('the domain choice of job posts and requests', () => {
  it('lists own domains and domains being bought once each, and turns the choice into domain_id or order_id', async () => {
    mockFetch({
      'GET /api/domains/': { body: { domains: [ownDomain({ id: 21, domain_name: 'coffee.io' }), ownDomain({ id: 30, domain_name: 'bought.com' })], count: 2 } },
      'GET /api/orders/': {
        body: [
          aDeal({ id: 7, domain_id: 42, domain_name: 'bin-order.com', status: 'transfer_in_progress' }),
          // Completed, its domain is already an own domain: not listed twice.
          aDeal({ id: 8, domain_id: 30, domain_name: 'bought.com', status: 'completed' }),
          aDeal({ id: 9, domain_id: 50, domain_name: 'cancelled.com', status: 'cancelled' }),
          aDeal({ id: 10, domain_id: 60, domain_name: 'sold-by-me.com', status: 'paid', role: 'seller' }),
        ],
      },
    });
    const { user } = renderRoute(<Harness />);
    await user.click(await screen.findByRole('combobox', { name: 'For which domain' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['None', 'coffee.io', 'bought.com', 'bin-order.com (buying)']);
    await user.click(screen.getByRole('option', { name: 'bin-order.com (buying)' }));
    expect(screen.getByTestId('body')).toHaveTextContent('{"order_id":7}');
    await user.click(screen.getByRole('combobox', { name: 'For which domain' }));
    await user.click(await screen.findByRole('option', { name: 'coffee.io' }));
    expect(screen.getByTestId('body')).toHaveTextContent('{"domain_id":21}');
    await user.click(screen.getByRole('combobox', { name: 'For which domain' }));
    await user.click(await screen.findByRole('option', { name: 'None' }));
    expect(screen.getByTestId('body')).toHaveTextContent('{}');
  });

  it('keeps a saved domain that is no longer listed, and shows nothing when there is nothing to choose', async () => {
    mockFetch({ 'GET /api/domains/': { body: { domains: [], count: 0 } }, 'GET /api/orders/': { body: [] } });
    const { unmount } = renderRoute(<Harness savedValue="order:3" savedName="gone.com" />);
    expect(await screen.findByRole('combobox', { name: 'For which domain' })).toHaveTextContent('gone.com');
    expect(screen.getByTestId('body')).toHaveTextContent('{"order_id":3}');
    unmount();
    renderRoute(<Harness />);
    expect(await screen.findByTestId('body')).toHaveTextContent('{}');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('reads a saved choice back, the order first', () => {
    expect(domainChoiceOf({ domain_id: 42, order_id: 7 })).toBe('order:7');
    expect(domainChoiceOf({ domain_id: 21, order_id: null })).toBe('domain:21');
    expect(domainChoiceOf({ domain_id: null })).toBe('');
    expect(domainChoiceBody('domain:x')).toEqual({});
    expect(domainChoiceBody('lead:4')).toEqual({});
  });
});
