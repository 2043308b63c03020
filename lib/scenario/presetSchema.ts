/**
 * The shape of a preset file (content/presets/<topic>.json). The scenario itself is checked by the
 * engine's own validation (content:check and the presets' test run each one); here only its being
 * an object. `expect` maps a summary field to a value or a comparison, as in the shared acceptance cases.
 */
// A namespace import, unlike `import { z }`, lets esbuild leave zod's locales out of the workers' bundle (scripts/workers/build.mjs).
import * as z from "zod";

const OPS = [">=", "<=", ">", "<", "==", "!="] as const;
type Op = (typeof OPS)[number];

const comparison = z
  .partialRecord(z.enum(OPS), z.union([z.number(), z.string(), z.boolean()]))
  .refine((c) => Object.keys(c).length > 0, 'a comparison needs an operator, such as { ">=": 1 }');

export const expectationSchema = z.record(
  z.string(),
  z.union([z.number(), z.string(), z.boolean(), z.null(), comparison]),
);

export type Expectation = z.infer<typeof expectationSchema>;

export const presetSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "an id is lowercase words joined by hyphens"),
  title: z.string().min(6),
  description: z.string().min(11),
  lookFor: z.string().min(11),
  scenario: z.looseObject({ version: z.literal(1) }),
  expect: expectationSchema.refine((e) => "verdict" in e, "name the verdict the preset teaches"),
});

export const presetFileSchema = z.strictObject({
  title: z.string().min(3),
  presets: z.array(presetSchema).min(1),
});

export type PresetFile = z.infer<typeof presetFileSchema>;

const ops: Record<Op, (a: unknown, b: unknown) => boolean> = {
  ">=": (a, b) => (a as number) >= (b as number),
  "<=": (a, b) => (a as number) <= (b as number),
  ">": (a, b) => (a as number) > (b as number),
  "<": (a, b) => (a as number) < (b as number),
  "==": (a, b) => JSON.stringify(a) === JSON.stringify(b),
  "!=": (a, b) => JSON.stringify(a) !== JSON.stringify(b),
};

/** Where a summary misses an expectation: one line per miss, empty when it meets them all. */
export function expectationMisses(summary: Record<string, unknown>, expect: Expectation): string[] {
  const misses: string[] = [];
  for (const [field, want] of Object.entries(expect)) {
    const got = field
      .split(".")
      .reduce<unknown>((o, k) => (o == null ? undefined : (o as Record<string, unknown>)[k]), summary);
    const tests = want !== null && typeof want === "object" ? want : { "==": want };
    // The schema allows only these operators as keys.
    for (const [op, value] of Object.entries(tests) as [Op, unknown][]) {
      if (got === undefined || !ops[op](got, value))
        misses.push(`${field} = ${JSON.stringify(got)}, expected ${op} ${JSON.stringify(value)}`);
    }
  }
  return misses;
}
