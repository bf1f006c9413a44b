import { describe, expect, it } from 'vitest';
import { applyHeapGrowth } from './heap-growth.js';

describe('applyHeapGrowth', () => {
  it("gives V8 the heap's growing factor, and leaves V8's own when it is 0", () => {
    const given: string[] = [];
    applyHeapGrowth(50, (flags) => given.push(flags));
    applyHeapGrowth(0, (flags) => given.push(flags));
    expect(given).toEqual(['--heap-growing-percent=50']);
  });
});
