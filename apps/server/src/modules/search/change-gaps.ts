/**
 * Change numbers an index has not seen but that may still commit, kept as ranges: a bulk
 * approval in flight skips a hundred thousand numbers in one run, and the log is asked for
 * them as a pair of arrays (one parameter each), never as one parameter per number.
 */
export interface GapRange {
  lo: number;
  hi: number;
  /**
   * A transaction id above that of every transaction that can have drawn these numbers (one
   * assigned after they were found missing): once a snapshot's oldest running transaction is
   * not below it, each of them has committed or rolled back, and a number still missing in that
   * snapshot is gone for good.
   */
  horizon: number;
  /**
   * The log's oldest number when these were found missing. A number below it may be trimmed
   * or still in flight (a build asks for those too); one that is missing in the end was lost
   * to a trim only if the log has been trimmed since.
   */
  floor: number;
}

export interface SettleOutcome {
  /** Numbers given up: every writer that could have drawn them is done and they are not in the log. */
  dropped: number;
  /**
   * Some awaited numbers lie below the log's oldest row, which another instance's trim raised
   * since they went missing: a late commit may have gone with that trim, so the index can no
   * longer tell a lost change from a rolled-back or still open one, however long it waits.
   */
  maybeTrimmed: boolean;
}

export class ChangeGaps {
  /** Disjoint, in ascending order. */
  private ranges: GapRange[] = [];
  private numbers = 0;

  /** Change numbers outstanding. */
  get count(): number {
    return this.numbers;
  }

  get isEmpty(): boolean {
    return this.ranges.length === 0;
  }

  clear(): void {
    this.ranges = [];
    this.numbers = 0;
  }

  /** Adds numbers above every range held (the log is read upwards). */
  add(lo: number, hi: number, horizon: number, floor: number): void {
    if (hi < lo) return;
    const last = this.ranges[this.ranges.length - 1];
    if (last && lo <= last.hi) throw new Error('change gaps must be added in ascending order');
    this.ranges.push({ lo, hi, horizon, floor });
    this.numbers += hi - lo + 1;
  }

  /** The ranges' bounds as two arrays, for one query however many there are. */
  bounds(): { lo: number[]; hi: number[] } {
    return { lo: this.ranges.map((r) => r.lo), hi: this.ranges.map((r) => r.hi) };
  }

  /** Takes out the numbers that turned up in the log (ascending), splitting ranges around them. */
  fill(found: readonly number[]): void {
    if (!found.length || !this.ranges.length) return;
    const next: GapRange[] = [];
    let f = 0;
    for (const range of this.ranges) {
      let lo = range.lo;
      while (f < found.length && found[f]! < lo) f++;
      while (f < found.length && found[f]! <= range.hi) {
        const seq = found[f++]!;
        if (seq > lo) next.push({ ...range, lo, hi: seq - 1 });
        this.numbers--;
        lo = seq + 1;
      }
      if (lo <= range.hi) next.push({ ...range, lo });
    }
    this.ranges = next;
  }

  /**
   * Gives up the ranges, wholly at or below `covered`, whose writers had all finished before a
   * snapshot with oldest running transaction `xmin` that read the log up to `covered` (so what
   * is still missing there rolled back). `floor` is the log's oldest row in that snapshot.
   */
  settle(xmin: number, covered: number, floor: number): SettleOutcome {
    let dropped = 0;
    let maybeTrimmed = false;
    this.ranges = this.ranges.filter((range) => {
      if (range.hi > covered) return true;
      if (range.lo < floor && floor > range.floor) {
        maybeTrimmed = true;
        return true;
      }
      if (range.horizon > xmin) return true;
      dropped += range.hi - range.lo + 1;
      return false;
    });
    this.numbers -= dropped;
    return { dropped, maybeTrimmed };
  }

  /** Records a trim of everything below `floor` whose awaited rows this index has applied. */
  trimmedTo(floor: number): void {
    for (const range of this.ranges) range.floor = Math.max(range.floor, floor);
  }
}
