/**
 * The stream workload's dispatcher: jobs arrive as a Poisson process at `ratePerSec`, each for
 * one of `keys` keys (with `hotKeyShare` of them on key 0, if set). With `routing: "any"` a job goes
 * to the idle client with the lowest id, or waits in one FIFO backlog; with `routing: "owner"` key
 * k's jobs always go to client k mod N — a single owner per partition. The dispatcher is not a
 * simulated process: it cannot see pauses and hands jobs over without network delay.
 */
import type { Client, Job } from "./client";
import type { Kernel } from "./kernel";
import type { Rng } from "./rng";
import type { ResolvedScenario } from "./scenario";
import type { SeriesRecorder } from "./series";

type Stream = Extract<ResolvedScenario["workload"], { kind: "stream" }>;

interface Waiting {
  job: Job;
  key: number;
  arrivedT: number;
}

/** A FIFO queue with O(1) take, as a backlog can hold many thousands of jobs. */
class Fifo<T> {
  private items: T[] = [];
  private head = 0;

  push(item: T): void {
    this.items.push(item);
  }

  take(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head++];
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}

export interface Dispatcher {
  start(): void;
  idle(client: string): void;
  lost(client: string, job: Job): void;
  readonly lostJobs: number;
}

export function createDispatcher(
  kernel: Kernel,
  rng: Rng,
  stream: Stream,
  clients: () => Client[],
  series: SeriesRecorder,
): Dispatcher {
  const meanGapMs = 1000 / stream.ratePerSec;
  /** Jobs waiting, one queue for routing "any", one per client for routing "owner". */
  const queues = new Map<string, Fifo<Waiting>>();
  const idle = new Set<string>();
  let waiting = 0;
  let nextJob = 0;
  let lostJobs = 0;

  const queueFor = (client: string) => {
    let q = queues.get(client);
    if (!q) queues.set(client, (q = new Fifo()));
    return q;
  };
  const ownerOf = (key: number) => clients()[key % clients().length]!.id;

  function keyOf(): number {
    if (stream.keys === 1) return 0;
    if (stream.hotKeyShare === undefined) return rng.int(0, stream.keys - 1);
    return rng.next() < stream.hotKeyShare ? 0 : rng.int(1, stream.keys - 1);
  }

  function hand(client: Client, w: Waiting): void {
    idle.delete(client.id);
    kernel.log({ kind: "job-start", proc: client.id, job: w.job.n, key: w.key, waitedMs: kernel.now - w.arrivedT });
    client.assign(w.job);
  }

  function arrive(): void {
    const key = keyOf();
    const n = nextJob++;
    const job: Job = { n, lock: `lock-${key}`, key: `counter-${key}`, idempotencyKey: `job-${n}`, run: null };
    kernel.log({ kind: "job-arrive", proc: "dispatcher", job: n, key });
    series.arrived();
    const w = { job, key, arrivedT: kernel.now };
    if (stream.routing === "owner") {
      const owner = ownerOf(key);
      const client = idle.has(owner) ? clients().find((c) => c.id === owner) : undefined;
      if (client) hand(client, w);
      else enqueue(owner, w);
    } else {
      const client = clients().find((c) => idle.has(c.id));
      if (client) hand(client, w);
      else enqueue("any", w);
    }
    scheduleArrival();
  }

  function enqueue(queue: string, w: Waiting): void {
    queueFor(queue).push(w);
    series.backlogIs(++waiting);
  }

  function scheduleArrival(): void {
    const t = kernel.now + rng.exponential(meanGapMs);
    if (t <= kernel.durationMs) kernel.at(t, arrive);
  }

  return {
    start: () => {
      series.backlogIs(0);
      scheduleArrival();
    },
    idle(clientId) {
      const queue = queueFor(stream.routing === "owner" ? clientId : "any");
      const next = queue.take();
      if (!next) {
        idle.add(clientId);
        return;
      }
      series.backlogIs(--waiting);
      hand(
        clients().find((c) => c.id === clientId)!,
        next,
      );
    },
    lost() {
      lostJobs++;
    },
    get lostJobs() {
      return lostJobs;
    },
  };
}
