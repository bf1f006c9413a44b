import { CHARACTER_FILTER_RANGE, PRICE_FILTER_RANGE, SEARCH_PAGE_CAP, type SearchFilters } from '@market/shared';
import type { SearchState } from '../hooks/search-state';

/** The page-size choice 'All' asks for the server's cap (SEARCH_PAGE_CAP). */
export const ALL_ROWS = SEARCH_PAGE_CAP;

/** Query string of GET /api/domains/search/ as the api client sends it. */
export type SearchRequestQuery = Record<string, string | number>;

const atDefault = (value: readonly [number, number] | undefined, bounds: readonly [number, number]) =>
  !value || (value[0] <= bounds[0] && value[1] >= bounds[1]);

function normaliseExtension(ext: string): string {
  return ext.trim().toLowerCase().replace(/^\.+/, '');
}

export function normaliseExtensions(list: string[]): string[] {
  return [...new Set(list.map(normaliseExtension).filter(Boolean))];
}

/**
 * The filters worth sending: empty lists, blank text and sliders left at both ends (which mean
 * "no bound") are dropped, so an untouched panel sends no `filters` at all.
 */
export function compactFilters(filters: SearchFilters): SearchFilters {
  const out: SearchFilters = {};
  if (filters.business_status?.length) out.business_status = filters.business_status;
  if (filters.trade_options?.length) out.trade_options = filters.trade_options;
  const exts = normaliseExtensions(filters.extensions ?? []);
  if (exts.length) out.extensions = exts;
  if (!atDefault(filters.priceRange, PRICE_FILTER_RANGE)) out.priceRange = filters.priceRange;
  if (!atDefault(filters.characterRange, CHARACTER_FILTER_RANGE)) out.characterRange = filters.characterRange;
  if (filters.Exclude?.length) out.Exclude = filters.Exclude;
  const starting = filters.starting_with?.trim();
  if (starting) out.starting_with = starting;
  const ending = filters.ending_with?.trim();
  if (ending) out.ending_with = ending;
  return out;
}

export function activeFilterCount(state: SearchState): number {
  return Object.keys(compactFilters(state.filters)).length + (normaliseExtensions(state.extensions).length ? 1 : 0);
}

/** domain_name, extensions (JSON), filters (JSON), limit and offset. */
export function searchRequestQuery(state: SearchState, limit: number, offset: number): SearchRequestQuery {
  const query: SearchRequestQuery = { domain_name: state.text.trim() };
  const extensions = normaliseExtensions(state.extensions);
  if (extensions.length) query.extensions = JSON.stringify(extensions);
  const filters = compactFilters(state.filters);
  if (Object.keys(filters).length) query.filters = JSON.stringify(filters);
  query.limit = Math.min(Math.max(1, limit), SEARCH_PAGE_CAP);
  query.offset = Math.max(0, offset);
  return query;
}
