import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, buildUrl } from '@/lib/api-client';
import { requestTracker } from '@/lib/request-tracker';
import { searchAnswerSchema, type SearchRow } from '@market/shared';
import { domainKeys } from '@/features/portfolio';
import type { SearchRequestQuery } from '../utils/search-request';

export interface SearchResult {
  domains: SearchRow[];
  /** X-Total-Count: matches in all, at most 10,000. */
  total: number;
  /** X-Total-Count-Capped: there are more than `total`. */
  capped: boolean;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * GET /api/domains/search/ -> SearchRow[] with the total in X-Total-Count. The shared api client
 * returns bodies only, so this is its small header-reading variant: same URL building, same
 * progress bar and ApiError, and no Authorization header (search is public).
 */
export async function searchDomains(query: SearchRequestQuery, signal?: AbortSignal): Promise<SearchResult> {
  requestTracker.start();
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl('/api/domains/search/', query), { headers: { Accept: 'application/json' }, signal });
    } catch (error) {
      if ((error as { name?: string } | null)?.name === 'AbortError') throw error;
      throw new ApiError(0, null);
    }
    const body = await readJson(response);
    if (!response.ok) throw new ApiError(response.status, body);
    const domains = searchAnswerSchema.parse(body);
    const header = Number(response.headers.get('X-Total-Count'));
    const offset = Number(query.offset ?? 0);
    const total = Number.isFinite(header) && response.headers.has('X-Total-Count') ? header : offset + domains.length;
    return { domains, total, capped: response.headers.get('X-Total-Count-Capped') === 'true' };
  } finally {
    requestTracker.end();
  }
}

export function useSearchDomains(query: SearchRequestQuery) {
  return useQuery({
    queryKey: domainKeys.search(query),
    queryFn: ({ signal }) => searchDomains(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
