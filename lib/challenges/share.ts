/**
 * A level and a solution in the URL, so either can be shared:
 *   /challenges/<slug>/                       a level, on its own page (drawn at build time)
 *   /challenges/<slug>/?solution=<code>       with a solution: a break level's faults, a defend level's design
 *   /challenges/?arcade=<seed>[&solution=…]   an arcade level
 *   /challenges/?level=<slug>[&solution=…]    a level as links made before levels had pages: the
 *                                             challenges page sends it on to the level's page
 * `solution` is base64url of JSON. Decoding never throws: whatever is wrong comes back as problems,
 * each a sentence naming it, and the page then opens the level list (or the level) with them as a notice.
 */
import { z } from "zod";
import { base64urlDecode, base64urlEncode, MAX_CODE_LENGTH } from "@/lib/scenario/url";
import { validateScenario, type Scenario } from "@/lib/sim/scenario";
import { ARCADE_MAX_SEED } from "./arcadeSeed";
import { CONTROLS, type Design, type Level } from "./level";

type InputFault = NonNullable<Scenario["faults"]>[number];

export type Solution = { faults: InputFault[] } | { design: Design };

export type ChallengeLocation =
  | { kind: "list"; problems: string[] }
  | { kind: "level"; slug: string; solution: Solution | null }
  | { kind: "arcade"; seed: number; solution: Solution | null };

const solutionSchema = z.union([
  z.strictObject({ faults: z.array(z.record(z.string(), z.unknown())).max(10) }),
  z.strictObject({
    design: z.partialRecord(z.enum(CONTROLS), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  }),
]);

export function solutionEncode(solution: Solution): string {
  return base64urlEncode(JSON.stringify(solution));
}

/** The query string that opens the target, on its own page (a level's, or the challenges page for the arcade), with a solution. */
export function challengeSearch(
  target: { level: string } | { arcade: number },
  solution: Solution | null = null,
): string {
  const params = new URLSearchParams("level" in target ? {} : { arcade: String(target.arcade) });
  if (solution) params.set("solution", solutionEncode(solution));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The solution a code holds, or what is wrong with it. */
export function solutionDecode(code: string): { ok: true; solution: Solution } | { ok: false; problem: string } {
  if (code.length > MAX_CODE_LENGTH)
    return {
      ok: false,
      problem: `The link's solution is ${code.length} characters long; the limit is ${MAX_CODE_LENGTH}.`,
    };
  const text = base64urlDecode(code);
  if (text === null) return { ok: false, problem: "The link's solution is damaged: it is not base64url text." };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: "The link's solution is damaged: it is not JSON." };
  }
  const parsed = solutionSchema.safeParse(data);
  if (!parsed.success)
    return {
      ok: false,
      problem: 'The link\'s solution is neither a list of faults nor a design ("faults" or "design").',
    };
  return { ok: true, solution: parsed.data as Solution };
}

/** Whether a solution fits a level: faults the scenario accepts for a break level, offered values for a defend level. */
export function solutionFits(level: Level, solution: Solution): string | null {
  if (level.mode === "break") {
    if (!("faults" in solution)) return `The link's solution is a design, but “${level.title}” is a level to break.`;
    const v = validateScenario({ ...level.scenario, faults: [...(level.scenario.faults ?? []), ...solution.faults] });
    return v.ok ? null : `The link's faults do not fit “${level.title}”: ${v.errors.join("; ")}.`;
  }
  if (!("design" in solution))
    return `The link's solution is a list of faults, but “${level.title}” is a level to defend.`;
  for (const [control, value] of Object.entries(solution.design)) {
    const offered = level.rules.controls[control as keyof typeof level.rules.controls];
    if (!offered) return `The link's design sets ${control}, which “${level.title}” does not let you choose.`;
    if (!offered.includes(value))
      return `The link's design sets ${control} to ${JSON.stringify(value)}, which is not one of the choices (${offered.map((o) => JSON.stringify(o)).join(", ")}).`;
  }
  return null;
}

/** Reads the page's search string against the shipped levels. */
export function challengeDecode(search: string, levels: readonly Pick<Level, "slug">[]): ChallengeLocation {
  const params = new URLSearchParams(search);
  const code = params.get("solution");
  const decoded = code === null ? null : solutionDecode(code);
  if (decoded && !decoded.ok) return { kind: "list", problems: [decoded.problem] };
  const solution = decoded?.ok ? decoded.solution : null;
  const arcade = params.get("arcade");
  const slug = params.get("level");
  if (arcade !== null && slug !== null)
    return { kind: "list", problems: ["The link names both a level and an arcade seed; open one at a time."] };
  if (arcade !== null) {
    const seed = Number(arcade);
    if (!/^\d+$/.test(arcade) || seed > ARCADE_MAX_SEED)
      return {
        kind: "list",
        problems: [`The arcade seed “${arcade}” is not a whole number from 0 to ${ARCADE_MAX_SEED}.`],
      };
    return { kind: "arcade", seed, solution };
  }
  if (slug !== null) {
    if (!levels.some((l) => l.slug === slug)) return { kind: "list", problems: [`There is no level “${slug}”.`] };
    return { kind: "level", slug, solution };
  }
  return { kind: "list", problems: code === null ? [] : ["The link has a solution but no level."] };
}
