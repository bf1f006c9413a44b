import { describe, expect, it } from 'vitest';
import { DownCursor, PostingList } from './posting-list.js';

/** A deterministic ascending list of slots spread over several 65,536-slot blocks, with gaps. */
function slots(): number[] {
  const out: number[] = [];
  let seed = 7;
  for (let slot = 3; slot < 330_000; slot += 1 + (seed % 97)) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    // Leave block 2 (131,072–196,607) empty, to cross an empty block.
    if (slot >> 16 !== 2) out.push(slot);
  }
  return out;
}

/** Brute force: index of the last value <= slot at or below from. */
function expectedSeek(values: number[], from: number, slot: number): number {
  for (let i = Math.min(from, values.length - 1); i >= 0; i--) if (values[i]! <= slot) return i;
  return -1;
}

describe('PostingList', () => {
  const values = slots();
  const list = new PostingList();
  for (const v of values) list.append(v);

  it('gives back every slot appended, in order, across blocks', () => {
    expect(list.size).toBe(values.length);
    expect(list.last()).toBe(values[values.length - 1]);
    for (let i = 0; i < values.length; i += 37) expect(list.at(i)).toBe(values[i]);
    const walk = new DownCursor(list);
    const seen: number[] = [];
    for (; walk.index >= 0; walk.index--) seen.push(walk.slot());
    expect(seen).toEqual([...values].reverse());
  });

  it('seeks down to the last slot at or below a value', () => {
    let seed = 11;
    for (let n = 0; n < 5_000; n++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      const from = seed % (values.length + 5);
      const slot = (seed >> 3) % 400_000;
      expect(list.seekDown(from, slot), `from ${from} slot ${slot}`).toBe(expectedSeek(values, from, slot));
    }
    expect(list.seekDown(-1, 5)).toBe(-1);
    expect(list.seekDown(values.length - 1, 2)).toBe(-1);
    expect(list.seekDown(values.length - 1, 1_000_000)).toBe(values.length - 1);
  });

  it('keeps working from borrowed arrays, growing into its own', () => {
    const copy = new PostingList(0, list.lows.slice(0, list.size), list.starts.slice());
    copy.append(400_000);
    copy.append(400_001);
    expect(copy.size).toBe(values.length + 2);
    expect(copy.at(values.length)).toBe(400_000);
    expect(copy.last()).toBe(400_001);
    expect(copy.seekDown(copy.size - 1, 399_999)).toBe(values.length - 1);
    expect(list.size).toBe(values.length);
    copy.trim();
    expect(copy.lows.length).toBe(copy.size);
  });
});
