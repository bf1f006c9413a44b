import http from 'node:http';
import { type LiveEvent, liveEventSchema } from '@market/shared';
import type { FastifyInstance } from 'fastify';

export interface LiveStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every event received so far, oldest first. */
  events: LiveEvent[];
  /** The first event (received or still to come) that matches; fails after `timeoutMs`. */
  waitFor(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Starts the app on a free port of the loopback: streams need a real connection, not inject(). */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** Opens GET /api/events as a browser would, reading its `change` events. */
export function openLiveStream(baseUrl: string, token?: string): Promise<LiveStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/events/`, { headers: token ? { authorization: `Token ${token}` } : {} }, (res) => {
      const events: LiveEvent[] = [];
      const waiting = new Set<() => void>();
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) events.push(liveEventSchema.parse(JSON.parse(data.slice(6))));
        }
        for (const check of [...waiting]) check();
      });
      res.on('error', () => undefined);
      const ended = new Promise<void>((done) => res.once('close', () => done()));
      resolve({
        ended,
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        waitFor(match, timeoutMs = 5_000) {
          return new Promise((found, fail) => {
            const timer = setTimeout(() => {
              waiting.delete(check);
              fail(new Error(`no matching event within ${timeoutMs} ms; received ${JSON.stringify(events)}`));
            }, timeoutMs);
            const check = () => {
              const event = events.find(match);
              if (!event) return;
              clearTimeout(timer);
              waiting.delete(check);
              found(event);
            };
            waiting.add(check);
            check();
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
