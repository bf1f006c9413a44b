import { vi } from 'vitest';
import { testUser } from '@/testing/test-utils';
import type { SearchRow } from '@market/shared';

export interface SearchCall {
  path: string;
  params: URLSearchParams;
  filters: Record<string, unknown> | undefined;
  authorization: string | undefined;
}

/**
 * Stubs fetch for search pages: the search endpoint answers with rows and the X-Total-Count
 * headers (the shared mockFetch cannot set headers); other listed routes answer JSON.
 */
export function mockSearchFetch(
  answer: (params: URLSearchParams) => { domains: SearchRow[]; total?: number; capped?: boolean },
  routes: Record<string, { status?: number; body?: unknown }> = {},
) {
  const searches: SearchCall[] = [];
  const others: Array<{ method: string; path: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = (init.headers ?? {}) as Record<string, string>;
    if (url.pathname === '/api/domains/search/') {
      const filters = url.searchParams.get('filters');
      searches.push({
        path: url.pathname + url.search,
        params: url.searchParams,
        filters: filters ? (JSON.parse(filters) as Record<string, unknown>) : undefined,
        authorization: headers.Authorization,
      });
      const { domains, total, capped } = answer(url.searchParams);
      const responseHeaders: Record<string, string> = {
        'content-type': 'application/json',
        'X-Total-Count': String(total ?? domains.length),
      };
      if (capped) responseHeaders['X-Total-Count-Capped'] = 'true';
      return new Response(JSON.stringify(domains), { status: 200, headers: responseHeaders });
    }
    if (url.pathname === '/api/auth/user/') {
      return new Response(JSON.stringify(testUser), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    others.push({ method, path: url.pathname, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    const reply = routes[`${method} ${url.pathname}`] ?? { status: 599, body: { detail: `unmocked ${method} ${url.pathname}` } };
    const status = reply.status ?? 200;
    return new Response(status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { searches, others, fetchMock };
}
