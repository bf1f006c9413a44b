import { ApiError, buildUrl } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { requestTracker } from '@/lib/request-tracker';

export interface WithTotal<T> {
  data: T;
  /** From the X-Total-Count header; the length of the page when the header is missing. */
  total: number | null;
}

/**
 * GET that also reads `X-Total-Count` (the shared client returns bodies only). Same rules as
 * the shared client: token header, progress bar, ApiError on failure, 401 ends the session.
 */
export async function getWithTotal<T>(
  path: string,
  query: Record<string, string | number | undefined>,
  signal?: AbortSignal,
): Promise<WithTotal<T>> {
  const token = authStore.getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Token ${token}`;
  requestTracker.start();
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, query), { method: 'GET', headers, signal });
    } catch (error) {
      if ((error as { name?: string } | null)?.name === 'AbortError') throw error;
      throw new ApiError(0, null);
    }
    const text = await response.text();
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (!response.ok) {
      if (response.status === 401 && token && authStore.getToken() === token) authStore.clearSession();
      throw new ApiError(response.status, body);
    }
    const header = response.headers.get('x-total-count');
    const total = header !== null && header.trim() !== '' && Number.isFinite(Number(header)) ? Number(header) : null;
    return { data: body as T, total };
  } finally {
    requestTracker.end();
  }
}
