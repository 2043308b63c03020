/**
 * The event queue: a binary min-heap ordered by (t, seq), where `seq` is the order in which entries
 * were scheduled, so equal times run first-scheduled-first and every run is reproducible. Every
 * comparison is written as "a comes before b": (a.t < b.t) or (a.t = b.t and a.seq < b.seq).
 * Each entry's (t, seq) is copied into typed arrays beside the heap when it is pushed: the sift
 * loops compare plain doubles instead of following a pointer to each entry and to its boxed time,
 * which was a sixth of a summary-only sweep's time. An entry's fields may change after it is
 * popped (the kernel re-queues held and unfinished work); the copy is taken again on each push.
 *
 * An entry that comes before everything in the heap waits beside it, in `first`, instead of going
 * in: a run's heap holds mostly far-off timers (timeouts, lease ends, renewals), so more than half of
 * its pushes are a message due before all of them (54% in the chaos sweep), and the next pop takes
 * it back without sifting the heap either way.
 */
export interface Queued {
  t: number;
  seq: number;
}

const INITIAL_CAPACITY = 64;

export class EventQueue<E extends Queued> {
  private items: (E | undefined)[] = [];
  private times = new Float64Array(INITIAL_CAPACITY);
  private seqs = new Float64Array(INITIAL_CAPACITY);
  private length = 0;
  /** An entry that comes before every entry in the heap, or undefined. */
  private first: E | undefined = undefined;

  get size(): number {
    return this.length + (this.first === undefined ? 0 : 1);
  }

  push(entry: E): void {
    const first = this.first;
    if (first === undefined) {
      if (this.length === 0 || before(entry, this.times[0]!, this.seqs[0]!)) {
        this.first = entry;
        return;
      }
    } else if (before(entry, first.t, first.seq)) {
      this.first = entry;
      this.pushToHeap(first);
      return;
    }
    this.pushToHeap(entry);
  }

  pop(): E | undefined {
    const first = this.first;
    if (first === undefined) return this.popFromHeap();
    this.first = undefined;
    return first;
  }

  // The heap's indices stay below `length`, inside its typed arrays: the `!`s below are in range,
  // and they cost nothing at run time, which a check in these loops would.
  private pushToHeap(entry: E): void {
    if (this.length === this.times.length) this.grow();
    const { items, times, seqs } = this;
    const t = entry.t;
    const seq = entry.seq;
    let i = this.length++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pt = times[parent]!;
      if (!(t < pt || (t === pt && seq < seqs[parent]!))) break;
      items[i] = items[parent];
      times[i] = pt;
      seqs[i] = seqs[parent]!;
      i = parent;
    }
    items[i] = entry;
    times[i] = t;
    seqs[i] = seq;
  }

  private popFromHeap(): E | undefined {
    if (this.length === 0) return undefined;
    const { items, times, seqs } = this;
    const top = items[0];
    const n = --this.length;
    const last = items[n];
    const t = times[n]!;
    const seq = seqs[n]!;
    items[n] = undefined;
    if (n === 0) return top;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      const right = child + 1;
      if (
        right < n &&
        (times[right]! < times[child]! || (times[right] === times[child] && seqs[right]! < seqs[child]!))
      )
        child = right;
      const ct = times[child]!;
      if (!(ct < t || (ct === t && seqs[child]! < seq))) break;
      items[i] = items[child];
      times[i] = ct;
      seqs[i] = seqs[child]!;
      i = child;
    }
    items[i] = last;
    times[i] = t;
    seqs[i] = seq;
    return top;
  }

  private grow(): void {
    const times = new Float64Array(this.times.length * 2);
    const seqs = new Float64Array(this.seqs.length * 2);
    times.set(this.times);
    seqs.set(this.seqs);
    this.times = times;
    this.seqs = seqs;
  }
}

/** Whether `entry` comes before an entry at (t, seq). */
function before(entry: Queued, t: number, seq: number): boolean {
  return entry.t < t || (entry.t === t && entry.seq < seq);
}
