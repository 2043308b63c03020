import { describe, expect, it } from "vitest";
import { simulate } from "@/lib/sim/simulate";
import { validateScenario } from "@/lib/sim/scenario";
import { presetById, presets } from "./presets";
import { expectationMisses, presetFileSchema } from "./presetSchema";

describe("the course's presets", () => {
  it("have unique ids, found by presetById", () => {
    const ids = presets.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(presetById(id)?.id).toBe(id);
    expect(presetById("no-such-preset")).toBeUndefined();
  });

  it("open the course with the GC pause, as the lab's picker lists them", () => {
    expect(presets[0]!.id).toBe("gc-pause");
  });

  it("are each a valid scenario that runs to its end without warnings", () => {
    for (const p of presets) {
      const v = validateScenario(p.scenario);
      expect(v.ok ? [] : v.errors, p.id).toEqual([]);
      expect(simulate(p.scenario).warnings, p.id).toEqual([]);
    }
  });

  it("each show the outcome it teaches", () => {
    const misses = presets.flatMap((p) =>
      expectationMisses(simulate(p.scenario).summary as unknown as Record<string, unknown>, p.expect).map(
        (m) => `${p.id}: ${m}`,
      ),
    );
    expect(misses).toEqual([]);
  });
});

describe("a preset file", () => {
  const file = (preset: Record<string, unknown>) => ({ title: "Pauses", presets: [preset] });
  const good = {
    id: "gc-pause",
    title: "A GC pause",
    description: "c1 pauses for 15 s.",
    lookFor: "c1 wakes and writes.",
    scenario: { version: 1 },
    expect: { verdict: "unsafe" },
  };

  it("must name the verdict its preset teaches", () => {
    const parsed = presetFileSchema.safeParse(file({ ...good, expect: { lostUpdates: 1 } }));
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message)).toEqual([
      "name the verdict the preset teaches",
    ]);
  });

  it("refuses a field it does not know, naming it", () => {
    const parsed = presetFileSchema.safeParse(file({ ...good, lookfor: "typo" }));
    expect(parsed.success ? "" : JSON.stringify(parsed.error.issues)).toContain("lookfor");
  });
});

describe("an expectation", () => {
  it("compares summary fields as the shared acceptance cases do", () => {
    const summary = { verdict: "unsafe", lostUpdates: 1, acquireLatencyMs: { p50: 3 } };
    expect(
      expectationMisses(summary, { verdict: "unsafe", lostUpdates: { ">=": 1 }, "acquireLatencyMs.p50": { "<": 5 } }),
    ).toEqual([]);
    expect(expectationMisses(summary, { verdict: "safe", lostUpdates: 0 })).toEqual([
      'verdict = "unsafe", expected == "safe"',
      "lostUpdates = 1, expected == 0",
    ]);
  });
});
