import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyTableMessage, SEARCH_COUNT_CAP } from '@market/shared';
import { renderRoute, signIn } from '@/testing/test-utils';
import { aDomain } from '@/features/portfolio/testing/fixtures';
import { SEARCH_STORAGE_KEY, searchStore } from '../hooks/search-state';
import { mockSearchFetch } from '../testing/search-fetch';
import SearchLeadsRoute from './search-leads';

// User-event journeys through MUI are slow on a busy 2-core machine; 5 s is too tight there.
vi.setConfig({ testTimeout: 30_000 });

const rows = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => aDomain({ id: from + i, domain_name: `shop${from + i}.com` }));

beforeEach(() => {
  searchStore.reload();
  signIn();
});

describe('Search Leads', () => {
  it('searches without a token and shows "Showing x to y of z entries"', async () => {
    const { searches } = mockSearchFetch(() => ({ domains: rows(10), total: 37 }));
    renderRoute(<SearchLeadsRoute />, { at: '/search' });
    expect(await screen.findByText('shop1.com')).toBeInTheDocument();
    expect(screen.getByTestId('showing-entries')).toHaveTextContent('Showing 1 to 10 of 37 entries');
    expect(searches[0]?.params.get('limit')).toBe('10');
    expect(searches[0]?.params.get('offset')).toBe('0');
    expect(searches[0]?.params.get('domain_name')).toBe('');
    expect(searches[0]?.filters).toBeUndefined();
    expect(searches[0]?.authorization).toBeUndefined();
    expect(screen.getByRole('link', { name: 'shop1.com' })).toHaveAttribute('href', '/landing/1');
  });

  it('turns filter choices into the filters JSON, debounced, and saves them', async () => {
    const { searches } = mockSearchFetch(() => ({ domains: rows(1), total: 1 }));
    renderRoute(<SearchLeadsRoute />, { at: '/search' });
    await screen.findByText('shop1.com');
    const before = searches.length;
    // A burst of changes in one go: nothing is sent at once, then one request for all of them.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Buy Now' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '4 Figures' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'No Hyphens' }));
    fireEvent.change(screen.getByLabelText('Starting with'), { target: { value: 'sh' } });
    expect(searches).toHaveLength(before);
    await waitFor(() =>
      expect(searches.at(-1)?.filters).toEqual({
        business_status: ['Buy Now'],
        trade_options: ['4 Figures'],
        Exclude: ['No Hyphens'],
        starting_with: 'sh',
      }),
    );
    expect(searches).toHaveLength(before + 1);
    const saved = JSON.parse(window.localStorage.getItem(SEARCH_STORAGE_KEY) ?? '{}') as { filters?: unknown };
    expect(saved.filters).toMatchObject({ business_status: ['Buy Now'], starting_with: 'sh' });
  });

  it('sends extensions and the saved text', async () => {
    window.localStorage.setItem(SEARCH_STORAGE_KEY, JSON.stringify({ text: 'shoe', extensions: ['io'], filters: {} }));
    searchStore.reload();
    const { searches } = mockSearchFetch(() => ({ domains: [], total: 0 }));
    renderRoute(<SearchLeadsRoute />, { at: '/search' });
    expect(await screen.findByText(emptyTableMessage)).toBeInTheDocument();
    expect(searches[0]?.params.get('domain_name')).toBe('shoe');
    expect(searches[0]?.params.get('extensions')).toBe('["io"]');
    expect(screen.getByTestId('showing-entries')).toHaveTextContent('Showing 0 to 0 of 0 entries');
  });

  it('pages on the server with limit and offset, and offers All (1000)', async () => {
    const { searches } = mockSearchFetch((params) => {
      const offset = Number(params.get('offset'));
      // A full page of 1000 rows is slow to render in jsdom; the request is what matters here.
      const limit = Math.min(Number(params.get('limit')), 10);
      return { domains: rows(limit, offset + 1), total: SEARCH_COUNT_CAP, capped: true };
    });
    const { user } = renderRoute(<SearchLeadsRoute />, { at: '/search' });
    await screen.findByText('shop1.com');
    const cap = SEARCH_COUNT_CAP.toLocaleString('en-US');
    expect(screen.getByTestId('showing-entries')).toHaveTextContent(`Showing 1 to 10 of ${cap}+ entries`);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('shop11.com');
    expect(searches.at(-1)?.params.get('offset')).toBe('10');
    expect(screen.getByTestId('showing-entries')).toHaveTextContent(`Showing 11 to 20 of ${cap}+ entries`);

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['10', '25', '50', '100', '200', 'All']);
    await user.click(screen.getByRole('option', { name: 'All' }));
    await waitFor(() => expect(searches.at(-1)?.params.get('limit')).toBe('1000'));
    expect(searches.at(-1)?.params.get('offset')).toBe('0');
  });

  it('starts again at the first page when the filters change', async () => {
    const { searches } = mockSearchFetch((params) => ({ domains: rows(10, Number(params.get('offset')) + 1), total: 50 }));
    const { user } = renderRoute(<SearchLeadsRoute />, { at: '/search' });
    await screen.findByText('shop1.com');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('shop11.com');
    await user.click(screen.getByRole('checkbox', { name: 'IDN' }));
    await waitFor(() => expect(searches.at(-1)?.filters).toEqual({ Exclude: ['IDN'] }));
    expect(searches.at(-1)?.params.get('offset')).toBe('0');
  });
});
