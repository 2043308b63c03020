/**
 * What limits a stream run's throughput, in words: the lock service (its busiest node), the
 * busiest lock (the union of the times some client believed it held it), or the workers (the
 * time each spent with a job in hand, from job-start to job-done). Whichever is busy 80 % of the
 * time or more is named, checked in that order — a saturated service also makes locks and workers
 * wait, and a hot lock keeps the workers waiting — else nothing is saturated. Average wait is the
 * time a job waited for a worker (job-start's waitedMs).
 */
import { listOf, formatDuration, formatPercent, sentenceCase } from "@/lib/sim/format";
import type { SimResult } from "@/lib/sim/simulate";

export const SATURATED = 0.8;

export interface LoadFacts {
  /** The true time the figures cover (ms): the run, or the part before the event limit stopped it. */
  coveredMs: number;
  /** The lock held the largest share of the time, and that share; null when no lock was ever held. */
  busiestLock: { key: number; held: number } | null;
  jobsStarted: number;
  /** Mean time a job waited for a worker (ms). */
  meanWaitMs: number;
  /** Share of worker time with a job in hand: on average over the workers, and the busiest one's. */
  workersBusy: number;
  busiestWorker: { id: string; busy: number } | null;
  serviceBusy: number;
}

export type Limit = "service" | "lock" | "workers" | "none";

export interface Bottleneck extends LoadFacts {
  limit: Limit;
  sentence: string;
}

/** The load figures of a stream run, read from its event log and summary. */
export function loadFactsOf(result: SimResult): LoadFacts {
  const { events, scenario, summary } = result;
  const last = events.at(-1)?.t ?? 0;
  const truncated = result.summary.incomplete !== null;
  const coveredMs = Math.max(1, truncated ? Math.min(last, scenario.durationMs) : scenario.durationMs);

  const beliefSince = new Map<string, { lock: string; since: number }>(); // by client and lock
  const held = new Map<string, [number, number][]>();
  const jobSince = new Map<string, number>();
  const workerMs = new Map<string, number>();
  let waited = 0;
  let jobsStarted = 0;
  const hold = (lock: string, from: number, to: number) => {
    let list = held.get(lock);
    if (!list) held.set(lock, (list = []));
    list.push([from, to]);
  };
  const work = (id: string, from: number, to: number) =>
    workerMs.set(id, (workerMs.get(id) ?? 0) + Math.max(0, to - from));

  for (const e of events) {
    switch (e.kind) {
      case "belief-start":
        // A belief with no grant is a client working without a lock (no lock service, fail-open).
        if (e.grant !== null) beliefSince.set(`${e.proc}\n${e.lock}`, { lock: e.lock, since: e.t });
        break;
      case "belief-end": {
        const k = `${e.proc}\n${e.lock}`;
        const belief = beliefSince.get(k);
        if (belief !== undefined) hold(e.lock, belief.since, e.t);
        beliefSince.delete(k);
        break;
      }
      case "job-start":
        waited += e.waitedMs;
        jobsStarted++;
        jobSince.set(e.proc, e.t);
        break;
      case "job-done": {
        const since = jobSince.get(e.proc);
        if (since !== undefined) work(e.proc, since, e.t);
        jobSince.delete(e.proc);
        break;
      }
    }
  }
  for (const { lock, since } of beliefSince.values()) hold(lock, since, coveredMs);
  for (const [id, since] of jobSince) work(id, since, coveredMs);

  let busiestLock: LoadFacts["busiestLock"] = null;
  for (const [lock, intervals] of held) {
    const share = unionLength(intervals) / coveredMs;
    const key = Number(/(\d+)$/.exec(lock)?.[1] ?? 0);
    if (!busiestLock || share > busiestLock.held) busiestLock = { key, held: Math.min(1, share) };
  }
  let busiestWorker: LoadFacts["busiestWorker"] = null;
  let total = 0;
  for (const [id, ms] of workerMs) {
    total += ms;
    if (!busiestWorker || ms / coveredMs > busiestWorker.busy)
      busiestWorker = { id, busy: Math.min(1, ms / coveredMs) };
  }
  return {
    coveredMs,
    busiestLock,
    jobsStarted,
    meanWaitMs: jobsStarted ? waited / jobsStarted : 0,
    workersBusy: Math.min(1, total / (coveredMs * scenario.clients.count)),
    busiestWorker,
    serviceBusy: summary.serviceUtilization,
  };
}

/** Total length of a set of intervals, overlaps counted once. */
export function unionLength(intervals: [number, number][]): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of sorted) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}

/** The bottleneck of a stream run, with its sentence; null for other workloads. */
export function bottleneckOf(result: SimResult): Bottleneck | null {
  const workload = result.scenario.workload;
  if (workload.kind !== "stream") return null;
  return describeBottleneck(loadFactsOf(result), {
    keys: workload.keys,
    hotKey: workload.hotKeyShare !== undefined,
    owner: workload.routing === "owner",
    lockless: result.scenario.service.kind === "none",
  });
}

interface Shape {
  keys: number;
  hotKey: boolean;
  owner: boolean;
  lockless: boolean;
}

/** Names the limit from the facts; pure, so each case reads as a test. */
export function describeBottleneck(facts: LoadFacts, shape: Shape): Bottleneck {
  const wait = `jobs wait ${formatDuration(facts.meanWaitMs)} on average for a worker`;
  const service = `the lock service is ${formatPercent(facts.serviceBusy)} busy`;
  const lock = facts.busiestLock;
  const lockName = !lock ? "" : shape.keys === 1 ? "the lock" : `the lock on key ${lock.key}`;
  const lockHeld = lock ? `${lockName} is held ${formatPercent(lock.held)} of the time` : "no lock is ever held";
  // With owner routing one worker serves each key, so the busiest worker is the one to watch.
  const workerShare = shape.owner ? (facts.busiestWorker?.busy ?? 0) : facts.workersBusy;
  const workers =
    shape.owner && facts.busiestWorker
      ? `${facts.busiestWorker.id}, the busiest owner, is ${formatPercent(workerShare)} busy`
      : `the workers are ${formatPercent(workerShare)} busy`;
  const parts = (...items: string[]) => sentenceCase(`${listOf(items.slice(0, -1))}; ${items.at(-1)}`);

  let limit: Limit = "none";
  let sentence: string;
  if (!shape.lockless && facts.serviceBusy >= SATURATED) {
    limit = "service";
    sentence = `${parts(service, wait, lockHeld)}: the lock service, not any one lock, limits throughput.`;
  } else if (!shape.lockless && lock && lock.held >= SATURATED) {
    limit = "lock";
    const culprit = shape.keys === 1 ? "the one lock" : shape.hotKey ? "the hot key" : "the busiest lock";
    sentence = `${parts(lockHeld, wait, service)}: ${culprit}, not the service, limits throughput.`;
  } else if (workerShare >= SATURATED) {
    limit = "workers";
    sentence = `${parts(workers, wait, shape.lockless ? "there is no lock to wait for" : lockHeld)}: the ${shape.owner ? "owner of the busiest keys" : "number of workers"}, not the lock, limits throughput.`;
  } else {
    sentence = `Nothing is saturated: ${shape.lockless ? "there is no lock" : lockHeld}, ${wait} and ${shape.lockless ? workers : service}.`;
  }
  return { ...facts, limit, sentence };
}
