/**
 * The event queue: a binary min-heap ordered by (t, seq), where `seq` is the order in which entries
 * were scheduled, so equal times run first-scheduled-first and every run is reproducible.
 */
export interface Queued {
  t: number;
  seq: number;
}

export class EventQueue<E extends Queued> {
  private heap: E[] = [];

  get size(): number {
    return this.heap.length;
  }

  push(entry: E): void {
    const heap = this.heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(entry, heap[parent])) break;
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = entry;
  }

  pop(): E | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length === 0 || last === undefined) return top;
    let i = 0;
    const n = heap.length;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && before(heap[right], heap[left]) ? right : left;
      if (!before(heap[child], last)) break;
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = last;
    return top;
  }
}

function before(x: Queued, y: Queued): boolean {
  return x.t < y.t || (x.t === y.t && x.seq < y.seq);
}
