/**
 * `npm run bench` (or `npm run -s bench -- --json`): how fast the engine runs on this machine.
 * - eventsPerSec: a heavy scenario (32 clients, 10 simulated minutes, chaos pauses, etcd with
 *   fencing), full event log;
 * - baselineEventsPerSec: a bare loop pushing the same number of empty events into the same binary
 *   heap and popping them all, in the same process — the ceiling for any event simulator in
 *   JavaScript; ratio is eventsPerSec over it;
 * - steadyBaselineEventsPerSec and steadyRatio: a stricter ceiling, the heap kept at a steady
 *   1,000 entries, each pop scheduling the next, as a running simulation does;
 * - sweepSimsPerSec: the default 5-client chaos scenario over many seeds in summary-only mode,
 *   in this process after the heavy run (whose result stays in memory); sweepInWorkerSimsPerSec:
 *   the same sweep in a worker thread of its own, as the failure map and the failure finder
 *   sweep (each in a Web Worker). The two differ: after a large kept result V8 allocates the
 *   sweep's short-lived events and facts as if they lived long (pretenuring), and collecting them
 *   costs more;
 * - trafficEventsPerSec: a stream of 1,000 jobs/s for 60 simulated seconds (256 keys, 64 clients),
 *   full event log, with whether it reached the event limit (and stopped there, as it must).
 * Each figure is the best of a few repetitions, after a warm-up. The npm script bundles this file
 * with esbuild first: tsx's on-the-fly transform names every closure at run time, which would
 * measure the transform rather than the engine.
 */
import { performance } from "node:perf_hooks";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { EventQueue } from "../lib/sim/queue";
import { presetById } from "../lib/scenario/presets";
import { simulate, simulateResolved } from "../lib/sim/simulate";
import { validateScenario, type Scenario } from "../lib/sim/scenario";
import { Rng } from "../lib/sim/rng";

const heavy: Scenario = {
  version: 1,
  name: "bench: 32 clients, 10 minutes, chaos, etcd fenced",
  durationMs: 600_000,
  service: { kind: "etcd", ttlMs: 5000 },
  clients: { count: 32, workMs: [50, 500] },
  workload: { kind: "counter", jobsPerClient: 10_000 },
  storage: { guard: "fencing", fenceReads: true },
  chaos: { pauseEveryMs: 10_000, pauseMs: [100, 4000] },
};

function best<T>(times: number, fn: () => T): { ms: number; value: T } {
  let ms = Infinity;
  let value!: T;
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    value = fn();
    ms = Math.min(ms, performance.now() - start);
  }
  return { ms, value };
}

const baselineTimes = (n: number) => {
  const rng = new Rng(7);
  return Array.from({ length: n }, () => rng.next() * 600_000);
};

function heapBaseline(times: number[]): number {
  const queue = new EventQueue<{ t: number; seq: number }>();
  for (const [i, t] of times.entries()) queue.push({ t, seq: i });
  let popped = 0;
  while (queue.pop()) popped++;
  return popped;
}

function steadyHeapBaseline(times: number[]): number {
  const n = times.length;
  const queue = new EventQueue<{ t: number; seq: number }>();
  // The same shape of work a simulation does: a queue that stays populated while entries are
  // pushed and popped, each pop scheduling one later entry, until n entries have been popped.
  let seq = 0;
  let popped = 0;
  for (const t of times.slice(0, 1000)) queue.push({ t, seq: seq++ });
  let next = Math.min(n, 1000);
  while (popped < n) {
    const entry = queue.pop()!;
    popped++;
    if (next < n) queue.push({ t: entry.t + times[next++]! / 1000, seq: seq++ });
  }
  return popped;
}

/** Simulations per second of the summary-only sweep, after a warm-up. */
function measureSweep(): number {
  const sweepScenario = validateScenario(presetById("chaos-default")!.scenario);
  if (!sweepScenario.ok) throw new Error(sweepScenario.errors.join("\n"));
  const sweepOnce = (seeds: number) => {
    for (let seed = 1; seed <= seeds; seed++)
      simulateResolved({ ...sweepScenario.scenario, seed }, [], { summaryOnly: true });
    return seeds;
  };
  sweepOnce(200);
  const seeds = 2000;
  return Math.round(seeds / (best(3, () => sweepOnce(seeds)).ms / 1000));
}

/** The sweep in a worker thread of its own (this same file, started with workerData "sweep"). */
function measureSweepInWorker(): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: "sweep" });
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

if (!isMainThread && workerData === "sweep") {
  parentPort!.postMessage(measureSweep());
} else {
  await main();
}

async function main() {
  const json = process.argv.includes("--json");
  simulate(heavy); // warm-up
  const sim = best(3, () => simulate(heavy));
  const events = sim.value.events.length;
  const times = baselineTimes(events);
  heapBaseline(times);
  const base = best(5, () => heapBaseline(times));
  steadyHeapBaseline(times);
  const steady = best(5, () => steadyHeapBaseline(times));

  const sweepSimsPerSec = measureSweep();
  const sweepInWorkerSimsPerSec = await measureSweepInWorker();

  const traffic: Scenario = {
    version: 1,
    name: "bench: 1,000 jobs/s for 60 s",
    durationMs: 60_000,
    service: { kind: "redis", ttlMs: 5000 },
    clients: { count: 64, workMs: 20 },
    workload: { kind: "stream", ratePerSec: 1000, keys: 256 },
  };
  simulate(traffic);
  const trafficRun = best(3, () => simulate(traffic));
  const trafficTruncated = trafficRun.value.warnings.some((w) => w.startsWith("truncated"));

  const eventsPerSec = Math.round(events / (sim.ms / 1000));
  const baselineEventsPerSec = Math.round(events / (base.ms / 1000));
  const steadyBaselineEventsPerSec = Math.round(events / (steady.ms / 1000));
  const report = {
    heavyEvents: events,
    heavyRunMs: Math.round(sim.ms),
    eventsPerSec,
    baselineEventsPerSec,
    ratio: Math.round((eventsPerSec / baselineEventsPerSec) * 1000) / 1000,
    steadyBaselineEventsPerSec,
    steadyRatio: Math.round((eventsPerSec / steadyBaselineEventsPerSec) * 1000) / 1000,
    sweepSimsPerSec,
    sweepInWorkerSimsPerSec,
    sweepScenario: "chaos-default (5 clients, Redis, chaos pauses), summary only",
    trafficRunMs: Math.round(trafficRun.ms),
    trafficEvents: trafficRun.value.events.length,
    trafficEventsPerSec: Math.round(trafficRun.value.events.length / (trafficRun.ms / 1000)),
    trafficJobsDone: trafficRun.value.summary.jobsDone,
    trafficTruncated,
    targets: { ratio: 0.3, sweepSimsPerSec: 4000 },
  };
  if (json) console.log(JSON.stringify(report));
  else {
    console.log(
      `heavy scenario: ${report.heavyEvents} events in ${report.heavyRunMs} ms → ${eventsPerSec.toLocaleString("en")} events/s`,
    );
    console.log(
      `bare heap loop: ${baselineEventsPerSec.toLocaleString("en")} events/s → ratio ${report.ratio} (target ≥ 0.30)`,
    );
    console.log(
      `steady heap loop: ${steadyBaselineEventsPerSec.toLocaleString("en")} events/s → ratio ${report.steadyRatio}`,
    );
    console.log(
      `sweep: ${report.sweepSimsPerSec.toLocaleString("en")} simulations/s after the heavy run (target ≥ 4,000)`,
    );
    console.log(
      `sweep in a worker of its own, as the failure map sweeps: ${report.sweepInWorkerSimsPerSec.toLocaleString("en")} simulations/s`,
    );
    console.log(
      `traffic, 1,000 jobs/s for 60 s: ${report.trafficEvents.toLocaleString("en")} events in ${report.trafficRunMs} ms → ${report.trafficEventsPerSec.toLocaleString("en")} events/s, ${report.trafficJobsDone.toLocaleString("en")} jobs done${trafficTruncated ? " (stopped at the event limit, with the truncated warning)" : ""}`,
    );
  }
}
