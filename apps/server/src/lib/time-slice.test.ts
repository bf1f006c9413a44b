import { describe, expect, it } from 'vitest';
import { createTimeSlicer, sortByKeySliced } from './time-slice.js';

describe('sortByKeySliced', () => {
  it('sorts as Array#sort does, pausing between buckets', async () => {
    const keys = ['b', 'a', 'ab', 'aa', 'zz-top.com', 'z.com', '0x.com', '-', 'ba', 'b.com', 'xn--mnchen-3ya.de', ''];
    for (let i = 0; i < 2_000; i += 1) keys.push(`${((i * 7919) % 10_007).toString(36)}.com`);
    let pauses = 0;
    const sorted = await sortByKeySliced(keys.map((k) => ({ k })), (item) => item.k, { pause: async () => void (pauses += 1) });
    expect(sorted.map((item) => item.k)).toEqual([...keys].sort());
    expect(pauses).toBeGreaterThan(1);
  });
});

describe('createTimeSlicer', () => {
  it('lets the event loop turn once a slice has used its time, and not before', async () => {
    let turns = 0;
    const slicer = createTimeSlicer(1);
    // Work until the slice is over, then pause: a callback queued for the next turn runs in between.
    setImmediate(() => (turns += 1));
    const start = performance.now();
    while (performance.now() - start < 2);
    await slicer.pause();
    expect(turns).toBe(1);

    const lazy = createTimeSlicer(60_000);
    setImmediate(() => (turns += 1));
    await lazy.pause();
    expect(turns).toBe(1);
  });
});
