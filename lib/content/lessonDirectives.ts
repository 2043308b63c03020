/**
 * The live pieces a lesson may hold, written as remark-directive leaf directives on their own
 * lines, and the checks that make a bad one fail the build with its line and reason:
 *   ::sim{preset="…"}
 *   ::predict{preset="…" at="<ms>" question="…" options="A|B|…" answer="<0-based index>"}
 *     or the same as :::predict{…}, its reveal, and a closing ::: (lesson.ts)
 *     (figures from the preset's run in its question and options: [16 s]{pause of c1 end}, see predictFigures.ts)
 *   ::live{preset="…" field="<dotted path>" min max step unit label}
 *   ::ttl-calculator   ::decision-guide   ::comparison-table
 */
import type { Preset } from "../scenario/presets";
import { validateScenario, type Scenario } from "../sim/scenario";
import { scenarioPathGet, scenarioPathSet } from "../scenario/scenarioPath";
import type { LessonLive, LessonPredict, PresetRef } from "./lessonTypes";
import { predictBalanceProblem } from "./predictBalance";
import { predictFiguresResolve } from "./predictFigures";

const ATTRIBUTES = {
  sim: ["preset"],
  predict: ["preset", "at", "question", "options", "answer"],
  live: ["preset", "field", "min", "max", "step", "unit", "label"],
  "ttl-calculator": [],
  "decision-guide": [],
  "comparison-table": [],
} as const satisfies Record<string, readonly string[]>;

export type DirectiveName = keyof typeof ATTRIBUTES;

export const DIRECTIVE_NAMES = Object.keys(ATTRIBUTES) as DirectiveName[];

export function isDirectiveName(name: string): name is DirectiveName {
  return Object.hasOwn(ATTRIBUTES, name);
}

export type PresetLookup = (id: string) => Preset | undefined;

/** A directive's attributes, checked; problems are sentences without the line (the caller adds it). */
type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

type Attributes = Record<string, string | null | undefined>;

/**
 * The directive's attributes as strings, after checking that each is known and each required one
 * is present: a missing one is reported and read as empty, which every reader treats as absent.
 */
function attributesRead<N extends DirectiveName>(name: N, attributes: Attributes, problems: string[]): Record<(typeof ATTRIBUTES)[N][number], string> {
  const allowed: readonly string[] = ATTRIBUTES[name];
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (!allowed.includes(key)) {
      problems.push(`unknown attribute "${key}" on ::${name} (${allowed.length ? `allowed: ${allowed.join(", ")}` : "it takes none"})`);
    } else values[key] = value ?? "";
  }
  for (const key of allowed) {
    const value = values[key];
    if (value === undefined) problems.push(`::${name} needs a ${key}="…" attribute`);
    else if (value.trim() === "") problems.push(`::${name}'s ${key} attribute is empty`);
    values[key] = value ?? "";
  }
  return values;
}

function presetRead(name: DirectiveName, id: string | undefined, lookup: PresetLookup, problems: string[]): Preset | null {
  if (!id) return null;
  const preset = lookup(id);
  if (!preset) problems.push(`::${name} names an unknown preset "${id}": it must be the id of a preset in content/presets/`);
  return preset ?? null;
}

function numberRead(name: DirectiveName, key: string, raw: string | undefined, problems: string[], wholeOnly = false): number | null {
  if (raw === undefined || raw.trim() === "") return null;
  const value = Number(raw);
  if (!/^-?\d+(\.\d+)?$/.test(raw.trim()) || !Number.isFinite(value)) {
    problems.push(`::${name}'s ${key}="${raw}" is not a number`);
    return null;
  }
  if (wholeOnly && !Number.isInteger(value)) {
    problems.push(`::${name}'s ${key}="${raw}" must be a whole number`);
    return null;
  }
  return value;
}

const refOf = (preset: Preset): PresetRef => ({ id: preset.id, title: preset.title });

function durationOf(scenario: Scenario): number | null {
  const validation = validateScenario(scenario);
  return validation.ok ? validation.scenario.durationMs : null;
}

export function simCheck(attributes: Attributes, lookup: PresetLookup): Checked<PresetRef> {
  const problems: string[] = [];
  const values = attributesRead("sim", attributes, problems);
  const preset = presetRead("sim", values.preset, lookup, problems);
  return preset && problems.length === 0 ? { ok: true, value: refOf(preset) } : { ok: false, problems };
}

/** A prediction's attributes, checked, with its options also as written (their `{fact}` figures unresolved). */
export function predictCheck(attributes: Attributes, lookup: PresetLookup): Checked<Omit<LessonPredict, "kind" | "id" | "fingerprint" | "reveal"> & { written: string[] }> {
  const problems: string[] = [];
  const values = attributesRead("predict", attributes, problems);
  const preset = presetRead("predict", values.preset, lookup, problems);
  const at = numberRead("predict", "at", values.at, problems, true);
  const answer = numberRead("predict", "answer", values.answer, problems, true);
  const options = (values.options ?? "").split("|").map((option) => option.trim());
  if (values.options && options.length < 2) problems.push(`::predict needs at least two options, separated by "|"`);
  if (values.options && options.some((option) => option === "")) problems.push(`::predict has an empty option: check the "|" separators`);
  if (answer !== null && values.options && (answer < 0 || answer >= options.length)) {
    problems.push(`::predict's answer="${answer}" is out of range: with ${options.length} options it must be 0 to ${options.length - 1}`);
  }
  if (at !== null && at < 0) problems.push(`::predict's at="${at}" must be 0 or more milliseconds`);
  const duration = preset ? durationOf(preset.scenario) : null;
  if (at !== null && duration !== null && at > duration) problems.push(`::predict's at="${at}" is after the end of preset "${preset!.id}" (${duration} ms)`);
  if (!preset || at === null || answer === null || problems.length > 0) return { ok: false, problems };
  const question = predictFiguresResolve(values.question.trim(), preset.id, "::predict's question");
  const resolved = options.map((option, i) => predictFiguresResolve(option, preset.id, `::predict's option ${i + 1}`));
  problems.push(...question.problems, ...resolved.flatMap((option) => option.problems));
  if (problems.length > 0) return { ok: false, problems };
  const unbalanced = predictBalanceProblem(resolved.map((option) => option.text), answer);
  if (unbalanced) return { ok: false, problems: [unbalanced] };
  return { ok: true, value: { preset: refOf(preset), at, question: question.text, options: resolved.map((option) => option.text), answer, written: options } };
}

export function liveCheck(attributes: Attributes, lookup: PresetLookup): Checked<Omit<LessonLive, "kind" | "id">> {
  const problems: string[] = [];
  const values = attributesRead("live", attributes, problems);
  const preset = presetRead("live", values.preset, lookup, problems);
  const min = numberRead("live", "min", values.min, problems);
  const max = numberRead("live", "max", values.max, problems);
  const step = numberRead("live", "step", values.step, problems);
  if (min !== null && max !== null && min >= max) problems.push(`::live's min (${min}) must be less than its max (${max})`);
  if (step !== null && step <= 0) problems.push(`::live's step must be more than 0`);
  let initial: number | null = null;
  if (preset && values.field) {
    const value = scenarioPathGet(preset.scenario, values.field);
    if (typeof value !== "number") {
      problems.push(`::live's field="${values.field}" is not a number in preset "${preset.id}"'s scenario: name an existing path such as service.ttlMs or faults.0.forMs`);
    } else {
      initial = value;
      if (min !== null && max !== null && (value < min || value > max)) problems.push(`::live's range ${min}–${max} does not include the preset's own value ${value}`);
    }
  }
  if (!preset || initial === null || min === null || max === null || step === null || problems.length > 0) return { ok: false, problems };
  // Every value the control can take must make a scenario the simulator accepts; checking the ends
  // and one step catches wrong units and a fractional step on a whole-millisecond field.
  for (const value of [min, Math.min(max, min + step), max]) {
    const validation = validateScenario(scenarioPathSet(preset.scenario, values.field, value));
    if (!validation.ok) problems.push(`::live at ${values.field} = ${value} makes preset "${preset.id}" invalid: ${validation.errors[0]}`);
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { preset: refOf(preset), field: values.field, min, max, step, unit: values.unit.trim(), label: values.label.trim(), initial } };
}

/** The directives that take no attributes: any given is a mistake. */
export function bareCheck(name: "ttl-calculator" | "decision-guide" | "comparison-table", attributes: Attributes): string[] {
  const problems: string[] = [];
  attributesRead(name, attributes, problems);
  return problems;
}
