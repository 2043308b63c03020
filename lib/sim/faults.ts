/**
 * Puts the scenario's faults and chaos on the kernel's queue. Clock jumps need no event of their
 * own beyond the log entry: every process clock knows its jumps in advance (see clock.ts).
 */
import type { Kernel } from "./kernel";
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

function scheduleFault(kernel: Kernel, network: Network, service: LockService | null, scenario: ResolvedScenario, f: FaultSpec): void {
  switch (f.kind) {
    case "pause":
      if (f.atPhase === undefined && f.atMs !== undefined) kernel.at(f.atMs, () => kernel.pause(kernel.proc(f.target), f.forMs, "gc"));
      return;
    case "crash": {
      const restartDelay = scenario.service.kind === "redlock" && /^r\d+$/.test(f.target) ? scenario.service.restartDelayMs : 0;
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
 * Drawn up front from the chaos stream, so they never depend on what else happens in the run.
 */
function scheduleChaos(kernel: Kernel, scenario: ResolvedScenario, rng: Rng): void {
  const { pauseEveryMs, pauseMs } = scenario.chaos;
  if (!pauseEveryMs) return;
  for (let i = 1; i <= scenario.clients.count; i++) {
    const proc = kernel.proc(`c${i}`);
    let t = 0;
    for (;;) {
      t += rng.exponential(pauseEveryMs);
      if (t > scenario.durationMs) break;
      const length = Math.round(rng.uniform(pauseMs[0], pauseMs[1]));
      kernel.at(t, () => kernel.pause(proc, length, "chaos"));
      t += length;
    }
  }
}
