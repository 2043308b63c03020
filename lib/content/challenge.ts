/**
 * Parses and validates one challenge level, content/challenges/<slug>.yaml (issue 20): its fields,
 * its scenario (a preset, or a scenario written out), its goal in the vocabulary of
 * lib/challenges/goals.ts, and the rules of a break or a defend level. Every problem names the
 * line of the value at fault. Whether the reference solution really wins is checked by running it
 * (lib/challenges/verify.ts), in challengeLoad.ts.
 */
import { z } from "zod";
import { presetById } from "../scenario/presets";
import { validateScenario, type Scenario } from "../sim/scenario";
import { GOAL_WORDS } from "../challenges/goals";
import { BREAK_FAULT_KINDS, CONTROLS, type Level } from "../challenges/level";
import { ProblemList, type Parsed } from "./errors";
import { fileSlug, slugify } from "./slug";
import { yamlRead } from "./yamlRead";

type InputFault = NonNullable<Scenario["faults"]>[number];

/** A parsed level, with the line of any value in its file (for the checks that run it). */
export interface ParsedLevel {
  level: Level;
  lineAt: (path: readonly PropertyKey[]) => number;
}

const text = z.string().trim().min(1, "must not be empty");
const ms = z.number().int("must be a whole number of milliseconds").min(0, "must be ≥ 0");
const lengths = z.array(ms.min(1, "must be ≥ 1")).max(6, "at most 6 lengths: the world must stay small").default([]);
const atom = z.union([z.enum(GOAL_WORDS), z.strictObject({ "jobs-done": z.number().int().min(1, "must be ≥ 1") })], {
  error: `must be one of ${GOAL_WORDS.join(", ")}, or { jobs-done: N }`,
});
const goal = z.array(atom).min(1, "must name at least one predicate");

/** A fault world as level files write it (lib/challenges/faultWorld.ts). */
export const worldSchema = z.strictObject({
  maxFaults: z.number().int().min(0, "must be ≥ 0").max(3, "must be ≤ 3: a larger world cannot be checked in seconds"),
  pauseMs: lengths,
  jumpMs: lengths,
  delayMs: lengths,
  delayClients: z.array(z.string().regex(/^c\d+$/, "must be a client's id, such as c1")).min(1, "must name at least one client").optional(),
  maxTotalPauseMs: ms.optional(),
  maxSchedules: z.number().int().min(1).max(20_000, "must be ≤ 20000 (about 10 s in a browser)").default(3000),
  crashRestartMs: lengths.optional(),
});
const world = worldSchema;

const controlValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const levelSchema = z.strictObject({
  title: text,
  order: z.number().int("must be a whole number").min(1, "must be ≥ 1"),
  mode: z.enum(["break", "defend"], { error: 'must be "break" or "defend"' }),
  story: text,
  preset: z.string().optional(),
  dropPresetFaults: z.boolean().default(false),
  scenario: z.record(z.string(), z.unknown()).optional(),
  goal,
  hints: z.array(text).min(1, "give at least one hint"),
  break: z
    .strictObject({
      faultKinds: z.array(z.enum(BREAK_FAULT_KINDS, { error: `must be one of ${BREAK_FAULT_KINDS.join(", ")}` })).min(1),
      maxFaults: z.number().int().min(1, "must be ≥ 1").max(3, "must be ≤ 3"),
      maxTotalPauseMs: ms.optional(),
      par: z.strictObject({ faults: z.number().int().min(1, "must be ≥ 1"), pauseMs: ms.optional() }).optional(),
      solution: z.array(z.record(z.string(), z.unknown())).nullable(),
      world: world.optional(),
    })
    .optional(),
  defend: z
    .strictObject({
      controls: z.partialRecord(z.enum(CONTROLS, { error: `must be one of ${CONTROLS.join(", ")}` }), z.array(controlValue).min(2, "offer at least two values")),
      world,
      baseline: goal.default([]),
      par: z.strictObject({ changes: z.number().int().min(1, "must be ≥ 1") }),
      solution: z.partialRecord(z.enum(CONTROLS), controlValue),
    })
    .optional(),
});

/** Parses a level file; `file` is its path from the repository root. */
export function challengeParse(file: string, source: string): Parsed<ParsedLevel> {
  const problems = new ProblemList(file);
  const slug = fileSlug(file).replace(/\.yaml$/, "");
  if (slugify(slug) !== slug) problems.add(1, `the file name must be a lower-case slug such as "redis-one-pause.yaml", not "${slug}.yaml"`);
  const yaml = yamlRead(source, problems);
  if (!yaml) return { ok: false, problems: problems.problems };
  const parsed = levelSchema.safeParse(yaml.data ?? {});
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys") for (const key of issue.keys) problems.add(yaml.lineAt(issue.path), `unknown field "${[...issue.path, key].join(".")}"`);
      else problems.add(yaml.lineAt(issue.path), `${issue.path.join(".") || "level"}: ${issue.message}`);
    }
    return { ok: false, problems: [...problems.problems].sort((a, b) => a.line - b.line) };
  }
  const d = parsed.data;
  const at = yaml.lineAt;

  let scenario: Scenario | null = null;
  if ((d.preset === undefined) === (d.scenario === undefined)) problems.add(1, 'give exactly one of "preset" (a preset id) or "scenario" (a scenario written out)');
  else if (d.preset !== undefined) {
    const preset = presetById(d.preset);
    if (!preset) problems.add(at(["preset"]), `preset: unknown preset "${d.preset}"`);
    else scenario = d.dropPresetFaults ? { ...preset.scenario, faults: [] } : preset.scenario;
  } else {
    const v = validateScenario(d.scenario);
    if (!v.ok) for (const error of v.errors) problems.add(at(["scenario", ...(error.split(":")[0] ?? "").split(".")]), `scenario.${error}`);
    else scenario = d.scenario as unknown as Scenario;
  }

  if (d.mode === "break" && !d.break) problems.add(at(["mode"]), 'a break level needs a "break" section (faultKinds, maxFaults, par, solution)');
  if (d.mode === "defend" && !d.defend) problems.add(at(["mode"]), 'a defend level needs a "defend" section (controls, world, par, solution)');
  if (d.mode === "break" && d.defend) problems.add(at(["defend"]), 'a break level has no "defend" section');
  if (d.mode === "defend" && d.break) problems.add(at(["break"]), 'a defend level has no "break" section');

  if (d.break && scenario) {
    const b = d.break;
    if (b.solution !== null && !b.par) problems.add(at(["break"]), 'a level with a solution needs a "par" (the solution\'s score)');
    if (b.solution === null && b.par) problems.add(at(["break", "par"]), "a level with no solution has no par");
    if (b.par && b.par.faults > b.maxFaults) problems.add(at(["break", "par", "faults"]), `par (${b.par.faults}) must be within maxFaults (${b.maxFaults})`);
    if (b.solution === null && !b.world) problems.add(at(["break", "solution"]), "a level with no solution needs a world, for the finder to confirm that no schedule wins");
    if (b.world && b.world.maxFaults !== b.maxFaults) problems.add(at(["break", "world", "maxFaults"]), `must equal break.maxFaults (${b.maxFaults})`);
  }
  if (d.defend) {
    const def = d.defend;
    for (const [control, value] of Object.entries(def.solution)) {
      const values = def.controls[control as keyof typeof def.controls];
      if (!values) problems.add(at(["defend", "solution", control]), `"${control}" is not an open control of this level`);
      else if (!values.includes(value)) problems.add(at(["defend", "solution", control]), `${JSON.stringify(value)} is not one of the values offered for ${control}`);
    }
  }

  const level = (): Level => {
    const base = { slug, order: d.order, title: d.title, story: d.story, scenario: scenario!, goal: d.goal, hints: d.hints };
    if (d.mode === "break") {
      const b = d.break!;
      return {
        ...base,
        mode: "break" as const,
        rules: {
          faultKinds: b.faultKinds,
          maxFaults: b.maxFaults,
          ...(b.maxTotalPauseMs !== undefined ? { maxTotalPauseMs: b.maxTotalPauseMs } : {}),
          par: b.par ?? null,
          solution: b.solution as InputFault[] | null,
          world: b.world ?? null,
        },
      };
    }
    const def = d.defend!;
    return { ...base, mode: "defend" as const, rules: { controls: def.controls, world: def.world, baseline: def.baseline, par: def.par, solution: def.solution } };
  };
  return problems.result(() => ({ level: level(), lineAt: at }));
}
