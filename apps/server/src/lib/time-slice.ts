import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Lets other requests run during long work on this thread. Call `pause()` between small pieces
 * of work: once the current slice has run `sliceMs`, it waits for the event loop's next turn
 * (pending I/O and timers run there) and starts a new slice; otherwise it returns at once.
 */
export function createTimeSlicer(sliceMs = 10): { pause(): Promise<void> } {
  let sliceStart = performance.now();
  return {
    async pause() {
      if (performance.now() - sliceStart < sliceMs) return;
      await nextTurn();
      sliceStart = performance.now();
    },
  };
}

/** Runs `each` over `items` in pieces of `size`, pausing between pieces. */
export async function forEachSliced<T>(items: readonly T[], size: number, slicer: { pause(): Promise<void> }, each: (piece: readonly T[]) => void): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    each(items.slice(i, i + size));
    await slicer.pause();
  }
}

/**
 * Sorts by a string key (in code-unit order, as Array#sort) without one long pause: items are
 * bucketed by their key's first two characters in one pass, then each bucket is sorted on its
 * own, pausing between buckets.
 */
export async function sortByKeySliced<T>(items: readonly T[], key: (item: T) => string, slicer: { pause(): Promise<void> }): Promise<T[]> {
  const buckets = new Map<string, T[]>();
  for (const item of items) {
    const prefix = key(item).slice(0, 2);
    const bucket = buckets.get(prefix);
    if (bucket) bucket.push(item);
    else buckets.set(prefix, [item]);
  }
  await slicer.pause();
  const sorted: T[] = [];
  for (const prefix of [...buckets.keys()].sort()) {
    const bucket = buckets.get(prefix)!;
    bucket.sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
    for (const item of bucket) sorted.push(item);
    await slicer.pause();
  }
  return sorted;
}
