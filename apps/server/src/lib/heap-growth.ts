import v8 from 'node:v8';

/**
 * How far V8 lets its heap grow past what survived the last full collection before it collects
 * again. Left to itself, V8 grows a busy server's heap to about three times its live data (the
 * heap limit on a large machine is gigabytes), so resident memory under load says more about the
 * limit than about the data. A fixed factor keeps the heap near its live size for a few per cent
 * of throughput (docs/operations.md, Memory). 0 leaves V8's own choice.
 *
 * Process-wide, so it is set once where a process starts (main.ts, the benchmark's server).
 */
export function applyHeapGrowth(percent: number, setFlags: (flags: string) => void = v8.setFlagsFromString): void {
  if (percent > 0) setFlags(`--heap-growing-percent=${percent}`);
}
