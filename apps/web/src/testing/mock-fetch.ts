import { vi } from 'vitest';

export interface MockReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type MockHandler = MockReply | ((request: RecordedRequest) => MockReply | Promise<MockReply>);

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Replaces fetch with a table of "METHOD /path" -> reply. Unlisted calls fail the test loudly
 * (status 599) so a forgotten or unexpected request cannot pass silently.
 */
export function mockFetch(routes: Record<string, MockHandler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const request: RecordedRequest = { method, path: url.pathname + url.search, headers, body };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    const reply = handler === undefined
      ? { status: 599, body: { detail: `unmocked ${method} ${url.pathname}` } }
      : typeof handler === 'function' ? await handler(request) : handler;
    const status = reply.status ?? 200;
    return new Response(status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

export function jsonOf(request: RecordedRequest | undefined): unknown {
  return request?.body;
}
