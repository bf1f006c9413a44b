import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Lets other requests run during long work on this thread. Call `pause()` between small pieces
 * of work: once the current slice has run `sliceMs`, it waits for the event loop's next turn
 * (pending I/O and timers run there) and starts a new slice; otherwise it returns at once.
 */
export function createTimeSlicer(sliceMs = 5): { pause(): Promise<void> } {
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
 * Sorts by a string key (in code-unit order, as Array#sort) without one long pause: keys are
 * bucketed by their first two characters in one pass, then each bucket is sorted on its own,
 * pausing between buckets. Keys must be unique (they are the names of one import).
 */
export async function sortByKeySliced<T>(items: readonly T[], key: (item: T) => string, slicer: { pause(): Promise<void> }): Promise<T[]> {
  const byKey = new Map<string, T>();
  const buckets = new Map<string, string[]>();
  await forEachSliced(items, 5_000, slicer, (piece) => {
    for (const item of piece) {
      const k = key(item);
      byKey.set(k, item);
      const prefix = k.slice(0, 2);
      const bucket = buckets.get(prefix);
      if (bucket) bucket.push(k);
      else buckets.set(prefix, [k]);
    }
  });
  const sorted: T[] = [];
  for (const prefix of [...buckets.keys()].sort()) {
    // Plain strings sort with the engine's own comparison, several times faster than a callback.
    for (const k of buckets.get(prefix)!.sort()) sorted.push(byKey.get(k)!);
    await slicer.pause();
  }
  return sorted;
}
