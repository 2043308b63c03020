/**
 * The arcade: endless break levels made from presets by the failure finder. A seed picks a preset
 * (its faults dropped, its storage unguarded), a lease and a work time; the finder must then find
 * and shrink a schedule that breaks it, and that schedule's score is par. Everything follows from
 * the seed, so a friend with the same seed gets the same level. Pure and deterministic.
 */
import { findFailure, type FinderBudget } from "@/lib/explore/finder";
import { serviceLabel } from "@/lib/scenario/catalog";
import { withClients, withLease } from "@/lib/scenario/edits";
import { seconds } from "@/lib/sim/format";
import { presetById } from "@/lib/scenario/presets";
import { Rng } from "@/lib/sim/rng";
import { simulate } from "@/lib/sim/simulate";
import type { Scenario } from "@/lib/sim/scenario";
import { goalHolds, type Goal } from "./goals";
import { breakScore } from "./grade";
import { BREAK_FAULT_KINDS, type BreakFaultKind, type BreakLevel } from "./level";

/** Presets whose design a few faults can break; each loses its own faults in the arcade. */
export const ARCADE_PRESETS = [
  "gc-pause",
  "k8s-paused-leader",
  "etcd-pause-unfenced",
  "chubby-no-lock-delay",
  "redis-clock-jump",
  "ttl-renewed",
  "zk-pause-fenced",
  "pg-lock-table-skew",
] as const;
const LEASES_MS = [5000, 10_000, 15_000, 20_000] as const;
const WORK_MS = [1000, 2000, 4000, 6000] as const;
const ATTEMPTS = 6;

/** Small enough to run in a second or two in a worker. */
export const ARCADE_BUDGET: FinderBudget = {
  maxPauses: 1,
  maxPauseMs: 30_000,
  maxClockJumpMs: 30_000,
  maxDelayMs: 60_000,
  maxRuns: 600,
};

export interface ArcadeLevel {
  seed: number;
  presetId: string;
  level: BreakLevel;
}

/** The arcade level of a seed, or null when no attempt gave a level the finder could break. */
export function arcadeLevel(seed: number): ArcadeLevel | null {
  const rng = new Rng(seed);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const presetId = rng.pick(ARCADE_PRESETS);
    const leaseMs = rng.pick(LEASES_MS);
    const workMs = rng.pick(WORK_MS);
    const made = attemptLevel(seed, presetId, leaseMs, workMs);
    if (made) return made;
  }
  return null;
}

function attemptLevel(seed: number, presetId: string, leaseMs: number, workMs: number): ArcadeLevel | null {
  const preset = presetById(presetId)!;
  const scenario: Scenario = withClients(
    withLease(
      { ...preset.scenario, name: undefined, seed, faults: [], storage: { guard: "none" }, clocks: undefined },
      leaseMs,
    ),
    { workMs },
  );
  delete scenario.name;
  delete scenario.clocks;
  const base = simulate(scenario);
  if (base.summary.verdict === "unsafe" || base.summary.maxConcurrentHolders >= 2) return null;
  const found = findFailure(scenario, ARCADE_BUDGET, { failOn: "damage" });
  if (!found.found || found.schedule.length === 0) return null;
  const goal: Goal =
    found.summary.lostUpdates >= 1
      ? ["lost-update"]
      : found.summary.duplicateEffects >= 1
        ? ["duplicate-effect"]
        : ["unsafe"];
  if (!goalHolds(goal, simulate(found.scenario))) return null;
  const faults = found.schedule.map((s) => s.fault);
  const used = new Set<BreakFaultKind>(["pause", ...faults.map((f) => f.kind)]);
  const score = breakScore(faults);
  const level: BreakLevel = {
    slug: `arcade-${seed}`,
    order: 0,
    mode: "break",
    title: `Arcade ${seed}: ${serviceLabel(scenario.service.kind)}, a ${seconds(leaseMs)} lease`,
    story:
      `A design from the preset “${preset.title}”, without its faults: ${serviceLabel(scenario.service.kind)}, a ${seconds(leaseMs)} lease, ` +
      `each client working ${seconds(workMs)}, and storage checking no token. The failure finder broke it with ${faults.length === 1 ? "one fault" : `${faults.length} faults`}: match it, or beat it.`,
    scenario,
    goal,
    hints: found.schedule.map((s) => s.explanation),
    rules: {
      faultKinds: BREAK_FAULT_KINDS.filter((k) => used.has(k)),
      maxFaults: faults.length,
      maxTotalPauseMs: ARCADE_BUDGET.maxPauseMs,
      par: { faults: score.faults, ...(score.pauseMs > 0 ? { pauseMs: score.pauseMs } : {}) },
      solution: faults,
      world: null,
    },
  };
  return { seed, presetId, level };
}
