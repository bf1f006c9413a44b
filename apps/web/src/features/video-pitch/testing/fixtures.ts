import { vi } from 'vitest';
import { mockFetch, type MockHandler, type RecordedRequest } from '@/testing/mock-fetch';
import { testUser } from '@/testing/test-utils';
import { aDomain } from '@/features/portfolio/testing/fixtures';
import type { VideoPitch } from '../api/get-video-pitches';

export function aPitch(overrides: Partial<VideoPitch> = {}): VideoPitch {
  return {
    id: 31,
    domain_id: 5,
    domain_name: 'alpha.com',
    file_name: 'pitch.webm',
    size: 48_000,
    status: 'undecided',
    status_label: 'Awaiting your decision',
    role: 'seller',
    created_at: '2026-03-04T14:05:00.000Z',
    reviewed_at: null,
    allowed_actions: overrides.status && overrides.status !== 'undecided' ? (overrides.role === 'uploader' && overrides.status !== 'deleted' ? ['delete'] : []) : overrides.role === 'uploader' ? ['delete'] : ['approve', 'deny'],
    ...overrides,
  };
}

export const aVideoDomain = aDomain({ id: 5, domain_name: 'alpha.com', user: { id: 99, first_name: 'Grace', last_name: 'Hopper' } });

/**
 * mockFetch plus the user refresh a stored session triggers on start; `calls` leaves that refresh
 * out: the requests the code under test made.
 */
export function mockApi(routes: Record<string, MockHandler>) {
  const mocked = mockFetch({ 'GET /api/auth/user/': { body: testUser }, ...routes });
  const calls = (): RecordedRequest[] => mocked.requests.filter((r) => !r.path.startsWith('/api/auth/user/'));
  return { ...mocked, calls };
}

type Listener = ((event: ProgressEvent) => void) | null;

/**
 * A stand-in for XMLHttpRequest, the storage upload's transport. Each send is recorded; it answers
 * `status` on its own (after one progress event) unless `hold` is set, when the test calls
 * `progress()` and `respond()` itself.
 */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  static status = 204;
  static hold = false;
  static networkError = false;

  method = '';
  url = '';
  body: FormData | null = null;
  headers: Record<string, string> = {};
  withCredentials = false;
  status = 0;
  upload: { onprogress: Listener } = { onprogress: null };
  onload: Listener = null;
  onerror: Listener = null;
  onabort: Listener = null;
  ontimeout: Listener = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.instances.push(this);
    if (FakeXhr.hold) return;
    setTimeout(() => {
      if (FakeXhr.networkError) {
        this.onerror?.(new ProgressEvent('error'));
        return;
      }
      const file = body.get('file');
      const total = file instanceof File ? file.size : 1;
      this.progress(total, total);
      this.respond(FakeXhr.status);
    }, 0);
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }

  respond(status: number) {
    this.status = status;
    this.onload?.(new ProgressEvent('load'));
  }

  abort() {
    this.onabort?.(new ProgressEvent('abort'));
  }

  /** The multipart entry names in the order they were appended. */
  fieldOrder(): string[] {
    return this.body ? [...this.body.keys()] : [];
  }
}

export function installFakeXhr({ status = 204, hold = false, networkError = false } = {}) {
  FakeXhr.instances = [];
  FakeXhr.status = status;
  FakeXhr.hold = hold;
  FakeXhr.networkError = networkError;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}

/** A file of `size` bytes without allocating it (size is all the checks read). */
export function videoFile(name: string, size: number, type = 'video/webm'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

export { allowForBusyMachine } from '@/testing/patience';
