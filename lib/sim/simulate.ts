/**
 * `simulate(scenario)`: a pure function from a scenario (seed included) to its result. The same
 * scenario gives a deep-equal result on any machine. Everything else — the lab, the CLI, the
 * tests, sweeps — reads this one result.
 */
import { check, createChecker, pendingWarnings, type Summary, type Violation } from "./checker";
import { createClient, type Client } from "./client";
import { createCodeClient, type CodeOptions } from "./code/codeClient";
import { createDispatcher, type Dispatcher } from "./dispatcher";
import { CHECKER_EVENT_KINDS, type SimEvent } from "./events";
import type { RunFacts } from "./facts";
import { scheduleFaults } from "./faults";
import { Kernel } from "./kernel";
import { Network } from "./network";
import { processClocks } from "./processes";
import { Rng } from "./rng";
import { LIMITS, clientIds, serviceNodeIds, validateScenario, type ResolvedScenario, type Scenario } from "./scenario";
import { createService } from "./services";
import type { TimeSeries } from "./series";
import { spansOf, type Span } from "./spans";
import { createStorage, type Storage, type WriteRequest } from "./storage";
import { World } from "./world";

export interface SimResult {
  scenario: ResolvedScenario;
  events: SimEvent[];
  /** Events the run logged, whether or not it kept them (a summary-only run keeps none): what it cost. Absent on a recorded run's result (lib/real). */
  eventCount?: number;
  spans: Span[];
  summary: Summary;
  violations: Violation[];
  /** What the checker established, as data: every reader of the run reads these. */
  facts: RunFacts;
  warnings: string[];
  /** Per second of true time: arrivals, completions, backlog, acquire latency, utilization. */
  series: TimeSeries;
}

export interface SimulateOptions {
  /** Build only what the checker needs, and keep no event log: no events, no spans (fast sweeps). */
  summaryOnly?: boolean;
  /** Stop after this many events (default: the 500,000 limit). */
  maxEvents?: number;
  /** Told how far the run has got every few thousand steps; answering false stops it (kernel.ts). */
  progress?: (progress: RunProgress) => boolean | void;
  /** Every client runs this learner's program instead of the built-in client (lib/sim/code). */
  code?: CodeOptions;
}

/** How far a run has got: true time reached (ms), events logged and jobs done by then. */
export interface RunProgress {
  reachedMs: number;
  events: number;
  jobsDone: number;
}

export class ScenarioError extends Error {
  constructor(readonly errors: string[]) {
    super(`Invalid scenario:\n${errors.join("\n")}`);
  }
}

/** Runs a scenario; throws a ScenarioError listing every problem if it is invalid. */
export function simulate(input: Scenario, options: SimulateOptions = {}): SimResult {
  const validation = validateScenario(input);
  if (!validation.ok) throw new ScenarioError(validation.errors);
  return simulateResolved(validation.scenario, validation.warnings, options);
}

/** Runs an already validated scenario (sweeps validate once and vary the seed). */
export function simulateResolved(
  scenario: ResolvedScenario,
  warnings: string[],
  options: SimulateOptions = {},
): SimResult {
  const maxEvents = Math.min(options.maxEvents ?? LIMITS.events, LIMITS.events);
  const kernel = new Kernel(scenario.durationMs, maxEvents, options.summaryOnly ? CHECKER_EVENT_KINDS : null);
  // A summary-only run keeps no log: the checker reads each event as it happens.
  const checker = options.summaryOnly ? createChecker(scenario) : null;
  kernel.reader = checker?.read ?? null;
  const rng = new Rng(scenario.seed);
  const networkRng = rng.fork();
  const chaosRng = rng.fork();
  const clientRng = rng.fork();
  const arrivalRng = rng.fork();

  const clients = clientIds(scenario.clients.count);
  const nodes = serviceNodeIds(scenario.service);
  for (const { id, clock } of processClocks(scenario)) kernel.addProc(id, clock);

  const network = new Network(
    kernel,
    networkRng,
    scenario.network.latencyMs,
    scenario.network.lossRate,
    new Set(nodes),
  );
  const world = new World(kernel, network, scenario, clientRng);
  const { progress } = options;
  if (progress)
    kernel.progress = (reachedMs, events) => progress({ reachedMs, events, jobsDone: world.series.completedSoFar() });
  const byId = new Map<string, Client>();
  const service = createService({
    world,
    scenario,
    notices: {
      leaseExtended: (client, basisT, leaseMs) => byId.get(client)?.leaseExtended(basisT, leaseMs),
      lockLost: (client) => byId.get(client)?.lockLost(),
    },
  });
  const storage = createStorage(world, scenario.storage, service?.writeRolledBack?.bind(service));

  kernel.hooks = {
    blocked: (from, to) => network.blocked(from, to),
    onCrash(proc, host) {
      byId.get(proc.id)?.onCrash();
      service?.onCrash(proc, host);
    },
    onRestart(proc) {
      service?.onRestart(proc);
      byId.get(proc.id)?.onRestart();
    },
  };

  const workload = scenario.workload;
  const dispatcher: Dispatcher | null =
    workload.kind === "stream"
      ? createDispatcher(kernel, arrivalRng, workload, () => [...byId.values()], world.series)
      : null;
  const starts = startTimes(scenario);
  clients.forEach((id, i) => {
    const phasePauses = scenario.faults.flatMap((f) =>
      f.kind === "pause" && f.target === id && f.atPhase ? [{ ...f, atPhase: f.atPhase }] : [],
    );
    const code = options.code;
    const start = starts[i]!; // one start per client
    byId.set(
      id,
      code
        ? createCodeClient(world, service, id, start, phasePauses, code)
        : createClient(world, service, id, start, phasePauses, dispatcher),
    );
  });
  scheduleFaults(kernel, network, service, scenario, chaosRng);
  dispatcher?.start();
  for (const client of byId.values()) client.start();

  kernel.run();
  if (!kernel.truncated) reportWritesInFlight(kernel, network, storage);

  const allWarnings = [...warnings];
  if (kernel.stopped) {
    allWarnings.push(
      `stopped: the run was stopped at ${(kernel.now / 1000).toFixed(3)} s by its caller; results cover only that part`,
    );
  } else if (kernel.truncated) {
    allWarnings.push(
      `truncated: the run stopped at ${(kernel.now / 1000).toFixed(3)} s after reaching the limit of ${maxEvents} events; results cover only that part`,
    );
  }
  if (dispatcher?.lostJobs) {
    allWarnings.push(
      `${dispatcher.lostJobs} job${dispatcher.lostJobs === 1 ? " was" : "s were"} lost with a crashed client that had it in hand`,
    );
  }
  const series = world.series.finish();
  const utilization = world.utilization();
  const backlogMax = world.series.backlogMax;
  const checked = checker
    ? checker.finish(utilization, backlogMax)
    : check(kernel.events, scenario, utilization, backlogMax);
  const { violations, facts } = checked;
  allWarnings.push(...pendingWarnings(facts));
  // The log cannot say that the run was cut short; the kernel can.
  const summary = {
    ...checked.summary,
    incomplete: kernel.truncated ? { atMs: Math.round(kernel.now * 1000) / 1000 } : null,
  };
  return {
    scenario,
    events: options.summaryOnly ? [] : kernel.events,
    eventCount: Math.min(kernel.eventCount, maxEvents),
    spans: options.summaryOnly ? [] : spansOf(kernel.events, scenario.durationMs),
    summary,
    violations,
    facts,
    warnings: allWarnings,
    series,
  };
}

/**
 * Logs, at the run's end, each write still in the network then: it will land whatever became of
 * its sender (crashed, or gone on after a timeout), so the checker counts it as pending.
 */
function reportWritesInFlight(kernel: Kernel, network: Network, storage: Storage): void {
  if (!network.writesBeyondEnd.length) return;
  kernel.now = kernel.durationMs;
  for (const { from, id, msg, sentAt, arrivesAt } of network.writesBeyondEnd) {
    // The network keeps only messages of type "write", which only the storage protocol sends.
    const w = msg as WriteRequest;
    kernel.logAfterEnd({
      kind: "write-in-flight",
      proc: "network",
      client: from,
      id,
      key: w.key,
      value: w.value,
      readValue: w.readValue,
      token: w.token,
      grant: w.grant,
      sentAt,
      arrivesAt,
      ...storage.outcomeNow(w),
    });
  }
}

/** When each client starts (true ms): its start time, or its place in the stagger. */
export function startTimes(scenario: ResolvedScenario): number[] {
  const { count, startMs } = scenario.clients;
  return Array.isArray(startMs) ? startMs : Array.from({ length: count }, (_, i) => i * startMs.staggerMs);
}
