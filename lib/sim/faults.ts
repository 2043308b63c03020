/**
 * Puts the scenario's faults and chaos on the kernel's queue. Clock jumps need no event of their
 * own beyond the log entry: every process clock knows its jumps in advance (see clock.ts).
 */
import type { Kernel, Proc } from "./kernel";
import type { Network } from "./network";
import type { Rng } from "./rng";
import type { FaultSpec, ResolvedScenario } from "./scenario";
import type { LockService } from "./services/types";

export function scheduleFaults(
  kernel: Kernel,
  network: Network,
  service: LockService | null,
  scenario: ResolvedScenario,
  chaosRng: Rng,
): void {
  for (const fault of scenario.faults) scheduleFault(kernel, network, service, scenario, fault);
  scheduleChaos(kernel, scenario, chaosRng);
}

function scheduleFault(
  kernel: Kernel,
  network: Network,
  service: LockService | null,
  scenario: ResolvedScenario,
  f: FaultSpec,
): void {
  switch (f.kind) {
    case "pause":
      if (f.atPhase === undefined && f.atMs !== undefined)
        kernel.at(f.atMs, () => kernel.pause(kernel.proc(f.target), f.forMs, "gc"));
      return;
    case "crash": {
      const restartDelay =
        scenario.service.kind === "redlock" && /^r\d+$/.test(f.target) ? scenario.service.restartDelayMs : 0;
      const restartAfter = f.restartAfterMs === undefined ? undefined : Math.max(f.restartAfterMs, restartDelay);
      kernel.at(f.atMs, () => kernel.crash(kernel.proc(f.target), f.host, restartAfter));
      return;
    }
    case "clock-jump":
      kernel.at(f.atMs, () => kernel.log({ kind: "clock-jump", proc: f.target, byMs: f.byMs }));
      return;
    case "partition":
      kernel.at(f.atMs, () => {
        network.setPartition(f.between[0], f.between[1], true);
        service?.onNetworkChange();
        kernel.log({ kind: "partition-start", proc: "network", between: f.between });
      });
      kernel.at(f.atMs + f.forMs, () => {
        network.setPartition(f.between[0], f.between[1], false);
        service?.onNetworkChange();
        kernel.log({ kind: "partition-end", proc: "network", between: f.between });
      });
      return;
    case "isolate":
      kernel.at(f.atMs, () => {
        network.setIsolated(f.target, true);
        service?.onNetworkChange();
        kernel.log({ kind: "isolate-start", proc: "network", target: f.target });
      });
      kernel.at(f.atMs + f.forMs, () => {
        network.setIsolated(f.target, false);
        service?.onNetworkChange();
        kernel.log({ kind: "isolate-end", proc: "network", target: f.target });
      });
      return;
    case "delay":
      network.addDelay(f.from, f.to, f.atMs, f.byMs);
      return;
    case "failover":
      kernel.at(f.atMs, () => service?.failover(f.promoteAfterMs));
      return;
    case "storage-failover":
      // Storage schedules its own failover (createStorage): it alone knows its data.
      return;
    case "outage":
      kernel.at(f.atMs, () => {
        network.setOutage(true);
        service?.onNetworkChange();
        kernel.log({ kind: "outage-start", proc: "network" });
      });
      kernel.at(f.atMs + f.forMs, () => {
        network.setOutage(false);
        service?.onNetworkChange();
        kernel.log({ kind: "outage-end", proc: "network" });
      });
      return;
  }
}

/**
 * Random pauses of every client: the gap before each pause is exponential with mean
 * `pauseEveryMs`, measured from the end of the previous one; lengths are uniform in `pauseMs`.
 * Client 1's pauses are drawn from the chaos stream first, then client 2's, and so on, so they
 * never depend on what else happens in the run. Each next pause is drawn only when the one before
 * begins, so the queue holds one chaos pause per client and the event budget bounds the work: a
 * first pass only counts each client's draws to find where its part of the stream begins.
 */
function scheduleChaos(kernel: Kernel, scenario: ResolvedScenario, rng: Rng): void {
  const { pauseEveryMs, pauseMs } = scenario.chaos;
  if (!pauseEveryMs) return;
  // Counting stops at the event budget, so even a scenario that bypassed validation (which refuses
  // chaos whose pauses alone exceed the budget) costs bounded work; later clients then get none.
  let budget = kernel.maxEvents;
  for (let i = 1; i <= scenario.clients.count && budget > 0; i++) {
    const own = rng.clone();
    budget -= skipPauses(rng, scenario.durationMs, pauseEveryMs, pauseMs, budget);
    schedulePausesOf(kernel, kernel.proc(`c${i}`), own, scenario.durationMs, pauseEveryMs, pauseMs);
  }
}

type Range = readonly [number, number];

/** Draws one client's pauses without scheduling them (at most `max`); returns how many. */
function skipPauses(rng: Rng, durationMs: number, everyMs: number, pauseMs: Range, max: number): number {
  let t = 0;
  for (let n = 0; n < max; n++) {
    t += rng.exponential(everyMs);
    if (t > durationMs) return n;
    t += Math.round(rng.uniform(pauseMs[0], pauseMs[1]));
  }
  return max;
}

/** Schedules a client's next pause after `from`, drawing it from the client's part of the chaos stream. */
function schedulePausesOf(
  kernel: Kernel,
  proc: Proc,
  rng: Rng,
  durationMs: number,
  everyMs: number,
  pauseMs: Range,
  from = 0,
): void {
  const t = from + rng.exponential(everyMs);
  if (t > durationMs) return;
  const length = Math.round(rng.uniform(pauseMs[0], pauseMs[1]));
  kernel.at(t, () => {
    kernel.pause(proc, length, "chaos");
    schedulePausesOf(kernel, proc, rng, durationMs, everyMs, pauseMs, t + length);
  });
}
