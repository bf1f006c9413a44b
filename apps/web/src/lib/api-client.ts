import { type ApiErrorCode, apiErrorStatus } from '@market/shared';
import { env } from '@/config/env';
import { authStore } from './auth-store';
import { requestTracker } from './request-tracker';

/** Field name -> messages, as Django REST framework reports validation errors. */
export type FieldErrorMap = Record<string, string[]>;

/**
 * Every failed call surfaces as an ApiError. status 0 means the request never got an HTTP
 * answer (network down, CORS, server gone), which the UI reports like a 5xx.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  /** The API's typed code for the failure; undefined when the answer came from elsewhere (a proxy, the network). */
  readonly code: ApiErrorCode | undefined;
  readonly fieldErrors: FieldErrorMap;
  readonly nonFieldErrors: string[];
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const parsed = parseErrorBody(body);
    super(parsed.detail ?? parsed.nonFieldErrors[0] ?? firstOf(parsed.fieldErrors) ?? `Request failed (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.detail = parsed.detail;
    this.code = parsed.code;
    this.fieldErrors = parsed.fieldErrors;
    this.nonFieldErrors = parsed.nonFieldErrors;
  }

  get isServerError(): boolean {
    return this.status === 0 || this.status >= 500;
  }

  /** First message of the first listed field that has one. */
  firstError(...fields: string[]): string | undefined {
    for (const field of fields) {
      const messages = field === 'non_field_errors' ? this.nonFieldErrors : this.fieldErrors[field];
      if (messages?.[0]) return messages[0];
    }
    return undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function firstOf(errors: FieldErrorMap): string | undefined {
  for (const messages of Object.values(errors)) if (messages[0]) return messages[0];
  return undefined;
}

function toMessages(value: unknown): string[] | null {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) {
    const messages = value.filter((v): v is string => typeof v === 'string');
    return messages.length > 0 ? messages : null;
  }
  return null;
}

function parseErrorBody(body: unknown): { detail?: string; code?: ApiErrorCode; fieldErrors: FieldErrorMap; nonFieldErrors: string[] } {
  const fieldErrors: FieldErrorMap = {};
  let nonFieldErrors: string[] = [];
  let detail: string | undefined;
  let code: ApiErrorCode | undefined;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (key === 'detail') {
        if (typeof value === 'string') detail = value;
        continue;
      }
      if (key === 'code') {
        if (typeof value === 'string' && value in apiErrorStatus) code = value as ApiErrorCode;
        continue;
      }
      const messages = toMessages(value);
      if (!messages) continue;
      if (key === 'non_field_errors') nonFieldErrors = messages;
      else fieldErrors[key] = messages;
    }
  } else if (Array.isArray(body)) {
    // DRF answers a bare list for ValidationError raised with a list.
    nonFieldErrors = toMessages(body) ?? [];
  }
  return { detail, code, fieldErrors, nonFieldErrors };
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain data is sent as JSON; FormData is sent as multipart as is. */
  body?: unknown;
  query?: Query;
  /**
   * Attach `Authorization: Token <key>` (default). Login, register and the
   * reset-password calls pass false (docs/product.md section 5, Sessions).
   */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** 'blob' for a file to save (a CSV export); failures are still read as DRF errors. */
  responseType?: 'json' | 'blob';
}

export function buildUrl(path: string, query?: Query): string {
  let url = `${env.apiBase}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
  }
  return url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, auth = true, signal, headers: extraHeaders, responseType = 'json' } = options;
  const headers: Record<string, string> = { Accept: responseType === 'blob' ? '*/*' : 'application/json', ...extraHeaders };
  const token = auth ? authStore.getToken() : null;
  if (token) headers.Authorization = `Token ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  requestTracker.start();
  try {
    const send = async (): Promise<Response> => {
      try {
        return await fetch(buildUrl(path, query), { method, headers, body: payload, signal });
      } catch (error) {
        // A caller's abort is not a failure to report; keep it distinguishable.
        if ((error as { name?: string } | null)?.name === 'AbortError') throw error;
        throw new ApiError(0, null);
      }
    };
    let response = await send();
    // The server turned the request away before it ran (busy): safe to send once more, any method.
    const wait = retryAfterMs(response);
    if (wait !== undefined) {
      await sleep(wait, signal);
      response = await send();
    }
    if (!response.ok) {
      const data = await readBody(response);
      // A 401 on a call that carried our token means the session is gone server-side. Only
      // wipe it if it is still the same token: a newer login must not be undone by a late reply.
      if (response.status === 401 && token && authStore.getToken() === token) authStore.clearSession();
      throw new ApiError(response.status, data);
    }
    return (responseType === 'blob' ? await response.blob() : await readBody(response)) as T;
  } finally {
    requestTracker.end();
  }
}

/** The longest a busy server's Retry-After is honoured before the caller hears about it. */
const MAX_RETRY_AFTER_MS = 10_000;

/** How long a 503 with Retry-After asks us to wait, or undefined for any other answer. */
function retryAfterMs(response: Response): number | undefined {
  if (response.status !== 503) return undefined;
  const seconds = Number(response.headers.get('retry-after'));
  if (!response.headers.has('retry-after') || !Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      signal?.removeEventListener('abort', abort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
  });
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** A GET whose answer is a file: the token goes along, which a plain link could not do. */
  blob: (path: string, options?: Omit<RequestOptions, 'method' | 'body' | 'responseType'>) =>
    apiRequest<Blob>(path, { ...options, method: 'GET', responseType: 'blob' }),
};
