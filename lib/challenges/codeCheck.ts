/**
 * Grading a learner's client on a code level ("Check" and "Submit"): the level's whole fault world,
 * with the exhaustive check the challenges use (exhaustive.ts); "Run" is one simulate() in the
 * sandbox worker. A schedule is a counterexample when storage was damaged (verdict unsafe) or
 * fewer jobs than the goal were done (not live). Par is measured on the run with no added fault.
 */
import { z } from "zod";
import type { Summary } from "@/lib/sim/checker";
import { serviceNodeIds, type Scenario } from "@/lib/sim/scenario";
import { simulate, type SimResult } from "@/lib/sim/simulate";
import type { CodeOptions } from "@/lib/sim/code/codeClient";
import type { Compiled } from "./codeCompile";
import type { CodeLevel } from "./codeLevel";
import { exhaustiveCheck, type ExhaustiveOptions } from "./exhaustive";

export const codeErrorSchema = z.strictObject({
  client: z.string(),
  message: z.string(),
  line: z.number().int().nullable(),
});

export const codeVerdictSchema = z.strictObject({
  level: z.string(),
  passed: z.boolean(),
  safe: z.boolean(),
  live: z.boolean(),
  schedules: z.strictObject({ tried: z.number().int().min(0), failed: z.number().int().min(0), complete: z.boolean() }),
  counterexample: z
    .strictObject({
      // The scenario is validated again (validateScenario) before anything runs it.
      scenario: z.record(z.string(), z.unknown()),
      explanations: z.array(z.string()),
      reason: z.enum(["unsafe", "not-live", "threw"]),
      summary: z.record(z.string(), z.unknown()),
    })
    .nullable(),
  par: z.strictObject({
    kind: z.enum(["service-calls", "finish-ms"]),
    value: z.number(),
    yours: z.number().nullable(),
    met: z.boolean(),
  }),
  errors: z.array(codeErrorSchema),
});

export type CodeError = z.infer<typeof codeErrorSchema>;
export interface CodeVerdict extends Omit<z.infer<typeof codeVerdictSchema>, "counterexample"> {
  counterexample: {
    scenario: Scenario;
    explanations: string[];
    reason: "unsafe" | "not-live" | "threw";
    summary: Summary;
  } | null;
}

type Program = Extract<Compiled, { ok: true }>;

const codeOf = (compiled: Program): CodeOptions => ({ program: compiled.program, lineOf: compiled.lineOf });

/** The errors the learner's code threw in a run, with their lines. */
function codeErrors(result: SimResult): CodeError[] {
  return result.events.flatMap((e) =>
    e.kind === "code-error" ? [{ client: e.proc, message: e.message, line: e.line }] : [],
  );
}

/** What the run with no added fault scores against the level's par. */
function parOf(level: CodeLevel, result: SimResult): number | null {
  // A client that does not get its jobs done has no score: doing nothing costs no requests.
  if (result.summary.jobsDone < level.goal.jobs) return null;
  if (level.par.kind === "finish-ms") {
    const done = result.events.filter((e) => e.kind === "job-done");
    return Math.round(done[done.length - 1]?.t ?? 0);
  }
  const nodes = new Set(serviceNodeIds(result.scenario.service));
  return result.events.filter((e) => e.kind === "send" && nodes.has(e.to) && !nodes.has(e.from)).length;
}

/** Checks the learner's client on every schedule of the level's world. Throws CodeBudgetError if the code spins. */
export function checkCode(
  level: CodeLevel,
  compiled: Program,
  options: Pick<ExhaustiveOptions, "onProgress" | "shouldStop"> = {},
): CodeVerdict {
  let unsafe = 0;
  let notLive = 0;
  const failing = (run: { summary: Summary }) => {
    const damaged = run.summary.verdict === "unsafe";
    const short = run.summary.jobsDone < level.goal.jobs;
    if (damaged) unsafe++;
    if (short) notLive++;
    return damaged || short;
  };
  const checked = exhaustiveCheck(level.scenario, level.world, failing, { ...options, code: codeOf(compiled) });
  const calm = simulate(level.scenario, { code: codeOf(compiled) });
  let counterexample: CodeVerdict["counterexample"] = null;
  let errors = codeErrors(calm);
  if (checked.shortest) {
    const replay = simulate(checked.shortest.scenario, { code: codeOf(compiled) });
    const thrown = codeErrors(replay);
    if (thrown.length > 0) errors = thrown;
    const reason = replay.summary.verdict === "unsafe" ? "unsafe" : thrown.length > 0 ? "threw" : "not-live";
    counterexample = {
      scenario: checked.shortest.scenario,
      explanations: checked.shortest.explanations,
      reason,
      summary: replay.summary,
    };
  }
  const yours = parOf(level, calm);
  const complete = checked.stoppedBy === "complete";
  return {
    level: level.slug,
    passed: complete && counterexample === null,
    safe: complete && unsafe === 0,
    live: complete && notLive === 0,
    schedules: { tried: checked.tried, failed: checked.failed, complete },
    counterexample,
    par: { ...level.par, yours, met: yours !== null && yours <= level.par.value },
    errors,
  };
}
