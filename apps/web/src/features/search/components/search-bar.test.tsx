import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRoute } from '@/testing/test-utils';
import { SEARCH_STORAGE_KEY, searchStore } from '../hooks/search-state';
import { SearchBar } from './search-bar';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => searchStore.reload());

describe('SearchBar', () => {
  it('opens /homeSearch?search= and saves the text', async () => {
    mockFetch({});
    const { user } = renderRoute(<SearchBar />, { at: '/sponsored/buy-now', path: '/sponsored/:page' });
    await user.type(screen.getByRole('searchbox', { name: 'Search domains' }), ' shoes {enter}');
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/homeSearch?search=shoes');
    expect(JSON.parse(window.localStorage.getItem(SEARCH_STORAGE_KEY) ?? '{}')).toMatchObject({ text: 'shoes' });
  });

  it('on /search, edits the saved search as the user types, without leaving', async () => {
    mockFetch({});
    const { user } = renderRoute(<SearchBar />, { at: '/search', path: '/search' });
    await user.type(screen.getByRole('searchbox', { name: 'Search domains' }), 'ab');
    expect(searchStore.getSnapshot().text).toBe('ab');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search$/);
  });
});
