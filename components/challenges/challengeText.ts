/**
 * The words the challenges page uses for a level's data: goal predicates, control values, what an
 * exhaustive check covered. UI labels, made from the data; a level's story and hints live in its file.
 */
import { formatDuration, groupDigits, seconds } from "@/lib/sim/format";
import { guardLabel, serviceLabel } from "@/lib/scenario/catalog";
import type { GoalAtom, GoalMoment } from "@/lib/challenges/goals";
import type { Control, ControlValue } from "@/lib/challenges/level";
import type { ExhaustiveResult, WorldSize } from "@/lib/challenges/exhaustive";
import type { FaultWorld } from "@/lib/challenges/faultWorld";

export function goalText(atom: GoalAtom): string {
  if (typeof atom === "object") return `At least ${atom["jobs-done"]} jobs finish`;
  const text: Record<Exclude<GoalAtom, object>, string> = {
    "lost-update": "An update is lost",
    "duplicate-effect": "A run takes effect twice",
    "two-holders": "Two clients believe they hold the lock at once",
    "stale-write-accepted": "Storage accepts a write made under a grant that had ended",
    "two-grants-accepted": "Storage accepts two clients' writes under different grants, one after its grant had ended",
    "stale-write-rejected": "Storage rejects a write made under a grant that had ended",
    safe: "The run is safe: no lost update, no duplicated effect",
    unsafe: "The run is unsafe: an update lost or an effect duplicated",
    "one-holder": "Never two holders at once",
    "no-missed-runs": "No scheduled run is missed",
  };
  return text[atom];
}

/** What happened at a goal's moment: the checker's own sentence for a violation, else the write's fact in words. */
export function momentText(moment: GoalMoment): string {
  if ("violation" in moment) return moment.violation.text;
  const w = moment.write;
  const token = w.token === null ? "" : ` with token ${w.token}`;
  const grant = w.stale ? `, made under a grant that had ended at ${seconds(w.stale.grantEndedAt)}` : "";
  return `At ${seconds(w.t)} storage ${w.accepted ? "accepted" : "rejected"} ${w.client}'s write${token}${grant}.`;
}

export const controlLabels: Record<Control, string> = {
  service: "Lock service",
  leaseMs: "Lease length",
  renewEveryMs: "Renew every",
  safetyMarginMs: "Safety margin",
  leaseClock: "Lease clock",
  checkBeforeWrite: "Check the lease before writing",
  onLockUnavailable: "When the lock service is unavailable",
  guard: "Storage guard",
  fenceReads: "Fence reads too",
};

export function controlValueText(control: Control, value: ControlValue): string {
  if (value === null) return control === "renewEveryMs" ? "Never" : "None";
  if (typeof value === "boolean") return value ? "On" : "Off";
  if (typeof value === "number") return formatDuration(value);
  switch (control) {
    case "service":
      return serviceLabel(value);
    case "guard":
      return guardLabel(value);
    case "leaseClock":
      return value === "monotonic" ? "Monotonic clock" : "Wall clock";
    case "onLockUnavailable":
      return value === "fail-open" ? "Fail open: run anyway" : "Fail closed: skip the job";
    default:
      return value;
  }
}

const lengths = (ms: readonly number[]) => ms.map(formatDuration).join(", ");
const plural = (n: number, one: string, many = `${one}s`) => `${groupDigits(n)} ${n === 1 ? one : many}`;

/** What a world's schedules are made of, in one sentence. */
export function worldText(world: FaultWorld): string {
  const kinds = [
    world.pauseMs.length
      ? `pauses of ${lengths(world.pauseMs)} at every moment that matters (a grant, a read, a write, a renewal)`
      : null,
    world.jumpMs.length
      ? `clock jumps of ${lengths(world.jumpMs)}, forward and back, of the granted client and of every lock-service node just after each grant`
      : null,
    world.delayMs.length ? `delays of ${lengths(world.delayMs)} to each write on its way to storage` : null,
  ].filter(Boolean);
  const total =
    world.maxTotalPauseMs === undefined
      ? ""
      : `, with at most ${formatDuration(world.maxTotalPauseMs)} of pauses in all`;
  return `Up to ${plural(world.maxFaults, "fault")} added to the design: ${kinds.join("; ")}${total}.`;
}

/**
 * How many schedules the check will run, said only as exactly as it is known: exactly with at most
 * one fault, else counted by the check as it goes (a fault moves the moments after it, so the
 * fault-free run's moments give only an estimate, which is never shown as a figure).
 */
export function worldSizeText(size: WorldSize, world: FaultWorld): string {
  const moments = `The run with no added fault has ${plural(size.moments, "such moment")}, so ${plural(size.singles, "single fault")}`;
  const budget = `(the budget is ${groupDigits(world.maxSchedules)})`;
  if (size.exact !== null) return `${moments}: ${plural(size.exact, "schedule")}, counting that run itself ${budget}.`;
  return `${moments}. Each further fault goes at the moments of the run as the faults before it have changed it, so the check counts the schedules of ≤ ${plural(world.maxFaults, "fault")} as it goes ${budget}.`;
}

/** Why a check will not start: its world is larger than its budget (exactly, or by the fault-free run's moments). */
export function overBudgetText(size: WorldSize, world: FaultWorld): string {
  const budget = groupDigits(world.maxSchedules);
  const larger =
    size.exact !== null
      ? `This world has ${plural(size.exact, "schedule")}, more than its budget of ${budget}`
      : `Counted at the moments of the run with no added fault, this world has more schedules than its budget of ${budget}`;
  return `${larger}: the check would take too long, so it will not start.`;
}

export const NOT_COVERED =
  "Not covered: crashes, partitions, isolation, outages and failovers beyond the level's own, lost messages, other lengths, and moments other than those listed.";

/** The check's headline: "Safe for all 1,284 schedules of ≤ 2 faults", or how many broke it. */
export function checkHeadline(result: ExhaustiveResult, breakWord: "break it" | "win"): string {
  const k = result.world.maxFaults;
  if (result.stoppedBy !== "complete")
    return `Stopped after ${plural(result.tried, "schedule")}: ${result.stoppedBy === "cancelled" ? "cancelled" : "the world was larger than its budget"}, so nothing is proven.`;
  if (result.failed === 0)
    return breakWord === "win"
      ? `No schedule wins: none of all ${plural(result.tried, "schedule")} of ≤ ${plural(k, "fault")} meets the goal.`
      : `Safe for all ${plural(result.tried, "schedule")} of ≤ ${plural(k, "fault")}.`;
  return `${groupDigits(result.failed)} of ${plural(result.tried, "schedule")} of ≤ ${plural(k, "fault")} ${breakWord === "win" ? "meet the goal" : "break it"}.`;
}
