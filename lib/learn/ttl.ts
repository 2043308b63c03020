/**
 * The back-of-the-envelope TTL of lesson 2, as a pure function: from the p99 work time W, the worst
 * pause budgeted for P, the clock drift ρ and the takeover time T one can accept, it suggests a
 * lease TTL, a renewal interval and a safety margin, with each step of the reasoning. The rules are
 * the lesson's:
 *   1. TTL ≥ W + P covers the work without renewal; use it when it fits within T.
 *   2. TTL ≤ T bounds the wait after a crash.
 *   3. Otherwise TTL = T, renewed every TTL/3; a pause starting just before a renewal is due has
 *      ⅔ TTL left, so this covers P only when TTL ≥ 1.5 × P.
 *   4. The client stops early by a margin ≥ ρ × TTL + one network delay.
 * All times are milliseconds; drift is in parts per million.
 */
import type { Scenario } from "@/lib/sim/scenario";
import { groupDigits } from "@/lib/sim/format";

export interface TtlInput {
  /** p99 of the work done under the lock. */
  workMs: number;
  /** The longest pause budgeted for (GC, VM suspend). */
  pauseMs: number;
  /** How far the client's clock may run from the service's, in ppm. */
  driftPpm: number;
  /** The longest anyone may wait for the lock after its holder crashes. */
  takeoverMs: number;
  /** One network delay between the client and the lock service or storage. */
  networkDelayMs: number;
}

export interface TtlStep {
  /** Which rule of the lesson this step applies. */
  rule: string;
  text: string;
}

export interface TtlAdvice {
  ttlMs: number;
  renewEveryMs: number;
  /** "required": the work outlasts the TTL; "optional": the TTL covers it, renewal is insurance. */
  renewal: "required" | "optional";
  safetyMarginMs: number;
  /** The longest pause the lease rides out while the holder still works. */
  pauseCoveredMs: number;
  /** False when no TTL meets both the pause budget and the takeover time: fence the writes. */
  feasible: boolean;
  steps: TtlStep[];
}

/** Upper bounds on the inputs, so a suggestion can always be opened in the lab. */
export const TTL_INPUT_MAX = {
  workMs: 600_000,
  pauseMs: 600_000,
  driftPpm: 100_000,
  takeoverMs: 600_000,
  networkDelayMs: 10_000,
} as const;

const s = (ms: number) => (ms >= 1000 ? `${Number((ms / 1000).toFixed(3))} s` : `${Number(ms.toFixed(2))} ms`);

/** What is wrong with an input, by field; empty when every value can be used. */
export function ttlInputProblems(input: TtlInput): Partial<Record<keyof TtlInput, string>> {
  const problems: Partial<Record<keyof TtlInput, string>> = {};
  for (const key of Object.keys(TTL_INPUT_MAX) as (keyof TtlInput)[]) {
    const value = input[key];
    const unit = key === "driftPpm" ? "ppm" : "ms";
    if (!Number.isFinite(value)) problems[key] = "must be a number";
    else if (value < 0) problems[key] = "must be 0 or more";
    else if (value > TTL_INPUT_MAX[key]) problems[key] = `must be at most ${groupDigits(TTL_INPUT_MAX[key])} ${unit}`;
  }
  if (!problems.workMs && input.workMs < 1) problems.workMs = "must be at least 1 ms";
  if (!problems.takeoverMs && input.takeoverMs < 1) problems.takeoverMs = "must be at least 1 ms";
  return problems;
}

/** The lesson's rules applied to the inputs (which must have no problems). */
export function ttlSuggest({ workMs, pauseMs, driftPpm, takeoverMs, networkDelayMs }: TtlInput): TtlAdvice {
  const steps: TtlStep[] = [];
  const cover = workMs + pauseMs;
  let ttlMs: number;
  let renewal: TtlAdvice["renewal"];
  let pauseCoveredMs: number;
  let feasible = true;

  if (cover <= takeoverMs) {
    ttlMs = cover;
    renewal = "optional";
    pauseCoveredMs = ttlMs - workMs;
    steps.push({
      rule: "Cover the work",
      text: `W + P = ${s(workMs)} + ${s(pauseMs)} = ${s(cover)}, within the takeover time of ${s(takeoverMs)}: TTL = ${s(ttlMs)}.`,
    });
    steps.push({
      rule: "Bound the takeover",
      text: `After a crash the next client waits at most ${s(ttlMs)} plus one retry delay, within ${s(takeoverMs)}.`,
    });
  } else {
    ttlMs = takeoverMs;
    renewal = "required";
    pauseCoveredMs = Math.floor((ttlMs * 2) / 3);
    feasible = ttlMs >= 1.5 * pauseMs;
    steps.push({
      rule: "Bound the takeover",
      text: `W + P = ${s(cover)} is more than the takeover time of ${s(takeoverMs)}, so TTL = ${s(ttlMs)} and the lease must be renewed.`,
    });
    steps.push({
      rule: "Renew",
      text: feasible
        ? `Renewing every TTL/3 leaves at least ⅔ × TTL = ${s(pauseCoveredMs)} for a pause, which covers P = ${s(pauseMs)} (TTL ≥ 1.5 × P = ${s(1.5 * pauseMs)}).`
        : `Renewing every TTL/3 covers pauses up to ⅔ × TTL = ${s(pauseCoveredMs)}, less than P = ${s(pauseMs)}: that needs TTL ≥ 1.5 × P = ${s(1.5 * pauseMs)}. No TTL meets both goals; pick one, and fence the writes.`,
    });
  }
  const renewEveryMs = Math.max(1, Math.floor(ttlMs / 3));
  if (renewal === "optional") {
    steps.push({
      rule: "Renew anyway",
      text: `Renewing every TTL/3 = ${s(renewEveryMs)} costs little and covers jobs slower than the p99.`,
    });
  }
  const driftMs = (driftPpm * ttlMs) / 1e6;
  const safetyMarginMs = Math.ceil(driftMs + networkDelayMs);
  steps.push({
    rule: "Stop early",
    text: `Margin ≥ ρ × TTL + one network delay = ${groupDigits(driftPpm)} ppm × ${s(ttlMs)} + ${s(networkDelayMs)} = ${s(driftMs + networkDelayMs)}, rounded up to ${s(safetyMarginMs)}.`,
  });
  return { ttlMs, renewEveryMs, renewal, safetyMarginMs, pauseCoveredMs, feasible, steps };
}

/**
 * A lab scenario that tries the advice: two clients on a single Redis lock, each doing the p99's
 * work, with the suggested TTL, renewal and margin, the drift on every clock, and the holder
 * paused for the budgeted pause while it holds the lock.
 */
export function ttlLabScenario(input: TtlInput, advice: TtlAdvice): Scenario {
  const durationMs = Math.min(
    3_600_000,
    Math.max(60_000, Math.ceil((2 * (input.workMs + input.pauseMs + advice.ttlMs) + 5_000) / 1000) * 1000),
  );
  return {
    version: 1,
    name: "From the TTL calculator",
    durationMs,
    service: { kind: "redis", ttlMs: advice.ttlMs },
    clients: {
      count: 2,
      startMs: [0, 100],
      workMs: input.workMs,
      renewEveryMs: advice.renewEveryMs,
      safetyMarginMs: advice.safetyMarginMs,
    },
    workload: { kind: "counter", jobsPerClient: 1 },
    ...(input.driftPpm > 0 ? { clocks: { driftPpm: input.driftPpm } } : {}),
    ...(input.pauseMs > 0
      ? { faults: [{ kind: "pause" as const, target: "c1", atPhase: "holding" as const, forMs: input.pauseMs }] }
      : {}),
  };
}
