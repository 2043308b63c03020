/**
 * A challenge level as the site holds it once content/challenges/ is validated
 * (lib/content/challenge.ts). Two kinds:
 * - break: the learner adds faults to a design until the goal holds, within a budget;
 * - defend: the learner picks mitigations until the goal holds for every schedule of a small world.
 * The course text (title, story, hints) comes from the level file; the goal is data (goals.ts).
 */
import type { Scenario } from "@/lib/sim/scenario";
import type { Goal } from "./goals";
import type { FaultWorld } from "./faultWorld";

type InputFault = NonNullable<Scenario["faults"]>[number];

/** The faults a learner can inject from the topology's menus. */
export const BREAK_FAULT_KINDS = ["pause", "crash", "clock-jump", "partition", "delay"] as const;
export type BreakFaultKind = (typeof BREAK_FAULT_KINDS)[number];

export interface BreakRules {
  /** Which faults the learner may inject. */
  faultKinds: readonly BreakFaultKind[];
  maxFaults: number;
  /** The most pause time in all, in ms; absent for no limit. */
  maxTotalPauseMs?: number;
  /** Par: the fewest faults, and (when set) the least pause time, the goal needs; null when it cannot be won. */
  par: { faults: number; pauseMs?: number } | null;
  /** The reference solution's faults; null when the level cannot be won within its budget. */
  solution: InputFault[] | null;
  /** Set when no schedule within the budget reaches the goal: the world the finder confirms that over. */
  world: FaultWorld | null;
}

/** The mitigations a defend level can open, each a field of the scenario. */
export const CONTROLS = [
  "service",
  "leaseMs",
  "renewEveryMs",
  "safetyMarginMs",
  "leaseClock",
  "checkBeforeWrite",
  "onLockUnavailable",
  "guard",
  "fenceReads",
] as const;
export type Control = (typeof CONTROLS)[number];
export type ControlValue = string | number | boolean | null;
/** A choice for some of the controls. */
export type Design = Partial<Record<Control, ControlValue>>;

export interface DefendRules {
  /** The values the learner may pick for each open control. */
  controls: Partial<Record<Control, readonly ControlValue[]>>;
  world: FaultWorld;
  /** Must also hold in the run with no added fault (work gets done, not only nothing breaks). */
  baseline: Goal;
  /** Par: the fewest controls changed from the starting design. */
  par: { changes: number };
  solution: Design;
}

interface LevelBase {
  slug: string;
  order: number;
  title: string;
  story: string;
  /** The design as the level opens; a break level's has no faults. */
  scenario: Scenario;
  goal: Goal;
  hints: readonly string[];
}

export type Level =
  (LevelBase & { mode: "break"; rules: BreakRules }) | (LevelBase & { mode: "defend"; rules: DefendRules });
export type BreakLevel = Extract<Level, { mode: "break" }>;
export type DefendLevel = Extract<Level, { mode: "defend" }>;
