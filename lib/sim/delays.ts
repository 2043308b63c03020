/**
 * The scenario's `delay` faults, indexed by link and start time so that a message costs the same
 * however long the fault list is (a scan of every delay per message made 100,000 of them take
 * minutes). Each delay holds up one message: the first one sent on its link at or after `atMs`.
 * When several have begun on a link, the one earliest in the fault list goes first.
 */
import { EventQueue } from "./queue";

interface Delay {
  atMs: number;
  byMs: number;
  /** The delay's place among the link's delays, in fault-list order. */
  order: number;
}

interface Link {
  /** Delays not yet begun, by start time once the run starts (`sorted`). */
  waiting: Delay[];
  sorted: boolean;
  next: number;
  /** Delays begun and not yet used, first in fault-list order first (the queue's `t` is `order`). */
  begun: EventQueue<{ t: number; seq: number; byMs: number }>;
}

export class DelayFaults {
  private readonly links = new Map<number, Link>();

  get size(): number {
    return this.links.size;
  }

  add(link: number, atMs: number, byMs: number): void {
    let entry = this.links.get(link);
    if (!entry) this.links.set(link, (entry = { waiting: [], sorted: false, next: 0, begun: new EventQueue() }));
    entry.waiting.push({ atMs, byMs, order: entry.waiting.length });
    entry.sorted = false;
  }

  /** The extra latency for a message sent on `link` at `now`: the delay it uses, or 0. */
  take(link: number, now: number): number {
    const entry = this.links.get(link);
    if (!entry) return 0;
    if (!entry.sorted) {
      // A stable sort: delays that begin together keep their fault-list order.
      entry.waiting.sort((a, b) => a.atMs - b.atMs);
      entry.sorted = true;
    }
    const { waiting, begun } = entry;
    for (let d = waiting[entry.next]; d && d.atMs <= now; d = waiting[++entry.next]) {
      begun.push({ t: d.order, seq: 0, byMs: d.byMs });
    }
    return begun.pop()?.byMs ?? 0;
  }
}
