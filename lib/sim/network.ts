/**
 * The network: every message takes a latency drawn from `latencyMs` and is lost with probability
 * `lossRate`. Messages between the same ordered pair arrive in the order sent (TCP), so a delayed
 * message also holds back the ones behind it. Partitions, isolation and outages drop a message
 * that would be delivered while they last. Senders never learn why a message did not arrive.
 */
import type { Kernel, Proc, Step } from "./kernel";
import type { Rng } from "./rng";
import type { DropReason } from "./events";
import { DelayFaults } from "./delays";

export interface Message {
  type: string;
  [field: string]: unknown;
}

export class Network {
  private nextId = 1;
  /** Latest arrival per ordered pair of processes, indexed [from][to]: TCP keeps their order. */
  private readonly lastArrival: Float64Array;
  private readonly partitions = new Map<string, number>();
  private readonly isolated = new Map<string, number>();
  private outages = 0;
  private readonly delays = new DelayFaults();
  /**
   * Writes sent to storage that arrive only after the run ends: a message already sent still
   * lands, whatever became of its sender, so the run reports them (simulate.ts).
   */
  readonly writesBeyondEnd: {
    from: string;
    to: string;
    id: number;
    msg: Message;
    sentAt: number;
    arrivesAt: number;
  }[] = [];

  constructor(
    private readonly kernel: Kernel,
    private readonly rng: Rng,
    private readonly latencyMs: [number, number],
    private readonly lossRate: number,
    private readonly serviceNodes: ReadonlySet<string>,
  ) {
    this.lastArrival = new Float64Array(kernel.procCount * kernel.procCount);
  }

  /** Sends `msg`; `onArrive` runs on the receiver when (and if) it arrives. */
  send(from: string, to: string, msg: Message, onArrive: () => void): void {
    this.transmit(this.kernel.proc(from), this.kernel.proc(to), msg, onArrive);
  }

  /**
   * `send` between processes the caller has already looked up (a request and its reply). With a
   * `target`, `onArrive` is called as its method.
   */
  transmit<T>(sender: Proc, receiver: Proc, msg: Message, onArrive: (this: T) => void, target?: T): void {
    const kernel = this.kernel;
    const from = sender.id;
    const to = receiver.id;
    const id = this.nextId++;
    // Messages are most of a log; a summary-only run does not build them, but counts them all
    // against the same event budget as a full run (kernel.ts `tally`).
    const logged = kernel.logsMessages;
    if (logged) kernel.log({ kind: "send", proc: from, from, to, id, msg: msg.type, t: 0, seq: 0 });
    else kernel.tally();
    if (this.lossRate > 0 && this.rng.next() < this.lossRate) {
      if (logged) kernel.log({ kind: "drop", proc: to, from, to, id, msg: msg.type, reason: "loss", t: 0, seq: 0 });
      else kernel.tally();
      return;
    }
    let arrival = kernel.now + this.rng.uniform(this.latencyMs[0], this.latencyMs[1]);
    const pair = sender.index * kernel.procCount + receiver.index;
    if (this.delays.size) arrival += this.delays.take(pair, kernel.now);
    arrival = Math.max(arrival, this.lastArrival[pair]!); // pair < procCount², the array's length
    this.lastArrival[pair] = arrival;
    if (arrival > kernel.durationMs && msg.type === "write")
      this.writesBeyondEnd.push({ from, to, id, msg, sentAt: kernel.now, arrivesAt: arrival });
    kernel.deliverAt(arrival, from, receiver, id, msg.type, onArrive as Step, target);
  }

  /** Why a message from `from` cannot reach `to` now, or null. */
  blocked(from: string, to: string): DropReason | null {
    if (this.outages > 0 && this.serviceNodes.has(from) !== this.serviceNodes.has(to)) return "outage";
    if (this.isolated.size && ((this.isolated.get(from) ?? 0) > 0 || (this.isolated.get(to) ?? 0) > 0))
      return "isolated";
    if (this.partitions.size && (this.partitions.get(pairKey(from, to)) ?? 0) > 0) return "partition";
    return null;
  }

  /** Holds up the first message sent from `from` to `to` at or after `atMs` by `byMs`. */
  addDelay(from: string, to: string, atMs: number, byMs: number): void {
    this.delays.add(this.kernel.proc(from).index * this.kernel.procCount + this.kernel.proc(to).index, atMs, byMs);
  }

  setPartition(a: string, b: string, on: boolean): void {
    bump(this.partitions, pairKey(a, b), on);
  }

  setIsolated(target: string, on: boolean): void {
    bump(this.isolated, target, on);
  }

  setOutage(on: boolean): void {
    this.outages += on ? 1 : -1;
  }
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** Counts overlapping faults, so two partitions of the same pair end only when both have. */
function bump(map: Map<string, number>, key: string, on: boolean): void {
  const n = (map.get(key) ?? 0) + (on ? 1 : -1);
  if (n > 0) map.set(key, n);
  else map.delete(key);
}
