import { useSyncExternalStore } from 'react';
import type { SearchFilters } from '@market/shared';
import { authStore } from '@/lib/auth-store';
import { storage } from '@/lib/storage';

/**
 * The one search state of /search and /homeSearch (the text,
 * extensions and filters are saved in local storage). Kept light on purpose: the global search bar in
 * the layout reads it, so it ships in the first chunk.
 */
export const SEARCH_STORAGE_KEY = 'search';

export interface SearchState {
  text: string;
  extensions: string[];
  filters: SearchFilters;
}

export const emptySearchState: SearchState = { text: '', extensions: [], filters: {} };

const strings = (value: unknown, max = 100): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, max) : [];

function range(value: unknown): [number, number] | undefined {
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [a, b] = value as unknown[];
  return typeof a === 'number' && typeof b === 'number' && Number.isFinite(a) && Number.isFinite(b) ? [a, b] : undefined;
}

/** Local storage is input like any other: keep only what has the right shape. */
export function sanitizeSearchState(raw: unknown): SearchState {
  if (!raw || typeof raw !== 'object') return emptySearchState;
  const r = raw as Record<string, unknown>;
  const f = (r.filters && typeof r.filters === 'object' ? r.filters : {}) as Record<string, unknown>;
  const filters: SearchFilters = {};
  const listing = strings(f.business_status, 10);
  if (listing.length) filters.business_status = listing as SearchFilters['business_status'];
  const trade = strings(f.trade_options, 10);
  if (trade.length) filters.trade_options = trade as SearchFilters['trade_options'];
  const exts = strings(f.extensions);
  if (exts.length) filters.extensions = exts;
  const exclude = strings(f.Exclude, 3);
  if (exclude.length) filters.Exclude = exclude as SearchFilters['Exclude'];
  const price = range(f.priceRange);
  if (price) filters.priceRange = price;
  const chars = range(f.characterRange);
  if (chars) filters.characterRange = chars;
  if (typeof f.starting_with === 'string' && f.starting_with) filters.starting_with = f.starting_with.slice(0, 253);
  if (typeof f.ending_with === 'string' && f.ending_with) filters.ending_with = f.ending_with.slice(0, 253);
  return {
    text: typeof r.text === 'string' ? r.text.slice(0, 253) : '',
    extensions: strings(r.extensions),
    filters,
  };
}

let snapshot: SearchState = sanitizeSearchState(storage.get(SEARCH_STORAGE_KEY));
const listeners = new Set<() => void>();

function emit(next: SearchState): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

export const searchStore = {
  getSnapshot: (): SearchState => snapshot,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update(patch: Partial<SearchState> | ((state: SearchState) => Partial<SearchState>)): void {
    const change = typeof patch === 'function' ? patch(snapshot) : patch;
    const next = { ...snapshot, ...change };
    storage.set(SEARCH_STORAGE_KEY, next);
    emit(next);
  },
  setText(text: string): void {
    if (text !== snapshot.text) searchStore.update({ text });
  },
  /** Re-read storage (tests; and after a logout wiped it). */
  reload(): void {
    emit(sanitizeSearchState(storage.get(SEARCH_STORAGE_KEY)));
  },
};

// A logout or a 401 clears all local storage: forget the search with it.
authStore.subscribe(() => {
  if (!authStore.getToken() && storage.get(SEARCH_STORAGE_KEY) === null && snapshot !== emptySearchState) {
    emit(emptySearchState);
  }
});

export function useSearchState(): SearchState {
  return useSyncExternalStore(searchStore.subscribe, searchStore.getSnapshot, searchStore.getSnapshot);
}
