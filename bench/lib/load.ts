/**
 * autocannon over a stream of GET paths, the one way the HTTP benchmarks put load on a server:
 * each request takes the next path, and the latencies of 2xx and 503 answers come back sorted
 * apart (autocannon's own percentiles mix them).
 */
import autocannon, { type Result } from 'autocannon';

export interface LoadOptions {
  url: string;
  /** The next request's path. */
  path: () => string;
  connections: number;
  /** Seconds. */
  duration: number;
  /** Seconds a request may take before autocannon counts a time-out. */
  timeout?: number;
}

export interface LoadRun {
  result: Result;
  /** Latencies (ms) of 2xx answers, ascending. */
  ok: number[];
  /** Latencies (ms) of 503 answers, ascending. */
  shed: number[];
  /** Body bytes of all answers. */
  bytes: number;
}

export async function runLoad(o: LoadOptions): Promise<LoadRun> {
  const ok: number[] = [];
  const shed: number[] = [];
  let bytes = 0;
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: o.url,
        connections: o.connections,
        duration: o.duration,
        ...(o.timeout ? { timeout: o.timeout } : {}),
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: o.path() }) }],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
    instance.on('response', (_client, status, resBytes, time) => {
      bytes += resBytes;
      if (status >= 200 && status < 300) ok.push(time);
      else if (status === 503) shed.push(time);
    });
  });
  return { result, ok: ok.sort((a, b) => a - b), shed: shed.sort((a, b) => a - b), bytes };
}
