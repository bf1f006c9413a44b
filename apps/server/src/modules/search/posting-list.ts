/** Slots per block: a slot is stored as its low 16 bits, its block given by where it sits. */
const BLOCK_BITS = 16;
const LOW_MASK = (1 << BLOCK_BITS) - 1;

/**
 * An ascending list of slots in two bytes each (half of an Int32Array, which measured as the
 * largest part of the search index): slots are grouped by their high bits, and `starts[b]` is
 * where block b begins. Built by appending in ascending order.
 */
export class PostingList {
  lows: Uint16Array<ArrayBuffer>;
  /** starts[b] = index of the first slot of block b; the last entry is always `size`. */
  starts: Int32Array<ArrayBuffer>;
  size = 0;

  /**
   * A new list, or one over given arrays (views into larger ones are fine: a list that grows
   * past them copies into its own) holding `size` slots (all of `lows` unless told).
   */
  constructor(capacity = 4, lows?: Uint16Array<ArrayBuffer>, starts?: Int32Array<ArrayBuffer>, size = lows?.length ?? 0) {
    this.lows = lows ?? new Uint16Array(capacity);
    this.starts = starts ?? new Int32Array(2);
    this.size = size;
  }

  /** The slot at index i (i in [0, size)). */
  at(i: number): number {
    let block = this.starts.length - 2;
    while (this.starts[block]! > i) block--;
    return (block << BLOCK_BITS) | this.lows[i]!;
  }

  last(): number {
    return this.size ? this.at(this.size - 1) : -1;
  }

  /** Adds a slot greater than every slot held. */
  append(slot: number): void {
    const block = slot >>> BLOCK_BITS;
    if (block + 2 > this.starts.length) {
      const starts = new Int32Array(block + 2).fill(this.size);
      starts.set(this.starts.subarray(0, this.starts.length - 1));
      this.starts = starts;
    }
    if (this.size === this.lows.length) {
      // Lists sized exactly by a build grow by a quarter, not double, when new listings arrive.
      const lows = new Uint16Array(this.size < 1024 ? Math.max(4, this.size * 2) : Math.ceil(this.size * 1.25));
      lows.set(this.lows);
      this.lows = lows;
    }
    this.lows[this.size++] = slot & LOW_MASK;
    for (let b = block + 1; b < this.starts.length; b++) this.starts[b] = this.size;
  }

  /**
   * Index of the last slot <= `slot` at or below index `from` (-1 if none): lists are walked
   * from their newest slot down, so a cursor only ever moves down.
   */
  seekDown(from: number, slot: number): number {
    if (from < 0) return -1;
    const { starts, lows } = this;
    const block = slot >>> BLOCK_BITS;
    // Every block above the slot's lies above it.
    if (block + 1 < starts.length - 1 && starts[block + 1]! - 1 < from) from = starts[block + 1]! - 1;
    const blockStart = block < starts.length - 1 ? starts[block]! : this.size;
    // Below the slot's block, every slot is smaller.
    if (from < blockStart) return from;
    const low = slot & LOW_MASK;
    // Lists of similar length: the answer is usually a few steps away.
    for (let n = 0; n < 8; n++) {
      if (from < blockStart || lows[from]! <= low) return from;
      from--;
    }
    if (from < blockStart || lows[from]! <= low) return from;
    let high = from;
    let step = 1;
    let bottom = from - step;
    while (bottom >= blockStart && lows[bottom]! > low) {
      high = bottom;
      step *= 2;
      bottom = from - step;
    }
    bottom = Math.max(bottom, blockStart - 1);
    // lows[high] > low, and lows[bottom] <= low or bottom is just below the block: narrow down.
    while (high - bottom > 1) {
      const mid = (bottom + high) >> 1;
      if (lows[mid]! > low) high = mid;
      else bottom = mid;
    }
    return bottom;
  }

  get bytes(): number {
    return this.lows.byteLength + this.starts.byteLength;
  }

  /** Gives back the room kept for growth. */
  trim(): void {
    if (this.size < this.lows.length) this.lows = this.lows.slice(0, this.size);
  }
}

/**
 * A position in a list, walked from its end down: it tracks the block of its index as it goes
 * (indexes only fall), so reading its slot never searches the block table.
 */
export class DownCursor {
  private block: number;
  constructor(
    private readonly list: PostingList,
    public index = list.size - 1,
  ) {
    this.block = list.starts.length - 2;
  }
  /** The slot at the current index (index must be >= 0); call with a decreasing index. */
  slot(): number {
    const { starts, lows } = this.list;
    while (starts[this.block]! > this.index) this.block--;
    return (this.block << BLOCK_BITS) | lows[this.index]!;
  }
  /** Moves down to the last slot <= `slot`; false when none is left. */
  seek(slot: number): boolean {
    this.index = this.list.seekDown(this.index, slot);
    return this.index >= 0;
  }
}
