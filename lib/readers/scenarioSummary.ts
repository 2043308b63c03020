/**
 * What a run's scenario is, before anything has happened in it, as a few labelled lines for a
 * title slide: the lock service (its nodes and lease), the clients and their work, what storage
 * checks, and the faults that will strike. Read from the resolved scenario the run used.
 */
import { describeFault } from "@/lib/scenario/faultEdits";
import { guardLabel, serviceLabel, workloadLabel } from "@/lib/scenario/catalog";
import { leaseOf } from "@/lib/scenario/edits";
import { groupDigits, listOf, formatDuration, formatDurationRange } from "@/lib/sim/format";
import { serviceNodeIds, type ResolvedScenario } from "@/lib/sim/scenario";

export interface ScenarioLine {
  label: string;
  text: string;
}

export function scenarioSummary(scenario: ResolvedScenario): ScenarioLine[] {
  const nodes = serviceNodeIds(scenario.service);
  const lease = leaseOf(scenario, scenario);
  const service = [
    serviceLabel(scenario.service.kind),
    nodes.length > 1 ? `nodes ${listOf(nodes)}` : null,
    lease === null ? null : `lease ${formatDuration(lease)}`,
  ];
  const clients = scenario.clients.count;
  const faults = scenario.faults.map(describeFault);
  if (scenario.chaos.pauseEveryMs > 0)
    faults.push(
      `random pauses of ${formatDurationRange(scenario.chaos.pauseMs)}, about every ${formatDuration(scenario.chaos.pauseEveryMs)}`,
    );
  return [
    { label: "Lock service", text: service.filter(Boolean).join(", ") },
    {
      label: "Clients",
      text: `${groupDigits(clients)} ${clients === 1 ? "client" : "clients"}; ${workloadLabel(scenario.workload.kind)}`,
    },
    { label: "Storage guard", text: guardLabel(scenario.storage.guard) },
    { label: faults.length === 1 ? "Fault" : "Faults", text: faults.length ? faults.join("; ") : "none injected" },
  ];
}
