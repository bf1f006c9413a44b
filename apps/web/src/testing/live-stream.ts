import { vi } from 'vitest';

/** An event stream the test writes to, as GET /api/events answers it. */
export interface FakeStream {
  send(text: string): void;
  /** The server ends the stream (a restart, a dropped connection). */
  end(): void;
}

/**
 * A fetch for GET /api/events only: each call opens a new stream (or answers `status`), handed
 * to the test through `streams`, in order.
 */
export function fakeLiveFetch(status = 200) {
  const streams: FakeStream[] = [];
  const encoder = new TextEncoder();
  const fetchImpl = vi.fn(async (_url: RequestInfo | URL, init: RequestInit = {}) => {
    if (status !== 200) return new Response(null, { status });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const stream: FakeStream = {
      send: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    };
    init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    streams.push(stream);
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return {
    fetchImpl,
    streams,
    /** The n-th stream opened (0-based), once it is (a reconnection waits about a second). */
    opened: (n: number) =>
      vi.waitFor(() => {
        const stream = streams[n];
        if (!stream) throw new Error(`stream ${n} not opened yet`);
        return stream;
      }, { timeout: 5_000 }),
  };
}

export const changeEvent = (kind: string, id: number) => `event: change\ndata: ${JSON.stringify({ kind, id })}\n\n`;
