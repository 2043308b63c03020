/**
 * The processes of a run and their clocks, as the engine sets them up (ARCHITECTURE.md §3, "Time has two kinds"):
 * `skewMs` and `driftPpm` spread evenly over c1..cN, then the service nodes by id, then storage
 * (a single process gets 0); a `clocks.per` entry replaces a process's spread values; clock-jump
 * faults apply from `atMs`. The engine and every view that shows a process's own clock use this.
 */
import { ProcessClock, type ClockJump } from "./clock";
import { clientIds, serviceNodeIds, type ResolvedScenario } from "./scenario";

/** Every process id, in the order the clock spread uses: c1..cN, service nodes by id, storage. */
export function processOrder(scenario: ResolvedScenario): string[] {
  return [...clientIds(scenario.clients.count), ...[...serviceNodeIds(scenario.service)].sort(), "storage"];
}

/** The clock of process `id` in this scenario, or null if the scenario has no such process. */
export function processClock(scenario: ResolvedScenario, id: string): ProcessClock | null {
  const order = processOrder(scenario);
  const index = order.indexOf(id);
  return index < 0 ? null : clockAt(scenario, order.length, id, index);
}

/** Every process with its clock, in process order: what a run sets up, with the order built once. */
export function processClocks(scenario: ResolvedScenario): { id: string; clock: ProcessClock }[] {
  const order = processOrder(scenario);
  return order.map((id, index) => ({ id, clock: clockAt(scenario, order.length, id, index) }));
}

function clockAt(scenario: ResolvedScenario, count: number, id: string, index: number): ProcessClock {
  const share = count > 1 ? index / (count - 1) - 0.5 : 0;
  const per = scenario.clocks.per[id] ?? {};
  const jumps: ClockJump[] = scenario.faults.flatMap((f) =>
    f.kind === "clock-jump" && f.target === id ? [{ atMs: f.atMs, byMs: f.byMs }] : [],
  );
  return new ProcessClock(
    per.offsetMs ?? share * scenario.clocks.skewMs,
    per.driftPpm ?? share * scenario.clocks.driftPpm,
    jumps,
  );
}
