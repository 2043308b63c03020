/**
 * Faults injected by hand: made at the playhead's moment from the topology view, listed, edited
 * and removed. Faults are part of the scenario, so they travel in the lab's URL like everything
 * else, and the engine re-runs the same seed: everything before the fault's moment stays as it was.
 */
import type { FaultSpec, Scenario } from "@/lib/sim/scenario";
import { formatDuration } from "@/lib/sim/format";

type InputFault = NonNullable<Scenario["faults"]>[number];

/** What the learner can inject from a node or a link, and the amount each one asks for. */
export type InjectableFault =
  | { kind: "pause"; target: string; forMs: number }
  | { kind: "crash"; target: string }
  | { kind: "clock-jump"; target: string; byMs: number }
  | { kind: "partition"; between: [string, string]; forMs: number }
  | { kind: "delay"; from: string; to: string; byMs: number };

/** The fault as the scenario holds it, starting at true time `t` (rounded to a whole ms). */
export function faultAt(fault: InjectableFault, t: number): InputFault {
  return { ...fault, atMs: Math.max(0, Math.round(t)) } as InputFault;
}

export function withFaultAdded(input: Scenario, fault: InputFault): Scenario {
  return { ...input, faults: [...(input.faults ?? []), fault] };
}

export function withFaultRemoved(input: Scenario, index: number): Scenario {
  return { ...input, faults: (input.faults ?? []).filter((_, i) => i !== index) };
}

export function withFaultReplaced(input: Scenario, index: number, fault: InputFault): Scenario {
  return { ...input, faults: (input.faults ?? []).map((f, i) => (i === index ? fault : f)) };
}

const at = (f: { atMs?: number; atPhase?: string }) =>
  f.atPhase === "before-write"
    ? "just before its write"
    : f.atPhase === "holding"
      ? "once it holds the lock"
      : `at ${formatDuration(f.atMs ?? 0)}`;

/** One line for the list of injected faults: "Pause c1 at 5 s for 15 s". */
export function describeFault(fault: FaultSpec | InputFault): string {
  switch (fault.kind) {
    case "pause":
      return `Pause ${fault.target} ${at(fault)} for ${formatDuration(fault.forMs)}`;
    case "crash":
      return `Crash ${fault.target}${fault.host ? " (host vanishes)" : ""} ${at(fault)}${fault.restartAfterMs === undefined ? "" : `, restart after ${formatDuration(fault.restartAfterMs)}`}`;
    case "clock-jump":
      return `Clock jump on ${fault.target} ${at(fault)} by ${fault.byMs >= 0 ? "+" : "−"}${formatDuration(Math.abs(fault.byMs))}`;
    case "partition":
      return `Partition ${fault.between[0]} from ${fault.between[1]} ${at(fault)} for ${formatDuration(fault.forMs)}`;
    case "isolate":
      return `Isolate ${fault.target} ${at(fault)} for ${formatDuration(fault.forMs)}`;
    case "delay":
      return `Delay the next message ${fault.from} → ${fault.to} ${at(fault)} by ${formatDuration(fault.byMs)}`;
    case "failover":
      return `Fail over to the replica ${at(fault)}${fault.promoteAfterMs ? `, promoted after ${formatDuration(fault.promoteAfterMs)}` : ""}`;
    case "storage-failover":
      return `Fail storage over to a replica ${at(fault)}, losing its last ${formatDuration(fault.lagMs)} of writes`;
    case "outage":
      return `Lock service outage ${at(fault)} for ${formatDuration(fault.forMs)}`;
  }
}

/** The numbers of a fault a learner can edit, by field, in ms. */
export type FaultField = "atMs" | "forMs" | "byMs" | "restartAfterMs";

export const faultFieldLabels: Record<FaultField, string> = {
  atMs: "At",
  forMs: "For",
  byMs: "By",
  restartAfterMs: "Restart after",
};

/** The editable fields of a fault and their values in ms (a phase-timed pause has no "at"). */
export function editableFields(fault: InputFault): Partial<Record<FaultField, number | null>> {
  const fields: Partial<Record<FaultField, number | null>> = {};
  if ("atMs" in fault && !(fault.kind === "pause" && fault.atPhase)) fields.atMs = fault.atMs ?? 0;
  if ("forMs" in fault) fields.forMs = fault.forMs;
  if ("byMs" in fault) fields.byMs = fault.byMs;
  if (fault.kind === "crash") fields.restartAfterMs = fault.restartAfterMs ?? null;
  return fields;
}

/** What is wrong with one field of a fault's edit form: the field, and the sentence that says so. */
export interface FaultFieldError {
  field: FaultField;
  text: string;
}

/**
 * Reads an edit form's seconds into a fault, or says what is wrong with each field. An empty
 * "restart after" means no restart; a clock jump may go back (negative); everything else is ≥ 0.
 */
export function faultFromSeconds(
  fault: InputFault,
  seconds: Partial<Record<FaultField, string>>,
): { ok: true; fault: InputFault } | { ok: false; errors: FaultFieldError[] } {
  const errors: FaultFieldError[] = [];
  const next: Record<string, unknown> = { ...fault };
  for (const [field, raw] of Object.entries(seconds) as [FaultField, string][]) {
    const text = raw.trim();
    if (field === "restartAfterMs" && text === "") {
      delete next.restartAfterMs;
      continue;
    }
    const value = Number(text.replace("−", "-"));
    const label = faultFieldLabels[field];
    if (text === "" || !Number.isFinite(value))
      errors.push({ field, text: `${label}: "${raw}" is not a number of seconds.` });
    else if (value < 0 && !(field === "byMs" && fault.kind === "clock-jump"))
      errors.push({ field, text: `${label}: must be 0 s or more.` });
    else if ((field === "forMs" || (field === "byMs" && fault.kind === "delay")) && Math.round(value * 1000) < 1)
      errors.push({ field, text: `${label}: must be at least 1 ms.` });
    else next[field] = Math.round(value * 1000);
  }
  return errors.length ? { ok: false, errors } : { ok: true, fault: next as InputFault };
}
